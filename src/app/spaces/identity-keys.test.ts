// A member identity made with WebCrypto is what node:crypto (the server's proofs) reads: P-256 SPKI keys and
// IEEE P1363 signatures.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityStatement } from '../../shared/spaces/statements.js';
import {
  keyFingerprint,
  newIdentity,
  openIdentity,
  signStatement,
  verifyStatement,
} from './identity-keys.js';

describe('a member identity', () => {
  it('signs a statement node:crypto verifies as P1363, and refuses an altered one', async () => {
    const { identity } = await newIdentity();
    const statement = identityStatement('u-1', identity.key);
    const signature = await signStatement(identity, statement);
    const key = crypto.createPublicKey({
      key: Buffer.from(identity.key.sign, 'base64url'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    const sig = Buffer.from(signature, 'base64url');
    expect(sig.length).toBe(64);
    expect(crypto.verify('sha256', statement, { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true);
    expect(await verifyStatement(identity.key.sign, statement, signature)).toBe(true);
    expect(await verifyStatement(identity.key.sign, identityStatement('u-2', identity.key), signature)).toBe(
      false,
    );
  });

  it('verifies a signature node:crypto made', async () => {
    const pair = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const spki = pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
    const statement = new TextEncoder().encode('["mygenie/space-log/v1"]');
    const sig = crypto.sign('sha256', statement, { key: pair.privateKey, dsaEncoding: 'ieee-p1363' });
    expect(await verifyStatement(spki, statement, sig.toString('base64url'))).toBe(true);
    expect(await verifyStatement(spki, statement, 'not-a-signature')).toBe(false);
  });

  it('opens its sealed secret only with the public keys it goes with', async () => {
    const { secret, identity } = await newIdentity(3);
    expect((await openIdentity(secret))?.key).toEqual(identity.key);
    expect(identity.key.version).toBe(3);
    const other = await newIdentity();
    expect(await openIdentity({ ...secret, boxSpki: other.secret.boxSpki })).toBeNull();
    expect(await openIdentity({ ...secret, signSpki: other.secret.signSpki })).toBeNull();
  });

  it('has a fingerprint that is the SHA-256 of its public keys and changes with either', async () => {
    const a = (await newIdentity()).identity.key;
    const b = (await newIdentity()).identity.key;
    const fingerprint = await keyFingerprint(a);
    expect(fingerprint).toBe(
      crypto
        .createHash('sha256')
        .update(JSON.stringify(['mygenie/space-member-key/v1', 'p256', a.sign, a.box]))
        .digest('hex'),
    );
    expect(await keyFingerprint({ ...a, box: b.box })).not.toBe(fingerprint);
    expect(await keyFingerprint({ ...a, sign: b.sign })).not.toBe(fingerprint);
  });
});
