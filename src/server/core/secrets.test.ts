import { describe, expect, it } from 'vitest';
import { shownSetting, unreachable, whereOf, withoutPasswords } from './secrets.js';

describe('what the server prints of secrets', () => {
  it('drops the password of every URL in a text, an @ inside it too', () => {
    expect(withoutPasswords('postgres://me:pw@db:5432/x and redis://:pw2@cache')).toBe(
      'postgres://me:***@db:5432/x and redis://:***@cache',
    );
    expect(withoutPasswords('postgres://me:p@ss@db/x')).toBe('postgres://me:***@db/x');
    expect(withoutPasswords('http://example.com/a@b')).toBe('http://example.com/a@b');
  });

  it('shows a secret variable by its length only, and other values as given', () => {
    expect(shownSetting('GOOGLE_CLIENT_ID', 'abc.apps.googleusercontent.com')).toBe(
      '"abc.apps.googleusercontent.com"',
    );
    expect(shownSetting('S3_SECRET_ACCESS_KEY', 'x'.repeat(40))).toBe('(hidden, 40 characters)');
    expect(shownSetting('PORT', undefined)).toBe('(not set)');
  });

  it('names where a URL points without its password', () => {
    expect(whereOf('postgres://genie:pw@db.internal:5433/mygenie')).toBe('genie@db.internal:5433/mygenie');
    expect(whereOf('redis://:pw@cache:6379')).toBe('cache:6379');
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
