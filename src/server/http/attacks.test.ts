// The attacks of issue 15, each performed as an outsider would and asserted to fail: a sign-in still waiting for
// the new-device check, mailed links opened by the wrong person or a mail scanner, guesses and requests sent at
// once, an address registered before its owner, stalled requests, a quota raced by parallel uploads, changes made
// with a stolen session, and the smaller leaks. They run on SQLite, and on PostgreSQL when DATABASE_URL is set;
// the limits also against Redis.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../test/authenticator.js';
import { signingPair, VAULT_HEADER } from '../test/sync-fixtures.js';
import {
  browserCookies,
  holdsVault,
  signedInMember,
  startTestApp,
  uniqueIp,
  verifyEmail,
  type TestApp,
} from '../test/harness.js';

const PASSWORD = 'member password 1';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36';

function post(base: string, t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.origin, ...headers },
    body: JSON.stringify(body),
  });
}

const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

describe('attacks on the accounts (issue 15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: 'owner@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A stranger who knows the member's password signs in from a browser of their own: pending. */
  async function strangerSignsIn(email: string) {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password: PASSWORD },
      headers: { 'user-agent': PHONE },
      ip: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
    return { response, cookie: browserCookies(response) };
  }

  /** Registers a passkey for a member just signed in (the sign-in is the fresh proof it needs). */
  async function registeredPasskey(member: string): Promise<SoftAuthenticator> {
    const authenticator = new SoftAuthenticator('http://mygenie.test', 'mygenie.test');
    const options = (
      await t.request({ method: 'POST', url: '/api/passkeys/register/options', cookie: member, body: {} })
    ).json();
    const registered = await t.request({
      method: 'POST',
      url: '/api/passkeys/register/verify',
      cookie: member,
      body: { response: authenticator.create(options) },
    });
    expect(registered.statusCode).toBe(201);
    return authenticator;
  }

  describe('1. a sign-in waiting for the new-device check', () => {
    it('is told it waits, and gets nothing a visitor would not get — on every route', async () => {
      const email = 'pending.target@example.com';
      const member = await signedInMember(t, email);
      const stored = await t.app.inject({
        method: 'PUT',
        url: `/api/documents?${new URLSearchParams({ name: 'diary-backup.mgb', type: 'application/octet-stream' })}`,
        payload: Buffer.from('sealed diary'),
        headers: { origin: t.origin, cookie: member, 'content-type': 'application/octet-stream' },
      });
      const documentId = stored.json().document.id as string;
      const memberSession = (await t.request({ method: 'GET', url: '/api/sessions', cookie: member })).json()
        .sessions[0].id as string;
      // The member syncs a vault from a device of theirs.
      const vault = crypto.randomBytes(16).toString('hex');
      const syncDevice = crypto.randomBytes(16).toString('hex');
      const key = signingPair();
      for (const [method, url, body] of [
        ['PUT', '/api/sync/vault', key.publication(vault)],
        [
          'PUT',
          `/api/sync/devices/${syncDevice}`,
          { name: 'Laptop', proof: key.deviceProof(vault, syncDevice) },
        ],
      ] as const) {
        expect((await t.request({ method, url, body, cookie: member })).statusCode).toBe(200);
      }
      const syncState = async () =>
        (await t.request({ method: 'GET', url: '/api/sync', cookie: member })).json();
      const synced = await syncState();

      const { response, cookie: pending } = await strangerSignsIn(email);
      expect(response.json()).toEqual({
        user: null,
        // No browser of the member's can check the master key: the code goes to the member's mailbox.
        pending: { email, deviceName: 'Mobile Device', signedInAt: expect.any(String), confirmBy: 'code' },
      });
      expect((await t.request({ method: 'GET', url: '/api/session', cookie: pending })).json()).toMatchObject(
        {
          user: null,
          pending: { email },
        },
      );

      // What the stranger did with full rights before: each is refused now.
      const attempts: Array<[string, string, unknown?]> = [
        ['GET', '/api/documents'],
        ['GET', `/api/documents/${documentId}/download`],
        ['POST', '/api/passkeys/register/options', { currentPassword: PASSWORD }],
        ['POST', '/api/auth/password', { currentPassword: PASSWORD, newPassword: 'taken over now' }],
        ['DELETE', `/api/sessions/${memberSession}`],
        ['POST', '/api/sessions/end-others', {}],
        ['GET', '/api/sessions'],
        ['POST', `/api/sessions/${crypto.randomUUID()}/approve`, {}],
        ['GET', '/api/sync'],
        ['DELETE', '/api/sync/vault', { currentPassword: PASSWORD }],
        [
          'PUT',
          '/api/sync/vault',
          key.publication(
            vault,
            2,
            { ...VAULT_HEADER, wrappedKey: crypto.randomBytes(48).toString('base64') },
            { currentPassword: PASSWORD },
          ),
        ],
        ['POST', '/api/auth/proof', { currentPassword: PASSWORD }],
        ['PUT', `/api/sync/devices/${crypto.randomBytes(16).toString('hex')}`, { name: 'Mine now' }],
        ['PUT', `/api/sync/devices/${syncDevice}`, { name: 'Mine now' }],
        ['PATCH', `/api/sync/devices/${syncDevice}`, { name: 'Mine now' }],
        ['DELETE', `/api/sync/devices/${syncDevice}`],
        ['GET', '/api/sync/changes?after=0'],
      ];
      for (const [method, url, body] of attempts) {
        const refused = await t.request({
          method: method as 'GET',
          url,
          cookie: pending,
          ...(body === undefined ? {} : { body }),
        });
        expect([url, refused.statusCode, codeOf(refused)]).toEqual([url, 403, 'session/pending']);
      }

      // Every route: the pending sign-in gets exactly what a visitor gets, or session/pending — but for its own
      // state, its logout, and the code mailed to the member (tried against its five tries: see new-device.test.ts).
      const ownState = new Set([
        'GET /api/session',
        'POST /api/session/activity',
        'GET /api/events',
        'POST /api/auth/logout',
        'POST /api/session/code',
        'POST /api/session/code/resend',
      ]);
      const checked: string[] = [];
      for (const route of t.routes) {
        if (!route.url.startsWith('/api/') || ownState.has(`${route.method} ${route.url}`)) continue;
        const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
          name === 'id' ? crypto.randomUUID() : 'x',
        );
        const send = (cookie?: string) =>
          t.request({
            method: route.method as 'GET',
            url,
            ...(cookie ? { cookie } : {}),
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
          });
        const visitor = await send();
        const asPending = await send(pending);
        // Fresh random values (a challenge) differ between any two answers; everything else must match.
        const plain = (body: string) => body.replace(/"challenge":"[\w-]+"/g, '"challenge":"…"');
        const same =
          asPending.statusCode === visitor.statusCode && plain(asPending.body) === plain(visitor.body);
        const refused = asPending.statusCode === 403 && codeOf(asPending) === 'session/pending';
        expect(
          same || refused,
          `${route.method} ${route.url}: a visitor got ${visitor.statusCode} ${visitor.body}, the pending sign-in ${asPending.statusCode} ${asPending.body}`,
        ).toBe(true);
        checked.push(route.url);
      }
      expect(checked.length).toBeGreaterThan(40);

      // The member's things are as they were; the member refuses, and the stranger's sign-in is gone.
      expect(await syncState()).toEqual(synced);
      expect(
        (await t.request({ method: 'GET', url: '/api/session', cookie: member })).json().user.email,
      ).toBe(email);
      const listed = (await t.request({ method: 'GET', url: '/api/sessions', cookie: member })).json()
        .sessions;
      const waiting = listed.find((item: { pending: boolean }) => item.pending);
      await holdsVault(t, member);
      await t.request({ method: 'POST', url: `/api/sessions/${waiting.id}/block`, cookie: member, body: {} });
      expect((await t.request({ method: 'GET', url: '/api/session', cookie: pending })).json()).toEqual({
        user: null,
      });
    });

    it('cannot register a passkey, so it cannot come back later by one without approval', async () => {
      const email = 'pending.passkey@example.com';
      await signedInMember(t, email);
      const { cookie: pending } = await strangerSignsIn(email);
      const authenticator = new SoftAuthenticator('http://mygenie.test', 'mygenie.test');
      const options = await t.request({
        method: 'POST',
        url: '/api/passkeys/register/options',
        cookie: pending,
        body: {},
      });
      expect(codeOf(options)).toBe('session/pending');
      const verify = await t.request({
        method: 'POST',
        url: '/api/passkeys/register/verify',
        cookie: pending,
        body: { response: authenticator.create({ challenge: 'AAAA', user: { id: 'AAAA' } }) },
      });
      expect(codeOf(verify)).toBe('session/pending');
      const count = await t.database.db
        .selectFrom('passkeys')
        .innerJoin('users', 'users.id', 'passkeys.user_id')
        .where('users.email', '=', email)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('may listen for its approval, and may log out', async () => {
      const email = 'pending.listen@example.com';
      const member = await signedInMember(t, email);
      const { cookie: pending } = await strangerSignsIn(email);
      const base = await t.listening();
      const controller = new AbortController();
      const stream = await fetch(`${base}/api/events`, {
        headers: { cookie: pending },
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const waiting = (await t.request({ method: 'GET', url: '/api/sessions', cookie: member }))
        .json()
        .sessions.find((item: { pending: boolean }) => item.pending);
      await holdsVault(t, member);
      await t.request({
        method: 'POST',
        url: `/api/sessions/${waiting.id}/approve`,
        cookie: member,
        body: {},
      });
      let received = '';
      while (!/event: approved/.test(received)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
      expect(received).toContain('event: approved');
      controller.abort();
      expect(
        (await t.request({ method: 'GET', url: '/api/session', cookie: pending })).json().user.email,
      ).toBe(email);
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', cookie: pending })).statusCode).toBe(
        204,
      );
    });

    it('ends by itself when no device answers within 15 minutes', async () => {
      const email = 'pending.timeout@example.com';
      await signedInMember(t, email);
      const { cookie: pending } = await strangerSignsIn(email);
      t.advance(15 * 60_000 + 1000);
      expect((await t.request({ method: 'GET', url: '/api/session', cookie: pending })).json()).toEqual({
        user: null,
      });
    });
  });

  describe('2. a password change by mail', () => {
    it('is not applied by opening the link (a mail scanner), nor by someone who did not choose it', async () => {
      const email = 'reset.target@example.com';
      await signedInMember(t, email);
      // The attacker asks for a change to a password of their choosing.
      const asked = await t.request({
        method: 'POST',
        url: '/api/auth/password-reset',
        body: { email, newPassword: 'attacker picked this' },
        ip: uniqueIp(),
      });
      expect(asked.statusCode).toBe(202);
      const mail = await t.mailTo(email, 1);
      // A scanner fetches the page and whatever it calls on load; the old apply-on-open call is gone.
      expect(
        (await t.request({ method: 'GET', url: mail.link.replace('http://mygenie.test', '') })).statusCode,
      ).not.toBe(500);
      await t.request({ method: 'POST', url: '/api/auth/action/info', body: { token: mail.token } });
      expect(
        (await t.request({ method: 'POST', url: '/api/auth/action', body: { token: mail.token } }))
          .statusCode,
      ).toBe(404);
      const login = (password: string) =>
        t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, ip: uniqueIp() });
      expect((await login('attacker picked this')).statusCode).toBe(401);
      // The member, at the link, does not know the attacker's password: guessing it is refused.
      const guess = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        body: { token: mail.token, newPassword: PASSWORD, chosen: true },
      });
      expect(codeOf(guess)).toBe('auth/reset-password-mismatch');
      expect((await login(PASSWORD)).statusCode).toBe(200);
      expect((await login('attacker picked this')).statusCode).toBe(401);
    });

    it('ends every passkey and session of the account, and mails the member', async () => {
      const email = 'reset.passkeys@example.com';
      const member = await signedInMember(t, email);
      const authenticator = await registeredPasskey(member);
      const added = await t.mailTo(email, 1);
      expect(added.subject).toBe('[MyGenie] 지문·얼굴 로그인이 추가되었습니다');
      await t.request({ method: 'POST', url: '/api/auth/password-reset', body: { email }, ip: uniqueIp() });
      const mail = await t.mailTo(email, 2);
      expect(mail.subject).toBe('[MyGenie] 새 비밀번호를 정해 주세요');
      const reset = await t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        body: { token: mail.token, newPassword: 'a fresh start here', chosen: false },
      });
      expect(reset.json()).toEqual({ email, passkeysRemoved: 1 });
      expect(
        (await t.request({ method: 'GET', url: '/api/session', cookie: member })).json().user,
      ).toBeNull();
      const loginOptions = (
        await t.request({ method: 'POST', url: '/api/passkeys/login/options', body: {} })
      ).json();
      const byPasskey = await t.request({
        method: 'POST',
        url: '/api/passkeys/login/verify',
        body: { response: authenticator.get(loginOptions) },
      });
      expect(codeOf(byPasskey)).toBe('passkey/not-found');
      const changed = await t.mailTo(email, 3);
      expect(changed.subject).toBe('[MyGenie] 비밀번호가 변경되었습니다');
      expect(changed.text).toContain('지문·얼굴 로그인 1개도 종료되었습니다');
    });
  });

  describe('4. an address registered before its owner', () => {
    it('is replaced by the owner’s sign-up, and the stranger’s link and password give nothing — admin included', async () => {
      const owner = 'owner@example.com';
      const signup = (password: string) =>
        t.request({
          method: 'POST',
          url: '/api/auth/signup',
          body: { email: owner, password },
          ip: uniqueIp(),
        });
      expect((await signup('stranger password')).statusCode).toBe(201);
      const strangersLink = await t.mailTo(owner);
      // The owner opens the stranger's link: without the stranger's password it activates nothing.
      expect(codeOf(await verifyEmail(t, strangersLink.token, 'owner password 1'))).toBe(
        'auth/wrong-password',
      );
      // The owner signs up: the unverified account is replaced and the stranger's link dies.
      expect((await signup('owner password 1')).statusCode).toBe(201);
      const ownersLink = await t.mailTo(owner, 1);
      expect(codeOf(await verifyEmail(t, strangersLink.token, 'stranger password'))).toBe(
        'auth/invalid-action-code',
      );
      expect((await verifyEmail(t, ownersLink.token, 'owner password 1')).statusCode).toBe(200);
      const asStranger = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: owner, password: 'stranger password' },
        ip: uniqueIp(),
      });
      expect(asStranger.statusCode).toBe(401);
      const asOwner = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: owner, password: 'owner password 1' },
        ip: uniqueIp(),
      });
      expect(asOwner.json().user).toMatchObject({ email: owner, isAdmin: true });
      // Now verified, the address is taken.
      expect(codeOf(await signup('stranger again'))).toBe('auth/email-already-in-use');
    });

    it('expires an account never verified, freeing its address', async () => {
      const email = 'never.verified@example.com';
      await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        body: { email, password: PASSWORD },
        ip: uniqueIp(),
      });
      const rows = () => t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
      await t.accounts.links.prune();
      expect(await rows()).toHaveLength(1);
      t.advance(7 * 24 * 60 * 60_000 + 1000);
      await t.accounts.links.prune();
      expect(await rows()).toEqual([]);
    });
  });

  describe('8. sensitive changes with a stolen session', () => {
    it('need the password again, or a passkey, minutes after sign-in', async () => {
      const email = 'stolen.session@example.com';
      const stolen = await signedInMember(t, email);
      t.advance(5 * 60_000 + 1000);
      const change = await t.request({
        method: 'POST',
        url: '/api/auth/password',
        cookie: stolen,
        body: { newPassword: 'thief wants this' },
      });
      expect(codeOf(change)).toBe('auth/reauth-required');
      const addPasskey = await t.request({
        method: 'POST',
        url: '/api/passkeys/register/options',
        cookie: stolen,
        body: {},
      });
      expect(codeOf(addPasskey)).toBe('auth/reauth-required');
      const guessed = await t.request({
        method: 'POST',
        url: '/api/passkeys/register/options',
        cookie: stolen,
        body: { currentPassword: 'not it at all' },
      });
      expect(codeOf(guessed)).toBe('auth/wrong-password');
      const proven = await t.request({
        method: 'POST',
        url: '/api/passkeys/register/options',
        cookie: stolen,
        body: { currentPassword: PASSWORD },
      });
      expect(proven.statusCode).toBe(200);
    });

    it('accept a passkey of the member’s own as the proof', async () => {
      const email = 'proof.passkey@example.com';
      const member = await signedInMember(t, email);
      const authenticator = await registeredPasskey(member);
      t.advance(5 * 60_000 + 1000);
      const reauth = (
        await t.request({ method: 'POST', url: '/api/passkeys/reauth/options', cookie: member, body: {} })
      ).json();
      const proven = await t.request({
        method: 'POST',
        url: '/api/passkeys/reauth/verify',
        cookie: member,
        body: { response: authenticator.get(reauth) },
      });
      expect(proven.statusCode).toBe(204);
      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/password',
        cookie: member,
        body: { newPassword: 'proven by my finger' },
      });
      expect(changed.statusCode).toBe(204);
      // Another member's passkey proves nothing for this one.
      const other = await signedInMember(t, 'proof.other@example.com');
      t.advance(5 * 60_000 + 1000);
      const foreign = await t.request({
        method: 'POST',
        url: '/api/passkeys/reauth/options',
        cookie: other,
        body: {},
      });
      expect(codeOf(foreign)).toBe('passkey/not-found');
    });
  });

  describe('9. smaller leaks', () => {
    it('folds fullwidth addresses and refuses invisible characters', async () => {
      const fullwidth = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        body: { email: 'ｗｉｄｅ＠ｅｘａｍｐｌｅ．ｃｏｍ', password: PASSWORD },
        ip: uniqueIp(),
      });
      expect(fullwidth.json()).toEqual({ email: 'wide@example.com' });
      for (const email of [
        'wi\u200bde@example.com',
        'wide\u00ad@example.com',
        'wide@exa\u2060mple.com',
        '\u202ewide@example.com',
        'wi\u3164de@example.com',
      ]) {
        const refused = await t.request({
          method: 'POST',
          url: '/api/auth/signup',
          body: { email, password: PASSWORD },
          ip: uniqueIp(),
        });
        expect([JSON.stringify(email), codeOf(refused)]).toEqual([
          JSON.stringify(email),
          'auth/invalid-email',
        ]);
      }
    });

    it('serves a member’s document as bytes unless its type is safe to show', async () => {
      const member = await signedInMember(t, 'types@example.com');
      const served = async (type: string) => {
        const stored = await t.app.inject({
          method: 'PUT',
          url: `/api/documents?${new URLSearchParams({ name: 'x.bin', type })}`,
          payload: Buffer.from('<script>alert(1)</script>'),
          headers: { origin: t.origin, cookie: member, 'content-type': 'application/octet-stream' },
        });
        const download = await t.request({ method: 'GET', url: stored.json().document.url, cookie: member });
        return download.headers['content-type'];
      };
      expect(await served('text/html')).toBe('application/octet-stream');
      expect(await served('image/svg+xml')).toBe('application/octet-stream');
      expect(await served('application/xhtml+xml')).toBe('application/octet-stream');
      expect(await served('image/png')).toBe('image/png');
      expect(await served('application/pdf')).toBe('application/pdf');
    });
  });
});

describe('3 and 5. guesses and requests sent at once', () => {
  for (const store of ['database', 'Redis'] as const) {
    describe(`with limits in the ${store}`, () => {
      let t: TestApp;
      let base: string;
      let redis: Redis | undefined;
      const prefix = `attack-${crypto.randomBytes(4).toString('hex')}:`;
      beforeAll(async () => {
        const env: Record<string, string> = { TRUST_PROXY: 'true' };
        if (store === 'Redis') {
          env.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
          env.REDIS_PREFIX = prefix;
          redis = new Redis(env.REDIS_URL);
        }
        t = await startTestApp(env);
        base = await t.listening();
      });
      afterAll(async () => {
        await t.close();
        if (redis) {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length > 0) await redis.del(...keys);
          redis.disconnect();
        }
      });

      it('evaluates no more than 10 of 400 wrong guesses sent at once, then refuses the right one too', async () => {
        const email = `guessed.${store.toLowerCase()}@example.com`;
        await signedInMember(t, email);
        const answers = await Promise.all(
          Array.from({ length: 400 }, (_, index) =>
            post(
              base,
              t,
              '/api/auth/login',
              { email, password: `guess number ${index}` },
              {
                'x-forwarded-for': `100.64.${index >> 8}.${index & 255}`,
              },
            ).then((response) => response.status),
          ),
        );
        expect(answers.filter((status) => status === 401)).toHaveLength(10);
        expect(answers.filter((status) => status === 429)).toHaveLength(390);
        const right = await post(base, t, '/api/auth/login', { email, password: PASSWORD });
        expect(right.status).toBe(429);
        const body = (await right.json()) as { error: { code: string; retryAfterSeconds: number } };
        expect(body.error.code).toBe('auth/too-many-requests');
        expect(body.error.retryAfterSeconds).toBeGreaterThan(14 * 60);
        expect(right.headers.get('retry-after')).toBe(String(body.error.retryAfterSeconds));
      });

      it('evaluates at most 10 of 60 guesses sent at once with the right password among them', async () => {
        const email = `mixed.${store.toLowerCase()}@example.com`;
        await signedInMember(t, email);
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            post(base, t, '/api/auth/login', {
              email,
              password: index === 59 ? PASSWORD : `guess number ${index}`,
            }).then((response) => response.status),
          ),
        );
        const evaluated = answers.filter((status) => status === 401 || status === 200);
        expect(evaluated.length).toBeLessThanOrEqual(10);
        expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(50);
      });

      it('locks the account, not the address: a colleague behind the same address still signs in', async () => {
        const email = `locked.${store.toLowerCase()}@example.com`;
        const colleague = `colleague.${store.toLowerCase()}@example.com`;
        await signedInMember(t, email);
        await signedInMember(t, colleague);
        const office = { 'x-forwarded-for': '198.18.0.1' };
        for (let i = 0; i < 10; i++)
          await post(base, t, '/api/auth/login', { email, password: `wrong ${i}` }, office);
        expect((await post(base, t, '/api/auth/login', { email, password: PASSWORD }, office)).status).toBe(
          429,
        );
        expect(
          (await post(base, t, '/api/auth/login', { email: colleague, password: PASSWORD }, office)).status,
        ).toBe(200);
      });

      it('hashes at most 10 password-reset requests per address, however many arrive at once', async () => {
        const member = `flooded.${store.toLowerCase()}@example.com`;
        await signedInMember(t, member);
        const flood = { 'x-forwarded-for': '203.0.113.99' };
        const [answers, login] = await Promise.all([
          Promise.all(
            Array.from({ length: 400 }, (_, index) =>
              post(
                base,
                t,
                '/api/auth/password-reset',
                {
                  email: `fresh${index}.${store.toLowerCase()}@example.com`,
                  newPassword: 'a brand new password',
                },
                flood,
              ).then((response) => response.status),
            ),
          ),
          // A member signing in meanwhile from elsewhere is not refused for the flood's address.
          post(base, t, '/api/auth/login', { email: member, password: PASSWORD }).then((response) => ({
            status: response.status,
          })),
        ]);
        expect(answers.filter((status) => status === 202)).toHaveLength(10);
        expect(answers.filter((status) => status === 429)).toHaveLength(390);
        expect(login.status).toBe(200);
      });

      it('hands an address at most 30 anonymous passkey challenges in 10 minutes', async () => {
        const answers = await Promise.all(
          Array.from({ length: 100 }, () =>
            post(base, t, '/api/passkeys/login/options', {}, { 'x-forwarded-for': '203.0.113.50' }).then(
              (response) => response.status,
            ),
          ),
        );
        expect(answers.filter((status) => status === 200)).toHaveLength(30);
        expect(answers.filter((status) => status === 429)).toHaveLength(70);
      });
    });
  }
});

describe('7. a quota raced by uploads sent at once', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ USER_QUOTA_MB: '3' });
    base = await t.listening();
  });
  afterAll(async () => {
    await t.close();
  });

  const used = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/documents', cookie })).json().usedBytes as number;

  for (const [label, chunked] of [
    ['with their length declared', false],
    ['streamed without a length', true],
  ] as const) {
    it(`keeps the quota with 12 uploads of 1 MB at once, ${label}`, async () => {
      const member = await signedInMember(t, `quota.${chunked ? 'chunked' : 'sized'}@example.com`);
      const megabyte = Buffer.alloc(1024 * 1024, 7);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          fetch(`${base}/api/documents?name=part${index}.bin`, {
            method: 'PUT',
            headers: { origin: t.origin, cookie: member, 'content-type': 'application/octet-stream' },
            body: chunked ? new Blob([megabyte]).stream() : megabyte,
            ...(chunked ? { duplex: 'half' } : {}),
          } as RequestInit).then((response) => response.status),
        ),
      );
      expect(await used(member)).toBeLessThanOrEqual(3 * 1024 * 1024);
      expect(answers.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
      expect(answers.every((status) => status === 201 || status === 402)).toBe(true);
      const held = await t.database.db.selectFrom('upload_reservations').selectAll().execute();
      expect(held).toEqual([]);
    });
  }
});

describe('9. the access log', () => {
  it('never holds a mailed link’s code or any query value', async () => {
    const lines: string[] = [];
    const t = await startTestApp(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    );
    try {
      const secret = crypto.randomBytes(32).toString('base64url');
      await t.request({ method: 'GET', url: `/auth/action?mode=resetPassword&oobCode=${secret}&lang=ko` });
      await t.request({ method: 'GET', url: `/unsubscribe?token=${secret}&lang=en` });
      await t.request({ method: 'POST', url: '/api/auth/action/info', body: { token: secret } });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(secret);
      expect(lines.join('\n')).toContain('/auth/action?mode=…&oobCode=…&lang=…');
    } finally {
      await t.close();
    }
  });
});
