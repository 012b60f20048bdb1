// A push service endpoint for tests, speaking the real Web Push protocol: an HTTPS server (test certificate in
// fixtures/) that checks each message's VAPID JWT (RFC 8292: ES256 signature with the key in the header,
// audience, expiry, subject) and decrypts its aes128gcm body (RFC 8188 / RFC 8291) with the subscriber's keys,
// which it makes like a browser would. It can answer 410 Gone, as a push service does for a dead registration.
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const TEST_CA = fs.readFileSync(path.join(FIXTURES, 'test-endpoint.crt'), 'utf8');

export interface ReceivedPush {
  claims: { aud: string; exp: number; sub: string };
  payload: string;
}

export interface PushEndpoint {
  /** The subscription a browser would hand to the site (PushSubscription.toJSON()). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Refused messages and why (a bad JWT or a body that does not decrypt). */
  refused: string[];
  gone: boolean;
  next(timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, with the sender's key in the header. */
export function decryptAes128gcm(body: Buffer, userAgent: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = userAgent.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgent.getPublicKey(), senderKey]);
  const ikm = hkdf(authSecret, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('no record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; answers the claims or throws why not. */
export function verifyVapid(header: string, audience: string): ReceivedPush['claims'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a vapid header: ${header}`);
  const [head, body, signature] = match[1]!.split('.');
  const point = Buffer.from(match[2]!, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('bad vapid key');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  if (!valid) throw new Error('vapid signature does not verify');
  const jose = JSON.parse(Buffer.from(head!, 'base64url').toString('utf8')) as { alg?: string };
  if (jose.alg !== 'ES256') throw new Error('vapid alg is not ES256');
  const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) throw new Error(`vapid aud ${claims.aud} is not ${audience}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('vapid exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('vapid sub is not mailto: or https:');
  return claims;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const userAgent = crypto.createECDH('prime256v1');
  userAgent.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const waiters: Array<(push: ReceivedPush) => void> = [];
  const server = https.createServer(
    {
      key: fs.readFileSync(path.join(FIXTURES, 'test-endpoint.key')),
      cert: TEST_CA,
    },
    (request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (!request.headers.ttl) throw new Error('no TTL');
          const claims = verifyVapid(String(request.headers.authorization ?? ''), endpoint.origin);
          const payload = decryptAes128gcm(Buffer.concat(parts), userAgent, authSecret);
          if (endpointState.gone) {
            response.writeHead(410).end();
            return;
          }
          const push = { claims, payload };
          endpointState.received.push(push);
          waiters.splice(0).forEach((resolve) => resolve(push));
          response.writeHead(201).end();
        } catch (error) {
          endpointState.refused.push((error as Error).message);
          response.writeHead(400).end();
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = new URL(
    `https://127.0.0.1:${(server.address() as AddressInfo).port}/push/${b64(crypto.randomBytes(12))}`,
  );
  const endpointState: PushEndpoint = {
    subscription: {
      endpoint: endpoint.toString(),
      expirationTime: null,
      keys: { p256dh: b64(userAgent.getPublicKey()), auth: b64(authSecret) },
    },
    received: [],
    refused: [],
    gone: false,
    next: (timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push arrived')), timeoutMs);
        waiters.push((push) => {
          clearTimeout(timer);
          resolve(push);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return endpointState;
}
