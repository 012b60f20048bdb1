// Passkeys through the API with a software authenticator that makes the same bytes a platform authenticator
// does: register, list, sign in with the passkey alone, delete; and every way an answer can be wrong refused
// with a coded error and nothing stored (replay, expiry, origin, rp id, signature, user verification, counter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIOMETRIC_TIMEOUT_MS } from '../../shared/constants.js';
import { SoftAuthenticator } from '../test/authenticator.js';
import { holdsVault, sessionCookie, signedInMember, startTestApp, type TestApp } from '../test/harness.js';

describe('passkeys', () => {
  let t: TestApp;
  let member: string;
  const origin = 'http://mygenie.test';
  const rpId = 'mygenie.test';

  beforeAll(async () => {
    t = await startTestApp();
    member = await signedInMember(t, 'passkey@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, body: unknown = {}, cookie?: string) =>
    t.request({ method: 'POST', url, body, ...(cookie ? { cookie } : {}) });
  const codeOf = (response: { json(): unknown }) =>
    (response.json() as { error: { code: string } }).error.code;
  const passkeys = async (cookie = member) =>
    (await t.request({ method: 'GET', url: '/api/passkeys', cookie })).json().passkeys as Array<{
      id: string;
      deviceName: string;
      vaultUnlockAt: string | null;
    }>;

  async function register(authenticator: SoftAuthenticator, cookie = member) {
    const options = (await post('/api/passkeys/register/options', {}, cookie)).json();
    return post('/api/passkeys/register/verify', { response: authenticator.create(options) }, cookie);
  }

  async function signIn(authenticator: SoftAuthenticator, misbehave = {}) {
    const options = (await post('/api/passkeys/login/options')).json();
    return post('/api/passkeys/login/verify', { response: authenticator.get(options, misbehave) });
  }

  it('offers registration with the description’s parameters', async () => {
    const response = await post('/api/passkeys/register/options', {}, member);
    expect(response.statusCode).toBe(200);
    const options = response.json();
    expect(options).toMatchObject({
      rp: { id: rpId, name: 'MyGenie' },
      timeout: BIOMETRIC_TIMEOUT_MS,
      attestation: 'none',
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        residentKey: 'required',
        userVerification: 'required',
      },
      pubKeyCredParams: [
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
    });
    expect(Buffer.from(options.challenge, 'base64url')).toHaveLength(32);
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    expect((await post('/api/passkeys/register/options')).statusCode).toBe(401);
  });

  it('registers, lists, signs in with the passkey alone, and deletes', async () => {
    const authenticator = new SoftAuthenticator(origin, rpId);
    const registered = await register(authenticator);
    expect(registered.statusCode).toBe(201);
    const list = await passkeys();
    expect(list).toEqual([expect.objectContaining({ deviceName: 'Desktop' })]);

    // From a browser new to the member, a passkey sign-in waits for the new-device check like a password one.
    const signedIn = await signIn(authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      user: null,
      pending: { email: 'passkey@example.com', deviceName: 'Desktop' },
    });
    const cookie = sessionCookie(signedIn);
    expect((await t.request({ method: 'GET', url: '/api/passkeys', cookie })).json().error.code).toBe(
      'session/pending',
    );
    const sessions = (await t.request({ method: 'GET', url: '/api/sessions', cookie: member })).json()
      .sessions as Array<{ id: string; pending: boolean }>;
    const waiting = sessions.find((item) => item.pending)!;
    await holdsVault(t, member);
    expect((await post(`/api/sessions/${waiting.id}/approve`, {}, member)).statusCode).toBe(204);
    const session = await t.request({ method: 'GET', url: '/api/session', cookie });
    expect(session.json().user.email).toBe('passkey@example.com');

    // The same authenticator again: another sign-in works, its counter moves on.
    expect((await signIn(authenticator)).statusCode).toBe(200);

    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/passkeys/${list[0]!.id}`,
      cookie: member,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await passkeys()).toEqual([]);
    const afterDelete = await signIn(authenticator);
    expect([afterDelete.statusCode, codeOf(afterDelete)]).toEqual([404, 'passkey/not-found']);
  });

  it('refuses a replayed, expired or foreign challenge, and stores nothing', async () => {
    const authenticator = new SoftAuthenticator(origin, rpId);
    const options = (await post('/api/passkeys/register/options', {}, member)).json();
    const answer = authenticator.create(options);
    expect((await post('/api/passkeys/register/verify', { response: answer }, member)).statusCode).toBe(201);
    const replay = await post('/api/passkeys/register/verify', { response: answer }, member);
    expect([replay.statusCode, codeOf(replay)]).toEqual([400, 'passkey/challenge-expired']);

    const login = (await post('/api/passkeys/login/options')).json();
    const first = await post('/api/passkeys/login/verify', { response: authenticator.get(login) });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/passkeys/login/verify', { response: authenticator.get(login) });
    expect([again.statusCode, codeOf(again)]).toEqual([400, 'passkey/challenge-expired']);

    const late = (await post('/api/passkeys/login/options')).json();
    t.advance(BIOMETRIC_TIMEOUT_MS + 31_000);
    const expired = await post('/api/passkeys/login/verify', { response: authenticator.get(late) });
    expect([expired.statusCode, codeOf(expired)]).toEqual([400, 'passkey/challenge-expired']);

    // A sign-in challenge cannot register, and a made-up one is unknown.
    const other = new SoftAuthenticator(origin, rpId);
    const signInChallenge = (await post('/api/passkeys/login/options')).json();
    const crossed = await post(
      '/api/passkeys/register/verify',
      { response: other.create({ challenge: signInChallenge.challenge, user: { id: 'AAAA' } }) },
      member,
    );
    expect([crossed.statusCode, codeOf(crossed)]).toEqual([400, 'passkey/challenge-expired']);
    const madeUp = await post(
      '/api/passkeys/register/verify',
      { response: other.create({ challenge: 'bm90LWlzc3VlZA', user: { id: 'AAAA' } }) },
      member,
    );
    expect(codeOf(madeUp)).toBe('passkey/challenge-expired');
    expect(await passkeys()).toHaveLength(1);
  });

  it('refuses a wrong origin or rp id, missing user verification, a bogus signature and a cloned authenticator', async () => {
    const owner = await signedInMember(t, 'strict@example.com');
    for (const misbehave of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const authenticator = new SoftAuthenticator(origin, rpId);
      const options = (await post('/api/passkeys/register/options', {}, owner)).json();
      const response = await post(
        '/api/passkeys/register/verify',
        { response: authenticator.create(options, misbehave) },
        owner,
      );
      expect([JSON.stringify(misbehave), response.statusCode, codeOf(response)]).toEqual([
        JSON.stringify(misbehave),
        400,
        'passkey/verification-failed',
      ]);
    }
    expect(await passkeys(owner)).toEqual([]);

    const authenticator = new SoftAuthenticator(origin, rpId);
    expect((await register(authenticator, owner)).statusCode).toBe(201);
    for (const misbehave of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
      { wrongKey: true },
    ]) {
      const response = await signIn(authenticator, misbehave);
      expect([JSON.stringify(misbehave), response.statusCode, codeOf(response)]).toEqual([
        JSON.stringify(misbehave),
        400,
        'passkey/verification-failed',
      ]);
      expect(response.cookies.find((cookie) => cookie.name === 'mg_session')).toBeUndefined();
    }
    expect((await signIn(authenticator)).statusCode).toBe(200);
    expect((await signIn(authenticator)).statusCode).toBe(200);
    // A copy of the authenticator made earlier reports a counter the server has already seen.
    const cloned = await signIn(authenticator, { counter: 1 });
    expect([cloned.statusCode, codeOf(cloned)]).toEqual([400, 'passkey/counter-rejected']);
  });

  it('refuses malformed answers and another member’s passkey id', async () => {
    for (const body of [
      {},
      { response: 'x' },
      { response: { id: '!!', rawId: '', type: 'public-key', response: {} } },
      { response: { id: 'abc', rawId: 'abc', type: 'password', response: {} } },
    ]) {
      const response = await post('/api/passkeys/login/verify', body);
      expect(response.statusCode).toBe(400);
    }
    const stranger = await signedInMember(t, 'stranger@example.com');
    const authenticator = new SoftAuthenticator(origin, rpId);
    await register(authenticator, member);
    const mine = (await passkeys()).at(0)!;
    const theirs = await t.request({ method: 'DELETE', url: `/api/passkeys/${mine.id}`, cookie: stranger });
    expect([theirs.statusCode, codeOf(theirs)]).toEqual([404, 'passkey/not-found']);
  });

  describe('unlocking the app’s vault on a device', () => {
    const unlockCheck = async (authenticator: SoftAuthenticator, cookie: string, enrol = false) => {
      const options = (await post('/api/passkeys/unlock/options', {}, cookie)).json();
      return post('/api/passkeys/unlock/verify', { response: authenticator.get(options), enrol }, cookie);
    };

    it('offers new passkeys the PRF extension, and knows only that a passkey unlocks, not how', async () => {
      const owner = await signedInMember(t, 'unlock-owner@example.com');
      const options = (await post('/api/passkeys/register/options', {}, owner)).json();
      expect(options.extensions).toMatchObject({ prf: {} });
      const phone = new SoftAuthenticator(origin, rpId);
      await register(phone, owner);
      const unenrolled = await unlockCheck(phone, owner);
      expect([unenrolled.statusCode, codeOf(unenrolled)]).toEqual([409, 'passkey/unlock-ended']);
      const enrolled = await unlockCheck(phone, owner, true);
      expect(enrolled.statusCode).toBe(200);
      const [listed] = await passkeys(owner);
      expect(enrolled.json()).toEqual({ passkeyId: listed!.id });
      expect(listed).toMatchObject({ vaultUnlockAt: expect.any(String) });
      expect((await unlockCheck(phone, owner)).statusCode).toBe(200);
      // A sign-in with it says it unlocks too: the app asks once for both.
      const signIn = await post('/api/passkeys/login/verify', {
        response: phone.get((await post('/api/passkeys/login/options')).json()),
      });
      expect(signIn.json()).toMatchObject({ vaultUnlock: true });
    });

    it('ends for one passkey from any signed-in device of the member, and for all with a new master password', async () => {
      const owner = await signedInMember(t, 'unlock-ends@example.com');
      const [phone, laptop] = [new SoftAuthenticator(origin, rpId), new SoftAuthenticator(origin, rpId)];
      for (const device of [phone, laptop]) {
        await register(device, owner);
        expect((await unlockCheck(device, owner, true)).statusCode).toBe(200);
      }
      const list = await passkeys(owner);
      // Newest first: the laptop's, then the phone's.
      const phoneKey = list[1]!;
      const stranger = await signedInMember(t, 'unlock-stranger@example.com');
      const theirs = await t.request({
        method: 'DELETE',
        url: `/api/passkeys/${phoneKey.id}/unlock`,
        cookie: stranger,
      });
      expect([theirs.statusCode, codeOf(theirs)]).toEqual([404, 'passkey/not-found']);
      const ended = await t.request({
        method: 'DELETE',
        url: `/api/passkeys/${phoneKey.id}/unlock`,
        cookie: owner,
      });
      expect(ended.statusCode).toBe(204);
      const after = await passkeys(owner);
      expect(after.filter((item) => item.vaultUnlockAt)).toHaveLength(1);
      // The passkey still signs in; it no longer unlocks.
      expect(after).toHaveLength(2);
      const all = await t.request({ method: 'DELETE', url: '/api/passkeys/unlock', cookie: owner });
      expect(all.json()).toEqual({ ended: 1 });
      for (const device of [phone, laptop]) {
        const refused = await unlockCheck(device, owner);
        expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'passkey/unlock-ended']);
      }
    });

    it('refuses another member’s passkey, a sign-in challenge, and a replay; drops a PRF output sent to it', async () => {
      // The refusals of the tests before count against this address's limit of failed answers: a new window.
      t.advance(16 * 60_000);
      const owner = await signedInMember(t, 'unlock-refusals@example.com');
      const other = await signedInMember(t, 'unlock-other@example.com');
      const phone = new SoftAuthenticator(origin, rpId);
      await register(phone, owner);
      const options = (await post('/api/passkeys/unlock/options', {}, owner)).json();
      const crossMember = await post(
        '/api/passkeys/unlock/verify',
        { response: phone.get(options), enrol: true },
        other,
      );
      expect([crossMember.statusCode, codeOf(crossMember)]).toEqual([400, 'passkey/challenge-expired']);
      const signInChallenge = (await post('/api/passkeys/login/options')).json();
      const crossed = await post(
        '/api/passkeys/unlock/verify',
        { response: phone.get(signInChallenge), enrol: true },
        owner,
      );
      expect([crossed.statusCode, codeOf(crossed)]).toEqual([400, 'passkey/challenge-expired']);
      const fresh = (await post('/api/passkeys/unlock/options', {}, owner)).json();
      const answer = phone.get(fresh);
      const withPrf = {
        ...answer,
        clientExtensionResults: { prf: { results: { first: 'c2VjcmV0LXByZi1vdXRwdXQ' } } },
      };
      expect(
        (await post('/api/passkeys/unlock/verify', { response: withPrf, enrol: true }, owner)).statusCode,
      ).toBe(200);
      const replay = await post('/api/passkeys/unlock/verify', { response: answer, enrol: true }, owner);
      expect([replay.statusCode, codeOf(replay)]).toEqual([400, 'passkey/challenge-expired']);
      expect((await post('/api/passkeys/unlock/options')).statusCode).toBe(401);
      const none = await post('/api/passkeys/unlock/options', {}, other);
      expect([none.statusCode, codeOf(none)]).toEqual([404, 'passkey/not-found']);
    });
  });
});
