// The AI key at rest: sealed under a non-extractable device key, never in plain text; a lost device key, a
// changed byte or a foreign value reads as "no key".
import { describe, expect, it } from 'vitest';
import { aiKeyStore, sealedStore, type DeviceKeyPlace, type SealedPlace } from './key-store.js';

function places() {
  let device: CryptoKey | null = null;
  let sealed: string | null = null;
  const devicePlace: DeviceKeyPlace = {
    load: async () => device,
    save: async (key) => {
      device = key;
    },
  };
  const sealedPlace: SealedPlace = {
    read: () => sealed,
    write: (value) => {
      sealed = value;
    },
    remove: () => {
      sealed = null;
    },
  };
  return {
    places: { device: devicePlace, sealed: sealedPlace },
    deviceKey: () => device,
    sealedText: () => sealed,
    setSealed: (value: string | null) => {
      sealed = value;
    },
    forgetDevice: () => {
      device = null;
    },
  };
}

describe('AI key at rest', () => {
  it('round-trips, is never stored in plain text, and its device key cannot be read out', async () => {
    const where = places();
    const store = aiKeyStore(where.places);
    expect(await store.load()).toBeNull();
    await store.save('sk-test-한글-0123456789');
    expect(where.sealedText()).not.toContain('sk-test');
    expect(await store.load()).toBe('sk-test-한글-0123456789');
    expect(where.deviceKey()!.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', where.deviceKey()!)).rejects.toThrow();
    store.remove();
    expect(await store.load()).toBeNull();
  });

  it('reads a changed byte, a foreign value or a lost device key as no key', async () => {
    const where = places();
    const store = aiKeyStore(where.places);
    await store.save('sk-live-key');
    const sealed = JSON.parse(where.sealedText()!) as { iv: string; data: string };
    const bytes = Uint8Array.from(atob(sealed.data), (char) => char.charCodeAt(0));
    bytes[0] = bytes[0]! ^ 1;
    where.setSealed(JSON.stringify({ ...sealed, v: 1, data: btoa(String.fromCharCode(...bytes)) }));
    expect(await store.load()).toBeNull();
    for (const value of ['not json', '{"v":2}', '{"v":1,"iv":1,"data":"x"}', 'sk-plain-text']) {
      where.setSealed(value);
      expect(await store.load()).toBeNull();
    }
    await store.save('sk-live-key');
    where.forgetDevice();
    expect(await store.load()).toBeNull();
  });

  it('opens a value only for the purpose it was sealed for', async () => {
    const where = places();
    await sealedStore(where.places, 'birth').save('{"year":1990}');
    expect(await sealedStore(where.places, 'birth').load()).toBe('{"year":1990}');
    expect(await aiKeyStore(where.places).load()).toBeNull();
  });
});
