// The app's Web Push encryption (RFC 8291): the known answer of the RFC's appendix A, byte for byte, and fresh
// messages that a push subscriber's keys open (the test push endpoint's decryption, written apart from ours on
// Node's own crypto).
import nodeCrypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm } from '../../server/test/push-endpoint.js';
import { base64UrlToBytes, bytesToBase64Url, PUSH_MESSAGE_MAX_BYTES, sealPushMessage } from './web-push.js';

// RFC 8291, appendix A.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqK' +
    'K6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

/** A subscriber as a browser makes one: a P-256 key pair and an auth secret. */
function subscriber() {
  const ecdh = nodeCrypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = nodeCrypto.randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    open: (body: Uint8Array) => decryptAes128gcm(Buffer.from(body), ecdh, auth),
  };
}

describe('Web Push message encryption (RFC 8291)', () => {
  it('gives the known answer of RFC 8291 appendix A', async () => {
    const asPublic = base64UrlToBytes(RFC.asPublic);
    const privateKey = await crypto.subtle.importKey(
      'jwk',
      {
        kty: 'EC',
        crv: 'P-256',
        d: RFC.asPrivate,
        x: bytesToBase64Url(asPublic.subarray(1, 33)),
        y: bytesToBase64Url(asPublic.subarray(33)),
      },
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      ['deriveBits'],
    );
    const sealed = await sealPushMessage(
      { p256dh: RFC.uaPublic, auth: RFC.authSecret },
      new TextEncoder().encode(RFC.plaintext),
      {},
      { salt: base64UrlToBytes(RFC.salt), sender: { privateKey, publicKey: asPublic } },
    );
    expect(bytesToBase64Url(sealed)).toBe(RFC.message);
  });

  it('seals a message only the subscriber opens, fresh each time, padded to hide its length', async () => {
    const device = subscriber();
    const text = JSON.stringify({
      title: '치과 예약',
      body: '오후 3시 · 강남역',
      url: '/app/?page=schedule',
    });
    const bytes = new TextEncoder().encode(text);
    const first = await sealPushMessage(device.keys, bytes, { padTo: 256 });
    const second = await sealPushMessage(device.keys, bytes, { padTo: 256 });
    expect(device.open(first)).toBe(text);
    expect(device.open(second)).toBe(text);
    expect(bytesToBase64Url(first)).not.toBe(bytesToBase64Url(second));
    // Header (86 bytes), the padded record (a multiple of 256), the tag (16).
    expect((first.length - 86 - 16) % 256).toBe(0);
    const shorter = await sealPushMessage(device.keys, new TextEncoder().encode('{}'), { padTo: 256 });
    expect(shorter.length).toBe(first.length);

    // Another subscriber's keys do not open it; a changed byte does not open.
    expect(() => subscriber().open(first)).toThrow();
    const altered = first.slice();
    altered[altered.length - 20]! ^= 1;
    expect(() => device.open(altered)).toThrow();
  });

  it('refuses keys that are not a subscription’s, and a message longer than one record', async () => {
    const device = subscriber();
    await expect(
      sealPushMessage({ ...device.keys, p256dh: device.keys.auth }, new Uint8Array(1)),
    ).rejects.toThrow();
    await expect(sealPushMessage({ ...device.keys, auth: 'c2hvcnQ' }, new Uint8Array(1))).rejects.toThrow();
    const longest = await sealPushMessage(device.keys, new Uint8Array(PUSH_MESSAGE_MAX_BYTES).fill(65));
    expect(device.open(longest)).toHaveLength(PUSH_MESSAGE_MAX_BYTES);
    await expect(sealPushMessage(device.keys, new Uint8Array(PUSH_MESSAGE_MAX_BYTES + 1))).rejects.toThrow(
      'message too long',
    );
  });
});
