// Hostile and malformed bodies get a coded 400 (never a 500) and write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../shared/errors.js';
import { startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ROUTES = [
  '/api/auth/signup',
  '/api/auth/login',
  '/api/auth/resend-verification',
  '/api/auth/password',
  '/api/auth/password-reset',
  '/api/auth/action/info',
  '/api/auth/verify-email',
  '/api/auth/reset-password',
];

async function rowCounts() {
  const count = async (table: 'users' | 'sessions' | 'email_tokens') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    sessions: await count('sessions'),
    tokens: await count('email_tokens'),
  };
}

const long = 'x'.repeat(10_000);
const BODIES: Array<[string, unknown]> = [
  ['malformed JSON', '{"email": "a@b.co", '],
  ['a JSON array', '[1,2,3]'],
  ['a JSON string', '"hello"'],
  ['null', 'null'],
  ['wrong types', { email: 42, password: true, newPassword: ['x'], token: {}, lang: 7 }],
  [
    '10,000-character fields',
    { email: `${long}@example.com`, password: long, newPassword: long, token: long },
  ],
  [
    'control characters',
    { email: 'a\u0000b@example.com', password: 'pass\u0007word!', newPassword: 'new\u001bpassword' },
  ],
  [
    'SQL metacharacters',
    { email: "' OR 1=1 --@x.com", password: "' OR '1'='1", newPassword: "'; DROP TABLE users; --" },
  ],
  ['HTML', { email: '<img src=x onerror=alert(1)>@x.com', password: '<b>', token: '<script>' }],
  ['unknown fields', { email: 'a@example.com', password: 'long enough pw', lang: 'ko', isAdmin: true }],
  [
    'a wrong language',
    { email: 'a@example.com', password: 'long enough pw', newPassword: 'long enough pw', lang: 'fr' },
  ],
];

describe('bad input', () => {
  for (const [label, body] of BODIES) {
    it(`answers ${label} with a coded 400 on every route and writes nothing`, async () => {
      const before = await rowCounts();
      for (const url of ROUTES) {
        const response = await t.request({ method: 'POST', url, body });
        // The password change needs a session before it reads the body.
        const expected = url === '/api/auth/password' ? [400, 401] : [400];
        expect(expected, `${url}: ${response.body}`).toContain(response.statusCode);
        const error = response.json().error;
        expect(typeof error.code).toBe('string');
        expect(error.message.length).toBeGreaterThan(0);
        expect(response.body).not.toContain('<script>');
      }
      expect(await rowCounts()).toEqual(before);
    });
  }

  it('answers a body over the size limit with request/too-large', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      body: { email: 'big@example.com', password: 'y'.repeat(200_000) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('request/too-large');
  });

  it('names the rule a field broke', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/api/auth/signup', { email: 'a@example.com', password: 'p'.repeat(129) }, 'auth/password-too-long'],
      [
        '/api/auth/signup',
        { email: 'a@example.com', password: 'bell\u0007 password' },
        'request/invalid-characters',
      ],
      ['/api/auth/signup', { email: 'a@example.com', password: '        ' }, 'auth/weak-password'],
      ['/api/auth/signup', { email: 'a@example.com' }, 'request/invalid'],
      ['/api/auth/login', { email: 'a@example.com', password: '' }, 'auth/invalid-login-credentials'],
      ['/api/auth/login', { email: 'a@example.com', password: 'x', idleMinutes: 7 }, 'request/invalid'],
      [
        '/api/auth/password-reset',
        { email: 'a@example.com', newPassword: 'long enough', lang: 'de' },
        'request/invalid',
      ],
      ['/api/auth/action/info', { token: 'short' }, 'auth/invalid-action-code'],
      ['/api/auth/verify-email', { token: 'short', password: 'x' }, 'auth/invalid-action-code'],
      [
        '/api/auth/reset-password',
        { token: 'A'.repeat(43), newPassword: 'long enough', chosen: 'yes' },
        'request/invalid',
      ],
      [
        '/api/auth/signup',
        { email: 'me\u200b@example.com', password: 'long enough pw' },
        'auth/invalid-email',
      ],
    ];
    for (const [url, body, code] of cases) {
      const response = await t.request({ method: 'POST', url, body });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(ERROR_CODES[code as ErrorCode]);
      expect(response.json().error.code, `${url} ${JSON.stringify(body)}`).toBe(code);
    }
  });

  it('answers malformed JSON with request/malformed-json', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login', body: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'request/malformed-json',
      message: 'The request is not in a valid format.',
    });
  });

  it('answers a body that is not JSON with a coded 415', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('request/unsupported-media-type');
  });

  it('answers unknown API paths with a coded 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('request/not-found');
  });
});
