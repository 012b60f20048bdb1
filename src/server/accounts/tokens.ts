import crypto from 'node:crypto';

/** An unguessable token for a cookie or an e-mail link (256 bits, URL-safe). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A one-time code of `digits` decimal digits, uniformly drawn (a sign-in confirmed by mail). */
export function randomCode(digits: number): string {
  return crypto
    .randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

/** Whether two hex digests are equal, in time that does not depend on where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
