// A member's identity in shared spaces (docs/spaces-plan.md §2): an ECDSA P-256 pair that signs log entries, wraps
// and changes, and an ECDH P-256 pair that space keys are wrapped to. WebCrypto only, so the same code runs in the
// app and in Node tests; public keys travel as SPKI DER in base64url, signatures as IEEE P1363 (r ‖ s) in base64url.
import { base64UrlToBytes, bytesToBase64Url } from '../../shared/base64.js';
import { keyFingerprint, type MemberKey } from '../../shared/spaces/statements.js';

export { keyFingerprint };

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** What is sealed with the member's vault and kept on the server (plan §2, `member_keys.sealed_keys`). */
export interface IdentitySecret {
  alg: 'p256';
  version: number;
  signPkcs8: string;
  boxPkcs8: string;
  signSpki: string;
  boxSpki: string;
}

/** An opened identity: private keys that cannot be exported again, and the public keys peers know it by. */
export interface MemberIdentity {
  key: MemberKey;
  sign: CryptoKey;
  box: CryptoKey;
}

const exported = async (format: 'pkcs8' | 'spki', key: CryptoKey) =>
  bytesToBase64Url(new Uint8Array(await crypto.subtle.exportKey(format, key)));

/** A new identity (version 1, or one more than the identity it replaces). */
export async function newIdentity(
  version = 1,
): Promise<{ secret: IdentitySecret; identity: MemberIdentity }> {
  const sign = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const box = await crypto.subtle.generateKey(ECDH, true, ['deriveBits']);
  const secret: IdentitySecret = {
    alg: 'p256',
    version,
    signPkcs8: await exported('pkcs8', sign.privateKey),
    boxPkcs8: await exported('pkcs8', box.privateKey),
    signSpki: await exported('spki', sign.publicKey),
    boxSpki: await exported('spki', box.publicKey),
  };
  const identity = await openIdentity(secret);
  if (!identity) throw new Error('a new identity does not open');
  return { secret, identity };
}

/** The public key a private key goes with, as JWK coordinates. */
async function publicPoint(pkcs8: string, algorithm: typeof ECDSA | typeof ECDH, usages: KeyUsage[]) {
  const jwk = await crypto.subtle.exportKey(
    'jwk',
    await crypto.subtle.importKey('pkcs8', base64UrlToBytes(pkcs8), algorithm, true, usages),
  );
  return `${jwk.x}.${jwk.y}`;
}

async function spkiPoint(spki: string, algorithm: typeof ECDSA | typeof ECDH, usages: KeyUsage[]) {
  const jwk = await crypto.subtle.exportKey(
    'jwk',
    await crypto.subtle.importKey('spki', base64UrlToBytes(spki), algorithm, true, usages),
  );
  return `${jwk.x}.${jwk.y}`;
}

/**
 * Opens a sealed identity, or null when its private keys do not go with the public keys it names (a server that
 * kept someone's sealed keys beside another's public ones, say).
 */
export async function openIdentity(secret: IdentitySecret): Promise<MemberIdentity | null> {
  try {
    const matches =
      secret.alg === 'p256' &&
      (await publicPoint(secret.signPkcs8, ECDSA, ['sign'])) ===
        (await spkiPoint(secret.signSpki, ECDSA, ['verify'])) &&
      (await publicPoint(secret.boxPkcs8, ECDH, ['deriveBits'])) ===
        (await spkiPoint(secret.boxSpki, ECDH, []));
    if (!matches) return null;
    return {
      key: { alg: 'p256', version: secret.version, sign: secret.signSpki, box: secret.boxSpki },
      sign: await crypto.subtle.importKey('pkcs8', base64UrlToBytes(secret.signPkcs8), ECDSA, false, [
        'sign',
      ]),
      box: await crypto.subtle.importKey('pkcs8', base64UrlToBytes(secret.boxPkcs8), ECDH, false, [
        'deriveBits',
      ]),
    };
  } catch {
    return null;
  }
}

/** The identity's signature of a statement's bytes (base64url, P1363). */
export async function signStatement(
  identity: MemberIdentity,
  statement: Uint8Array<ArrayBuffer>,
): Promise<string> {
  return bytesToBase64Url(new Uint8Array(await crypto.subtle.sign(SIGNATURE, identity.sign, statement)));
}

/** Whether `signature` is the sign key's (SPKI, base64url) signature of `statement`: the log's VerifyStatement. */
export async function verifyStatement(
  spki: string,
  statement: Uint8Array<ArrayBuffer>,
  signature: string,
): Promise<boolean> {
  try {
    const bytes = base64UrlToBytes(signature);
    if (bytes.length !== 64) return false;
    const key = await crypto.subtle.importKey('spki', base64UrlToBytes(spki), ECDSA, false, ['verify']);
    return await crypto.subtle.verify(SIGNATURE, key, bytes, statement);
  } catch {
    return false;
  }
}
