// The mixed workload of the load test: virtual users who open pages, check their session, read the notices,
// log in and download the published program, as members do. Used by `npm run bench:load` (500 users, 60 s, on
// SQLite and PostgreSQL) and, shortened, by the load test in e2e/load.test.ts.
import { runLoad } from './load.mjs';
import { PASSWORD, startBenchServer } from './server.mjs';

/**
 * Virtual users per member (each a browser of theirs). A sign-in holds a reservation against its account's limit
 * (LOGIN_FAILURE_LIMIT, 10 in 15 minutes) until its password is found right, so more than 10 browsers of one
 * account signing in at the same instant get 429: 500 users on 40 members (13 each, all signing in at the start)
 * were refused 207 times. Members do not sign in from a dozen browsers in the same second; five stay well under.
 */
const USERS_PER_MEMBER = 5;
const PROGRAM_BYTES = 256 * 1024;

/**
 * Starts a server, seeds it (an admin, members, notices in both languages, a published program) and runs
 * `users` virtual users for `seconds`.
 * @param {{ database: 'sqlite' | 'postgres'; users: number; seconds: number; thinkMs?: number; env?: Record<string, string> }} options
 */
export async function mixedLoad({ database, users, seconds, thinkMs = 250, env = {} }) {
  const admin = `load-admin-${database}@bench.example`;
  const server = await startBenchServer({ database, env: { ADMIN_EMAILS: admin, ...env } });
  try {
    const adminCookie = await server.member(admin);
    for (const lang of ['ko', 'en']) {
      for (let index = 0; index < 10; index++) {
        await server.post(
          '/api/notices',
          { lang, title: `${lang} notice ${index}`, content: `Notice body ${index}. `.repeat(30) },
          { cookie: adminCookie },
        );
      }
    }
    const program = Buffer.alloc(PROGRAM_BYTES, 7);
    const upload = await fetch(
      `${server.base}/api/files?filename=MyGenie-setup.exe&name=MyGenie&description=Installer&version=1.0.0&category=program&latest=true`,
      {
        method: 'PUT',
        headers: { origin: server.base, cookie: adminCookie, 'content-type': 'application/octet-stream' },
        body: program,
      },
    );
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
    const fileId = /** @type {{ file: { id: string } }} */ (await upload.json()).file.id;
    /** @type {string[]} */
    const members = [];
    /** The device cookie of each virtual user's browser: one of its member's known devices. @type {string[]} */
    const devices = [];
    const memberCount = Math.ceil(users / USERS_PER_MEMBER);
    const perMember = Math.ceil(users / memberCount);
    for (let index = 0; index < memberCount; index++) {
      const email = `load-${index}@bench.example`;
      const first = await server.member(email);
      members.push(email);
      for (const [slot, device] of (await server.knownBrowsers(email, first, perMember)).entries()) {
        devices[slot * memberCount + index] = device;
      }
    }

    /** Each user's session cookie, once logged in. @type {(string | undefined)[]} */
    const cookies = [];
    const json = { 'content-type': 'application/json', origin: server.base };
    const result = await runLoad({
      url: server.base,
      connections: users,
      durationMs: seconds * 1000,
      thinkMs,
      next(user, step) {
        const cookie = cookies[user];
        const lang = user % 2 ? 'en' : 'ko';
        // Log in first, and again now and then.
        if (!cookie || step % 40 === 39) {
          return {
            name: 'login',
            method: 'POST',
            path: '/api/auth/login',
            // Members sign in from addresses of their own (the server trusts X-Forwarded-For here), not all
            // from one: the failure limits are per address.
            headers: {
              ...json,
              cookie: devices[user] ?? '',
              'x-forwarded-for': `10.200.${(user >> 8) & 255}.${user & 255}`,
            },
            body: JSON.stringify({ email: members[user % memberCount], password: PASSWORD }),
            expect: (answer) =>
              answer.status === 200 && /mg_session=/.test(String(answer.headers['set-cookie'])),
          };
        }
        switch (step % 6) {
          case 0:
            return {
              name: 'page',
              path: `/?lang=${lang}`,
              expect: (a) => a.status === 200 && a.body.includes('MyGenie'),
            };
          case 1:
            return {
              name: 'session',
              path: '/api/session',
              headers: { cookie },
              expect: (a) => a.status === 200 && a.body.includes('"uid"'),
            };
          case 2:
            return {
              name: 'notices',
              path: `/api/notices?lang=${lang}`,
              expect: (a) => a.status === 200 && a.body.includes(`${lang} notice 9`),
            };
          case 3:
            return { name: 'page', path: `/download?lang=${lang}`, expect: (a) => a.status === 200 };
          case 4:
            return {
              name: 'files',
              path: '/api/files',
              headers: { cookie },
              expect: (a) => a.status === 200 && a.body.includes(fileId),
            };
          default:
            return {
              name: 'download',
              path: `/api/files/${fileId}/download`,
              headers: { cookie },
              expect: (a) => a.status === 200 && a.body.length === PROGRAM_BYTES,
            };
        }
      },
      onAnswer(user, answer, request) {
        if (request.name !== 'login') return;
        const cookie = /mg_session=[^;]+/.exec(String(answer.headers['set-cookie']))?.[0];
        if (cookie) cookies[user] = cookie;
      },
    });
    return { ...result, database, users, seconds };
  } finally {
    await server.stop();
  }
}
