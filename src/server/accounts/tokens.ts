import crypto from 'node:crypto';

/** An unguessable token for a cookie or an e-mail link (256 bits, URL-safe). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
