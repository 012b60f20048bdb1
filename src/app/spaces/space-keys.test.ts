// Epoch keys wrapped with WebCrypto open with node:crypto's ECDH, HKDF and AES-GCM (the construction in
// space-keys.ts, step by step), and a wrap the log's commitment does not vouch for is refused.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newIdentity, type MemberIdentity } from './identity-keys.js';
import { newEpoch, openSpaceKey, spaceCommitment, wrapSpaceKey, type SpaceKeyWrap } from './space-keys.js';

const SPACE = 'space-1';

async function member(uid: string) {
  const { secret, identity } = await newIdentity();
  return { uid, identity, secret };
}

describe('space keys', () => {
  it('makes a 32-byte key and a 32-hex series per epoch, and a commitment node:crypto recomputes', async () => {
    const { key, series } = newEpoch();
    expect(key.length).toBe(32);
    expect(series).toMatch(/^[0-9a-f]{32}$/);
    const macKey = Buffer.from(
      crypto.hkdfSync('sha256', key, Buffer.alloc(0), 'mygenie/space-commit/v1', 32),
    );
    const expected = crypto
      .createHmac('sha256', macKey)
      .update(JSON.stringify([SPACE, 4, series]))
      .digest('base64url');
    expect(await spaceCommitment(key, SPACE, 4, series)).toBe(expected);
    expect(await spaceCommitment(key, SPACE, 5, series)).not.toBe(expected);
  });

  it('wraps a key that node:crypto unwraps with ECDH, HKDF-SHA256 and AES-256-GCM', async () => {
    const owner = await member('u-owner');
    const mum = await member('u-mum');
    const { key } = newEpoch();
    const wrap = await wrapSpaceKey(
      owner,
      { spaceId: SPACE, epoch: 2, uid: mum.uid, key: mum.identity.key },
      key,
    );

    const eph = Buffer.from(wrap.eph, 'base64url');
    const boxSpki = Buffer.from(mum.identity.key.box, 'base64url');
    const shared = crypto.diffieHellman({
      privateKey: crypto.createPrivateKey({
        key: Buffer.from(mum.secret.boxPkcs8, 'base64url'),
        format: 'der',
        type: 'pkcs8',
      }),
      publicKey: crypto.createPublicKey({ key: eph, format: 'der', type: 'spki' }),
    });
    const salt = Buffer.concat([eph, crypto.createHash('sha256').update(boxSpki).digest()]);
    const aesKey = Buffer.from(crypto.hkdfSync('sha256', shared, salt, 'mygenie/space-key/v1', 32));
    const sealed = Buffer.from(wrap.sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', aesKey, Buffer.from(wrap.iv, 'base64url'));
    decipher.setAAD(Buffer.from(JSON.stringify(['mygenie/space-key/v1', SPACE, 2, mum.uid, 1])));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const opened = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
    expect(opened.equals(Buffer.from(key))).toBe(true);
  });

  async function wrapped() {
    const owner = await member('u-owner');
    const mum = await member('u-mum');
    const { key, series } = newEpoch();
    const commit = await spaceCommitment(key, SPACE, 2, series);
    const wrap = await wrapSpaceKey(
      owner,
      { spaceId: SPACE, epoch: 2, uid: mum.uid, key: mum.identity.key },
      key,
    );
    const epoch = {
      spaceId: SPACE,
      epoch: 2,
      uid: mum.uid,
      series,
      commit,
      wrapperSignKey: owner.identity.key.sign,
    };
    return { owner, mum, key, series, commit, wrap, epoch };
  }

  it('opens a wrap signed by the wrapper whose key gives the log’s commitment', async () => {
    const { mum, key, wrap, epoch } = await wrapped();
    expect(await openSpaceKey(mum, wrap, epoch)).toEqual({ ok: true, key });
  });

  it('refuses a wrap of a key the commitment does not vouch for (the server’s own key, well signed)', async () => {
    const { owner, mum, epoch } = await wrapped();
    const forged = await wrapSpaceKey(
      owner,
      { spaceId: SPACE, epoch: 2, uid: mum.uid, key: mum.identity.key },
      newEpoch().key,
    );
    expect(await openSpaceKey(mum, forged, epoch)).toEqual({ ok: false, reason: 'commitment' });
  });

  it('refuses a wrap signed by someone else, altered, or made for another member or epoch', async () => {
    const { mum, wrap, epoch } = await wrapped();
    const server = await member('u-owner');
    const bySomeoneElse = await wrapSpaceKey(
      server,
      { spaceId: SPACE, epoch: 2, uid: mum.uid, key: mum.identity.key },
      newEpoch().key,
    );
    expect(await openSpaceKey(mum, bySomeoneElse, epoch)).toEqual({ ok: false, reason: 'unsigned' });
    const flipped: SpaceKeyWrap = {
      ...wrap,
      sealed: wrap.sealed.slice(0, -2) + (wrap.sealed.endsWith('AA') ? 'AB' : 'AA'),
    };
    expect(await openSpaceKey(mum, flipped, epoch)).toEqual({ ok: false, reason: 'unsigned' });
    expect(await openSpaceKey(mum, wrap, { ...epoch, epoch: 3 })).toEqual({ ok: false, reason: 'unsigned' });
    const kid: { uid: string; identity: MemberIdentity } = await member('u-kid');
    expect(await openSpaceKey(kid, wrap, { ...epoch, uid: kid.uid })).toEqual({
      ok: false,
      reason: 'unsigned',
    });
  });
});
