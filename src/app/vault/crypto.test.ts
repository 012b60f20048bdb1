import { createCipheriv, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  calibrateIterations,
  PASSKEY_UNLOCK_INFO,
  unwrapWithPasskey,
  wrapForPasskey,
  KDF_WINDOW_MS,
  MAX_ITERATIONS,
  MIN_ITERATIONS,
  openChunk,
  sealChunk,
  TARGET_KDF_MS,
  timePbkdf2,
  VaultCipher,
  type SealedRecord,
} from './crypto.js';

const password = 'correct horse battery staple';

async function newVault() {
  const cipher = new VaultCipher();
  const header = await cipher.create(password, MIN_ITERATIONS);
  return { cipher, header };
}

describe('the vault cipher', () => {
  it('opens what it sealed, and a fresh unlock with the password opens it too', async () => {
    const { cipher, header } = await newVault();
    const memo = { date: '2026-11-22', title: '일기', body: '오늘은 맑음 ☀️' };
    const sealed = await cipher.seal('memo', 'm1', memo);
    expect(new TextDecoder().decode(sealed.sealed)).not.toContain('맑음');
    expect(sealed.sealed.length).toBeGreaterThan(16 + 12 + 16);

    const again = new VaultCipher();
    expect(await again.unlock(header, password)).toEqual({ ok: true });
    expect(await again.open(sealed)).toEqual({ ok: true, value: memo });
  });

  it('gives every record its own salt and IV, so equal values never look equal', async () => {
    const { cipher } = await newVault();
    const first = await cipher.seal('memo', 'a', { body: 'same' });
    const second = await cipher.seal('memo', 'a', { body: 'same' });
    expect(first.sealed.subarray(0, 16)).not.toEqual(second.sealed.subarray(0, 16));
    expect(first.sealed.subarray(16, 28)).not.toEqual(second.sealed.subarray(16, 28));
    expect(first.sealed.subarray(28)).not.toEqual(second.sealed.subarray(28));
  });

  it('refuses a wrong password and stays locked', async () => {
    const { header } = await newVault();
    const cipher = new VaultCipher();
    expect(await cipher.unlock(header, 'correct horse battery stapler')).toEqual({
      ok: false,
      reason: 'wrong-password',
    });
    expect(cipher.unlocked).toBe(false);
    await expect(cipher.seal('memo', 'x', {})).rejects.toThrow('vault is locked');
  });

  it('reports a damaged header instead of failing obscurely', async () => {
    const { header } = await newVault();
    const cipher = new VaultCipher();
    expect(await cipher.unlock({ ...header, iterations: 1000 }, password)).toEqual({
      ok: false,
      reason: 'damaged-header',
    });
  });

  it('detects a tampered record: one flipped bit in the salt, the IV, the ciphertext or the tag', async () => {
    const { cipher } = await newVault();
    const sealed = await cipher.seal('personal', 'p1', { kind: 'bank', number: '110-123-456789' });
    const flip = (bytes: Uint8Array<ArrayBuffer>, at: number) => {
      const copy = new Uint8Array(bytes);
      copy[at] = copy[at]! ^ 1;
      return copy;
    };
    for (const damaged of [
      { ...sealed, sealed: flip(sealed.sealed, 5) },
      { ...sealed, sealed: flip(sealed.sealed, 20) },
      { ...sealed, sealed: flip(sealed.sealed, 40) },
      { ...sealed, sealed: flip(sealed.sealed, sealed.sealed.length - 1) },
      { ...sealed, sealed: sealed.sealed.slice(0, -1) },
      { ...sealed, sealed: sealed.sealed.slice(0, 20) },
    ]) {
      expect(await cipher.open(damaged)).toEqual({ ok: false, reason: 'tampered' });
    }
  });

  it('detects a record moved to another id or kind (the additional data binds both)', async () => {
    const { cipher } = await newVault();
    const a = await cipher.seal('ledger', 'a', { amount: 1000 });
    const b = await cipher.seal('ledger', 'b', { amount: 9_999_999 });
    const swapped: SealedRecord = { ...b, id: 'a' };
    expect(await cipher.open(swapped)).toEqual({ ok: false, reason: 'tampered' });
    expect(await cipher.open({ ...a, kind: 'memo' })).toEqual({ ok: false, reason: 'tampered' });
    expect(await cipher.open(a)).toEqual({ ok: true, value: { amount: 1000 } });
  });

  it('does not open records of another vault', async () => {
    const { cipher } = await newVault();
    const other = await newVault();
    const sealed = await other.cipher.seal('memo', 'm', { body: 'theirs' });
    expect(await cipher.open(sealed)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('changes the master password by re-wrapping the key: old records open, the old password no longer does', async () => {
    const { cipher, header } = await newVault();
    const sealed = await cipher.seal('event', 'e1', { title: '엄마 생신', lunar: true });
    expect(await cipher.changePassword(header, 'not the password', 'new password 2026!')).toBeNull();
    const next = await cipher.changePassword(header, password, 'new password 2026!');
    expect(next).not.toBeNull();
    expect(next!.iterations).toBe(header.iterations);

    const reopened = new VaultCipher();
    expect(await reopened.unlock(next!, password)).toEqual({ ok: false, reason: 'wrong-password' });
    expect(await reopened.unlock(next!, 'new password 2026!')).toEqual({ ok: true });
    expect(await reopened.open(sealed)).toEqual({ ok: true, value: { title: '엄마 생신', lunar: true } });
  });

  it('opens many records at once and reports each damaged one in its place', async () => {
    const { cipher } = await newVault();
    const records = await Promise.all(
      Array.from({ length: 50 }, (_, i) => cipher.seal('memo', `m${i}`, { n: i })),
    );
    records[7] = { ...records[7]!, id: 'm8' };
    const opened = await cipher.openMany(records);
    expect(opened.filter((result) => !result.ok)).toHaveLength(1);
    expect(opened[7]).toEqual({ ok: false, reason: 'tampered' });
    expect(opened[49]).toEqual({ ok: true, value: { n: 49 } });
  });
});

describe('document chunks', () => {
  it('round-trip, and a chunk out of place or from a shorter file is refused', async () => {
    const { cipher } = await newVault();
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await cipher.documentKey(salt);
    const bytes = crypto.getRandomValues(new Uint8Array(4096));
    const first = await sealChunk(key, 'doc', 0, 2, bytes.slice(0, 2048));
    const second = await sealChunk(key, 'doc', 1, 2, bytes.slice(2048));
    expect(await openChunk(key, 'doc', 0, 2, first)).toEqual(bytes.slice(0, 2048));
    expect(await openChunk(key, 'doc', 1, 2, second)).toEqual(bytes.slice(2048));
    expect(await openChunk(key, 'doc', 0, 2, second)).toBeNull();
    expect(await openChunk(key, 'doc', 0, 1, first)).toBeNull();
    expect(await openChunk(key, 'other', 0, 2, first)).toBeNull();
  });
});

describe('calibration', () => {
  const deviceOf = (msPerRound: number) => async (iterations: number) => iterations * msPerRound;

  it('aims at about 300 ms on the device, inside 250–400 ms', async () => {
    for (const msPerRound of [0.00005, 0.0001, 0.0003]) {
      const iterations = await calibrateIterations(deviceOf(msPerRound));
      const ms = iterations * msPerRound;
      expect(ms).toBeGreaterThanOrEqual(KDF_WINDOW_MS.min);
      expect(ms).toBeLessThanOrEqual(KDF_WINDOW_MS.max);
      expect(Math.abs(ms - TARGET_KDF_MS)).toBeLessThan(10);
    }
  });

  it('never goes below 600,000 iterations, even on a slow device', async () => {
    expect(await calibrateIterations(deviceOf(0.002))).toBe(MIN_ITERATIONS);
  });

  it('stays bounded when the clock does not move', async () => {
    expect(await calibrateIterations(async () => 0)).toBe(MAX_ITERATIONS);
  });

  it('measures this machine and keeps the count in the header', async () => {
    const iterations = await calibrateIterations();
    expect(iterations).toBeGreaterThanOrEqual(MIN_ITERATIONS);
    expect(iterations % 10_000).toBe(0);
    const cipher = new VaultCipher();
    const header = await cipher.create(password, iterations);
    expect(header.iterations).toBe(iterations);
    const ms = await timePbkdf2(iterations);
    expect(ms).toBeGreaterThan(100);
  });
});

describe('the data key wrapped for a passkey', () => {
  const bytes = (length: number, at: (index: number) => number) =>
    Uint8Array.from({ length }, (_, index) => at(index)) as Uint8Array<ArrayBuffer>;
  const prfOutput = bytes(32, (index) => index);
  const prfSalt = bytes(32, (index) => 255 - index);
  const raw = bytes(32, (index) => (index * 7) & 255);
  const wrapIv = bytes(12, (index) => index + 100);
  const headerSalt = bytes(16, () => 0xab);
  const hex = (value: Uint8Array) => Buffer.from(value).toString('hex');
  // HKDF-SHA256(PRF output, salt: the PRF input, info: the label) → AES-256-GCM of the data key, its additional
  // data the label, the credential and the header's salt (docs/security.md).
  const KNOWN_KEY = 'c84b4a68fbc7c2400cd1c8c3c49a866a37c186bb59770e2af0d89d5d00b132f6';
  const KNOWN_WRAP =
    '0ae4fc1de74230b9bc71927dfed941921ca5a1187918a31d502419519db239a7fd0fafeed3908ff4309d07a60e19c494';

  it('matches the known answer, and Node’s own HKDF and AES-GCM give the same', async () => {
    const wrap = await wrapForPasskey(
      raw,
      prfOutput,
      { credentialId: 'cred-1', prfSalt, headerSalt },
      wrapIv,
    );
    expect(hex(wrap.wrappedKey)).toBe(KNOWN_WRAP);
    const key = Buffer.from(hkdfSync('sha256', prfOutput, prfSalt, PASSKEY_UNLOCK_INFO, 32));
    expect(key.toString('hex')).toBe(KNOWN_KEY);
    const cipher = createCipheriv('aes-256-gcm', key, wrapIv);
    cipher.setAAD(Buffer.from(`${PASSKEY_UNLOCK_INFO}/cred-1/${hex(headerSalt)}`));
    const independent = Buffer.concat([cipher.update(raw), cipher.final(), cipher.getAuthTag()]);
    expect(independent.toString('hex')).toBe(KNOWN_WRAP);
  });

  it('opens with the same PRF output only, for the same credential and header', async () => {
    const wrap = await wrapForPasskey(raw, prfOutput, { credentialId: 'cred-1', prfSalt, headerSalt });
    expect(hex((await unwrapWithPasskey(wrap, prfOutput, headerSalt))!)).toBe(hex(raw));
    const otherOutput = bytes(32, (index) => index + 1);
    expect(await unwrapWithPasskey(wrap, otherOutput, headerSalt)).toBeNull();
    expect(await unwrapWithPasskey({ ...wrap, credentialId: 'cred-2' }, prfOutput, headerSalt)).toBeNull();
    // A new master password makes a new header (a new salt): the wrap no longer opens.
    expect(
      await unwrapWithPasskey(
        wrap,
        prfOutput,
        bytes(16, () => 0xac),
      ),
    ).toBeNull();
  });

  it('unlocks the vault a master password made, and nothing without that password first', async () => {
    const { header } = await newVault();
    const device = new VaultCipher();
    const wrong = await device.wrapForPasskey(header, 'not it', prfOutput, { credentialId: 'c', prfSalt });
    expect(wrong).toBeNull();
    const wrap = (await device.wrapForPasskey(header, password, prfOutput, { credentialId: 'c', prfSalt }))!;
    // The wrap holds no copy of what it protects.
    expect(hex(wrap.wrappedKey)).not.toContain(hex(prfOutput));
    const later = new VaultCipher();
    expect(
      await later.unlockWithPasskey(
        header,
        wrap,
        bytes(32, () => 7),
      ),
    ).toEqual({
      ok: false,
      reason: 'wrong-password',
    });
    expect(later.unlocked).toBe(false);
    expect(await later.unlockWithPasskey(header, wrap, prfOutput)).toEqual({ ok: true });
    const writer = new VaultCipher();
    await writer.unlock(header, password);
    const sealed = await writer.seal('memo', 'm1', { title: '일기' });
    expect(await later.open(sealed)).toEqual({ ok: true, value: { title: '일기' } });
  });
});
