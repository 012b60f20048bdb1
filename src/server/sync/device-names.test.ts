// The security test's invisible device names, sent as an attacker would through the sync routes: a name that shows
// nothing (Hangul fillers, the braille blank, the grapheme joiner, a Mongolian selector, a silent Khmer vowel) or a
// tower of combining marks is refused when a device is registered and when it is renamed, and the member's list of
// devices stays as it was; names with spaces, accents, Hangul (composed or not) and emoji are taken.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';
import { digest, syncId, VAULT_HEADER } from '../test/sync-fixtures.js';
import { DEVICE_PROOF, headerStatement } from './proofs.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

/** A member with a published vault (signed, as a device publishes it) and one device named "Laptop". */
async function memberWithDevice() {
  const cookie = await signedInMember(t, `names.${crypto.randomUUID()}@example.com`);
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sign = (statement: unknown[]) =>
    crypto
      .sign('sha256', Buffer.from(JSON.stringify(statement)), { key: privateKey, dsaEncoding: 'ieee-p1363' })
      .toString('base64');
  const vault = syncId();
  const published = await t.request({
    method: 'PUT',
    url: '/api/sync/vault',
    cookie,
    body: {
      id: vault,
      header: VAULT_HEADER,
      headerMac: digest(),
      version: 1,
      proof: sign(headerStatement(vault, 1, VAULT_HEADER)),
      signing: {
        publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
        sealedKey: crypto.randomBytes(180).toString('base64'),
      },
    },
  });
  expect(published.statusCode, published.body).toBe(200);
  const register = (device: string, name: string) =>
    t.request({
      method: 'PUT',
      url: `/api/sync/devices/${device}`,
      cookie,
      body: { name, proof: sign([DEVICE_PROOF, vault, device]) },
    });
  const rename = (device: string, name: string) =>
    t.request({ method: 'PATCH', url: `/api/sync/devices/${device}`, cookie, body: { name } });
  const devices = async (): Promise<unknown[]> =>
    (await t.request({ method: 'GET', url: '/api/sync', cookie })).json().devices;
  const laptop = syncId();
  expect((await register(laptop, 'Laptop')).statusCode).toBe(200);
  return { laptop, register, rename, devices };
}

/** Names that show nothing, or nothing but blank space, or that pile marks over the names around them. */
const INVISIBLE_NAMES: Array<[string, string]> = [
  ['the Hangul filler U+3164', '\u3164'],
  ['a name ending in U+3164', 'Laptop\u3164'],
  ['the Hangul choseong and jungseong fillers', '\u115F\u1160'],
  ['the halfwidth Hangul filler U+FFA0', '\uFFA0'],
  ['the braille blank U+2800', '\u2800'],
  ['the combining grapheme joiner U+034F', '\u034F'],
  ['a grapheme joiner inside a name', 'Lap\u034Ftop'],
  ['the Mongolian variation selector U+180B', '\u180B'],
  ['the Khmer vowel inherent U+17B4', '\u17B4'],
  ['the Khmer vowel inherent U+17B5 in a name', 'Laptop\u17B5'],
  ['a reserved default-ignorable character U+2065', 'a\u2065b'],
  ['63 combining marks stacked on one letter', `a${'\u0301'.repeat(63)}`],
  [
    '63 different combining marks',
    `x${Array.from({ length: 63 }, (_, i) => String.fromCharCode(0x300 + i)).join('')}`,
  ],
  ['five marks on one letter', `Laptop${'\u0308'.repeat(5)}`],
  ['a name that starts with a combining mark', '\u0301Laptop'],
  ['an ideographic space between words', 'My\u3000Laptop'],
  ['a no-break space between words', 'My\u00A0Laptop'],
];

describe('invisible device names', () => {
  it.each(INVISIBLE_NAMES)(
    'refuses %s when registering or renaming, and the list of devices stays as it was',
    async (_what, name) => {
      const m = await memberWithDevice();
      const before = await m.devices();
      expect(before).toMatchObject([{ id: m.laptop, name: 'Laptop' }]);

      const registered = await m.register(syncId(), name);
      expect([registered.statusCode, codeOf(registered)]).toEqual([400, 'request/invalid']);
      const renamed = await m.rename(m.laptop, name);
      expect([renamed.statusCode, codeOf(renamed)]).toEqual([400, 'request/invalid']);

      expect(await m.devices()).toEqual(before);
    },
  );

  it('takes names with spaces, accents, Hangul composed or not, and emoji', async () => {
    const m = await memberWithDevice();
    const good = [
      '내 노트북',
      '내 노트북'.normalize('NFD'),
      "Zoë's iPad",
      "Zoë's iPad".normalize('NFD'),
      '📱 Phone',
      '❤️ Home PC',
      '👍🏽 Work',
      'Tiếng Việt',
      'Ｆｕｌｌ ｗｉｄｔｈ',
      'Firefox – Ubuntu',
    ];
    for (const name of good) {
      const renamed = await m.rename(m.laptop, name);
      expect([name, renamed.statusCode]).toEqual([name, 200]);
      expect(await m.devices()).toMatchObject([{ id: m.laptop, name }]);
    }
    const tablet = syncId();
    const registered = await m.register(tablet, "Zoë's 내 태블릿 📱");
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await m.devices()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: tablet, name: "Zoë's 내 태블릿 📱" })]),
    );
  });
});
