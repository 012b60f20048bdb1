// The server is not trusted with the order or the content of changes: each attack it could make is performed here
// and must be refused, leaving the chain as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { ChainState, deriveSyncKey, sealedHash, signChange, type SignedChange } from './chain.js';

const VAULT = 'vault-1';

async function dataKey(byte: number): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new Uint8Array(32).fill(byte), 'HKDF', false, ['deriveKey']);
}

let key: CryptoKey;
beforeAll(async () => {
  key = await deriveSyncKey(await dataKey(7));
});

/** A device that writes changes to its own chain. */
function device(name: string, state = new ChainState(VAULT)) {
  let seq = 0;
  let prev: string | null = null;
  return {
    state,
    async write(
      rid: string,
      sealed: Uint8Array<ArrayBuffer>,
      base: string | null = null,
    ): Promise<SignedChange> {
      seq += 1;
      const change = await signChange(key, {
        vault: VAULT,
        device: name,
        seq,
        prev,
        rid,
        base,
        sealedHash: await sealedHash(sealed),
        heads: state.seen(name),
      });
      prev = change.mac;
      return change;
    },
  };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a device's changes as a signed chain", () => {
  it('applies changes in order from each device', async () => {
    const phone = device('phone');
    const laptop = new ChainState(VAULT);
    const first = await phone.write('r1', bytes('one'));
    const second = await phone.write('r2', bytes('two'));
    expect(await laptop.accept(key, first, bytes('one'))).toBe('ok');
    expect(await laptop.accept(key, second, bytes('two'))).toBe('ok');
    expect(laptop.heads()).toEqual({ phone: { seq: 2, mac: second.mac } });
  });

  it('refuses an altered change: its fields, its sealed bytes, or a MAC made with another vault key', async () => {
    const phone = device('phone');
    const change = await phone.write('r1', bytes('one'));
    const laptop = new ChainState(VAULT);
    expect(await laptop.accept(key, { ...change, rid: 'r9' }, bytes('one'))).toBe('altered');
    expect(await laptop.accept(key, { ...change, base: 'tablet:3' }, bytes('one'))).toBe('altered');
    expect(await laptop.accept(key, change, bytes('One'))).toBe('altered');
    expect(await laptop.accept(key, { ...change, mac: '!!not base64' }, bytes('one'))).toBe('altered');
    const otherKey = await deriveSyncKey(await dataKey(8));
    expect(await laptop.accept(otherKey, change, bytes('one'))).toBe('altered');
    expect(await laptop.accept(key, { ...change, vault: 'vault-2' }, bytes('one'))).toBe('other-vault');
    expect(laptop.heads()).toEqual({});
    expect(await laptop.accept(key, change, bytes('one'))).toBe('ok');
  });

  it('refuses a replayed change', async () => {
    const phone = device('phone');
    const first = await phone.write('r1', bytes('one'));
    const laptop = new ChainState(VAULT);
    expect(await laptop.accept(key, first, bytes('one'))).toBe('ok');
    expect(await laptop.accept(key, first, bytes('one'))).toBe('replayed');
  });

  it('refuses a change after a dropped one, and changes delivered out of order', async () => {
    const phone = device('phone');
    const first = await phone.write('r1', bytes('one'));
    const second = await phone.write('r1', bytes('two'), `phone:1`);
    const third = await phone.write('r1', bytes('three'), `phone:2`);
    const laptop = new ChainState(VAULT);
    expect(await laptop.accept(key, second, bytes('two'))).toBe('out-of-order');
    expect(await laptop.accept(key, first, bytes('one'))).toBe('ok');
    expect(await laptop.accept(key, third, bytes('three'))).toBe('out-of-order');
    expect(await laptop.accept(key, second, bytes('two'))).toBe('ok');
    expect(await laptop.accept(key, third, bytes('three'))).toBe('ok');
  });

  it("refuses a change that follows another device's change the server held back", async () => {
    const phoneState = new ChainState(VAULT);
    const tablet = device('tablet');
    const phone = device('phone', phoneState);
    const fromTablet = await tablet.write('r1', bytes('tablet edit'));
    expect(await phoneState.accept(key, fromTablet, bytes('tablet edit'))).toBe('ok');
    // The phone edits after seeing the tablet's change: its change says so.
    const fromPhone = await phone.write('r1', bytes('phone edit'), 'tablet:1');
    expect(fromPhone.heads).toEqual({ tablet: 1 });
    const laptop = new ChainState(VAULT);
    expect(await laptop.accept(key, fromPhone, bytes('phone edit'))).toBe('withheld');
    expect(await laptop.accept(key, fromTablet, bytes('tablet edit'))).toBe('ok');
    expect(await laptop.accept(key, fromPhone, bytes('phone edit'))).toBe('ok');
  });

  it('starts again from stored heads', async () => {
    const phone = device('phone');
    const first = await phone.write('r1', bytes('one'));
    const second = await phone.write('r2', bytes('two'));
    const laptop = new ChainState(VAULT);
    await laptop.accept(key, first, bytes('one'));
    const again = new ChainState(VAULT, laptop.heads());
    expect(await again.accept(key, first, bytes('one'))).toBe('replayed');
    expect(await again.accept(key, second, bytes('two'))).toBe('ok');
  });
});
