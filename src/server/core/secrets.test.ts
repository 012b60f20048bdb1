import { describe, expect, it } from 'vitest';
import {
  addressesIn,
  shownAddress,
  shownSetting,
  unreachable,
  whereOf,
  withoutPasswords,
} from './secrets.js';

/**
 * Passwords an operator may well choose, each with something a pattern would stop at, made of pieces found nowhere
 * else in the texts they are put in (each piece is looked for in what is shown).
 */
const HOSTILE_PASSWORDS = [
  'Sec/ret1',
  'Pq@Zx@Wv9',
  'Qa:Zs:Xd',
  'Hash#Tg7',
  'Qu?Ry=17',
  'Enc%2FXy',
  'Wq Zk Jx',
  'Ünï©-비밀',
  'Aq//Bz@Cx:Dy#Ev?Fw',
  '97/86',
  '"Qt"',
  '(Pr)',
];
/** The pieces of a password that must not be shown: its runs of letters and digits. */
const piecesOf = (password: string) => password.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

describe('what the server prints of secrets', () => {
  it('drops the password of every URL in a text, an @ inside it too', () => {
    expect(withoutPasswords('postgres://me:pw@db:5432/x\nredis://:pw2@cache')).toBe(
      'postgres://me:***@db:5432/x\nredis://:***@cache',
    );
    expect(withoutPasswords('postgres://me:p@ss@db/x')).toBe('postgres://me:***@db/x');
    expect(withoutPasswords('http://example.com/a@b')).toBe('http://example.com/a@b');
    expect(withoutPasswords('connect ECONNREFUSED 127.0.0.1:5432')).toBe(
      'connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(withoutPasswords('no user: postgres://genie@db/x')).toBe('no user: postgres://genie@db/x');
  });

  it('drops more rather than less when a line cannot be told apart: from the first : to the last @', () => {
    // The first URL's password could be "pw@db:5432/x and redis://:pw2": nothing tells it is not.
    expect(withoutPasswords('postgres://me:pw@db:5432/x and redis://:pw2@cache')).toBe(
      'postgres://me:***@cache',
    );
  });

  it.each(HOSTILE_PASSWORDS)(
    'keeps the password %j out of a driver message, however the URL is written',
    (password) => {
      const said = [
        `connect to postgres://genie:${password}@db.internal:5432/mygenie failed`,
        `connection string "postgres://genie:${password}@db.internal/mygenie" is wrong`,
        `connection string 'postgres://genie:${password}@db.internal/mygenie' is wrong`,
        `refused (postgres://genie:${password}@db.internal/mygenie)`,
        `bad URL <smtps://mailer:${password}@mail.example:465>`,
        `postgres//genie:${password}@db.internal/mygenie`,
        `postgres:/genie:${password}@db.internal`,
        `postgres:genie:${password}@db.internal`,
        `postgres://genie:${password}@`,
        `redis://:${password}@cache:6379/0`,
        `rediss://default:${password}@cache.example:6380`,
        `https://admin:${password}@mygenie.example/`,
      ];
      for (const text of said) {
        const shown = withoutPasswords(text);
        for (const part of piecesOf(password)) {
          expect(shown, `${text} → ${shown}`).not.toContain(part);
        }
        expect(shown).toContain('***');
      }
      // What can be told apart stays: the scheme, the user, the host.
      expect(withoutPasswords(`failed: postgres://genie:${password}@db.internal/mygenie`)).toBe(
        'failed: postgres://genie:***@db.internal/mygenie',
      );
    },
  );

  it('drops secret query values of a URL it can parse', () => {
    expect(withoutPasswords('at postgres://db/x?sslmode=require&password=hunter2 now')).toBe(
      'at postgres://db/x?sslmode=require&password=*** now',
    );
    expect(withoutPasswords('GET https://s3.example/b/k?X-Amz-Signature=abc123&x=1')).not.toContain('abc123');
  });

  it("drops a configured address's secrets wherever a driver repeats them", () => {
    // PostgreSQL names the database `user:pw@host` for `postgres:/user:pw@host` (no host: the path is the database).
    const url = 'postgres:/genie:Sec/ret1@db';
    expect(withoutPasswords('database "genie:Sec/ret1@db" does not exist', [url])).not.toContain('Sec');
    expect(withoutPasswords('password "Sec/ret1" was refused', [url])).not.toContain('Sec/ret1');
    expect(withoutPasswords('password "p/w@x" refused', ['postgres://u:p%2Fw%40x@db'])).toBe(
      'password "***" refused',
    );
    expect(
      addressesIn({ DATABASE_URL: 'postgres://a:b@c', PORT: '3000', S3_ENDPOINT: 'http://s3', X: undefined }),
    ).toEqual(['postgres://a:b@c', 'http://s3']);
  });

  it('shows an address parsed and without its password, or not at all', () => {
    expect(shownAddress('postgres://genie:pw@db.internal:5433/mygenie')).toBe(
      'postgres://genie:***@db.internal:5433/mygenie',
    );
    expect(shownAddress('https://mygenie.example')).toBe('https://mygenie.example');
    expect(shownAddress('smtps://mailer:pä ss@mail.example:465')).toBe('smtps://mailer:***@mail.example:465');
    expect(shownAddress('postgres://db/x?password=hunter2&sslmode=require')).toBe(
      'postgres://db/x?password=***&sslmode=require',
    );
    for (const password of HOSTILE_PASSWORDS) {
      for (const value of [
        `postgres://genie:${password}@db/x`,
        `redis://:${password}@cache:6379`,
        `smtp://mailer:${password}@mail.example:587`,
        `https://admin:${password}@mygenie.example`,
      ]) {
        const shown = shownAddress(value);
        for (const part of piecesOf(password)) {
          expect(shown, `${value} → ${shown}`).not.toContain(part);
        }
      }
    }
    // Malformed, or parsed with a piece of the password as a port or a path: not shown.
    for (const value of [
      'postgres//user:pw@host',
      'postgres:/user:pw@host',
      'postgres:user:pw@host',
      'postgres://user:pw@',
      'postgres://me:123/ret1@db/x',
      'https://me:12#34@host',
      'https://me:12?34@host',
      'not a url',
    ]) {
      expect(shownAddress(value)).toBe(`(an address that could not be read, ${value.length} characters)`);
      expect(shownSetting('DATABASE_URL', value)).toBe(
        `(an address that could not be read, ${value.length} characters)`,
      );
    }
    // A setting's value is quoted, as every other setting's.
    expect(shownSetting('PUBLIC_URL', 'https://admin:Sec/ret@mygenie.example')).toBe(
      '(an address that could not be read, 37 characters)',
    );
    expect(shownSetting('SMTP_URL', 'smtp://mailer:Sec@ret@mail.example')).toBe(
      '"smtp://mailer:***@mail.example"',
    );
  });

  it('shows a secret variable by its length only, and other values as given', () => {
    expect(shownSetting('GOOGLE_CLIENT_ID', 'abc.apps.googleusercontent.com')).toBe(
      '"abc.apps.googleusercontent.com"',
    );
    expect(shownSetting('S3_SECRET_ACCESS_KEY', 'x'.repeat(40))).toBe('(hidden, 40 characters)');
    expect(shownSetting('PORT', undefined)).toBe('(not set)');
  });

  it('names where a URL points without its password, and nothing of one it cannot read', () => {
    expect(whereOf('postgres://genie:pw@db.internal:5433/mygenie')).toBe('genie@db.internal:5433/mygenie');
    expect(whereOf('redis://:pw@cache:6379')).toBe('cache:6379');
    for (const url of [
      'postgres://genie:Sec/ret1@db/x',
      'postgres:/genie:pw@db',
      'postgres://genie:123/ret1@db/x',
    ]) {
      expect(whereOf(url)).toBe(`(an address that could not be read, ${url.length} characters)`);
    }
  });

  it('says nothing of the password when PostgreSQL repeats a malformed DATABASE_URL', () => {
    const message = unreachable('PostgreSQL', 'postgres:/genie:Sec/ret1@db', {
      code: '3D000',
      message: 'database "genie:Sec/ret1@db" does not exist',
    }).message;
    expect(message).toContain('the database does not exist');
    expect(message).not.toContain('Sec');
    expect(message).not.toContain('ret1');
  });

  it.each([
    [{ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.internal' }, 'its host name was not found'],
    [
      { code: '28P01', message: 'password authentication failed for user "genie"' },
      'refused the user or password',
    ],
    [{ code: '3D000', message: 'database "mygenie" does not exist' }, 'the database does not exist'],
    [{ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' }, 'it did not answer'],
  ])('says what to check when PostgreSQL fails with %o', (cause, advice) => {
    const message = unreachable('PostgreSQL', 'postgres://genie:pw@db.internal/mygenie', cause).message;
    expect(message).toContain(
      'PostgreSQL at genie@db.internal/mygenie (DATABASE_URL) could not be reached: ',
    );
    expect(message).toContain(advice);
    expect(message).not.toContain(':pw');
  });

  it('says a wrong Redis password as such', () => {
    const message = unreachable(
      'Redis',
      'redis://:pw@cache:6379',
      new Error('WRONGPASS invalid username-password pair'),
    ).message;
    expect(message).toContain(
      'Redis at cache:6379 (REDIS_URL) could not be reached: it refused the password.',
    );
  });
});
