import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shownSetting, withoutPasswords } from './secrets.js';
import { ConfigError, loadConfig, insecurePublicUrl } from './config.js';

describe('configuration', () => {
  it('needs nothing: port 3000, SQLite under data/, mail to the outbox', () => {
    const config = loadConfig({}, '/srv/mygenie');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('/srv/mygenie/data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      trustProxy: false,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/mygenie',
        DATABASE_URL: 'postgres://u@db/mygenie',
        PUBLIC_URL: 'https://mygenie.example/',
        SMTP_URL: 'smtps://user:pw@mail.example:465',
        ADMIN_EMAILS: ' Admin@Example.com, ops@example.com ',
        TRUST_PROXY: 'true',
      },
      '/',
    );
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://mygenie.example');
    expect(config.adminEmails).toEqual(['admin@example.com', 'ops@example.com']);
    expect(config.trustProxy).toBe(true);
    expect(config.redis).toBeUndefined();
    expect(config.sqliteSynchronous).toBe('full');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).toBe('normal');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.example:6380/0' }).redis).toEqual({
      url: 'rediss://:pw@cache.example:6380/0',
      prefix: 'mygenie:',
    });
    expect(loadConfig({ REDIS_URL: 'redis://cache', REDIS_PREFIX: 'staging:' }).redis?.prefix).toBe(
      'staging:',
    );
  });

  it('reads the storage settings, and refuses S3 settings given only in part', () => {
    const config = loadConfig({
      MAX_UPLOAD_MB: '2',
      USER_QUOTA_MB: '3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'mygenie-files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.maxUploadBytes).toBe(2 * 1024 * 1024);
    expect(config.userQuotaBytes).toBe(3 * 1024 * 1024);
    expect(config.s3).toMatchObject({ bucket: 'mygenie-files', region: 'us-east-1', forcePathStyle: true });
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'mygenie-files' })).toThrow(/must be set together/);
  });

  it('reads who may sign up: open by default, closed, or kept to domains written as a host would', () => {
    expect(loadConfig({}).signups).toEqual({ open: true, domains: [] });
    expect(loadConfig({ SIGNUPS_ALLOWED: 'false' }).signups).toEqual({ open: false, domains: [] });
    expect(loadConfig({ SIGNUPS_DOMAINS: ' Example.COM, @corp.example.org ,' }).signups).toEqual({
      open: true,
      domains: ['example.com', 'corp.example.org'],
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['ADMIN_EMAILS', 'not-an-email'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['MAX_UPLOAD_MB', '0'],
    ['USER_QUOTA_MB', 'lots'],
    ['S3_BUCKET', 'Bad_Bucket'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_PREFIX', 'has space'],
    ['SQLITE_SYNCHRONOUS', 'off'],
    ['SIGNUPS_ALLOWED', 'closed'],
    ['SIGNUPS_DOMAINS', 'example.com, not a domain'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name} .*\\(got "${value}"\\)`));
  });

  it('names an address it cannot read by its length alone', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(
      'PUBLIC_URL must be an http:// or https:// URL (got (an address that could not be read, 9 characters))',
    );
  });

  it('never prints a password or key it refuses', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const database = refusal({ DATABASE_URL: 'mysql://admin:S3cretPw@db/x' });
    expect(database).toContain('DATABASE_URL must be a postgres:// URL (got "mysql://admin:***@db/x")');
    expect(database).not.toContain('S3cretPw');
    expect(refusal({ REDIS_URL: 'http://:hunter2@cache:6379' })).not.toContain('hunter2');
    expect(refusal({ SMTP_URL: 'http://mailer:pa55@mail.example' })).toContain(
      '"http://mailer:***@mail.example"',
    );
    // What a refused address shows is its parsed form: query secrets go too.
    expect(refusal({ DATABASE_URL: 'mysql://db/x?password=Hunter2' })).toContain(
      '"mysql://db/x?password=***"',
    );
    // A value that is a secret as a whole shows only its length.
    expect(shownSetting('S3_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG')).toBe('(hidden, 21 characters)');
    expect(shownSetting('S3_ACCESS_KEY_ID', 'AKIAEXAMPLE')).toBe('(hidden, 11 characters)');
    expect(withoutPasswords('connect to postgres://me:p@ss:w0rd@db:5432/x failed')).not.toContain('w0rd');
  });

  /** What main.ts prints when the configuration is refused. */
  const startRefusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) {
        return `MyGenie cannot start. ${error.message}\nSee the README's Configuration section.`;
      }
      throw error;
    }
    throw new Error(`accepted: ${JSON.stringify(env)}`);
  };

  it.each([
    ['DATABASE_URL', 'postgres', 'db.internal/mygenie'],
    ['REDIS_URL', 'redis', 'cache.internal:6379'],
    ['SMTP_URL', 'smtps', 'mail.example:465'],
    ['PUBLIC_URL', 'https', 'mygenie.example'],
  ])('refuses a malformed %s without printing its password', (name, scheme, host) => {
    const passwords = ['Sec/ret1', 'Pq/Zx@Wv9', 'Qa/Zs:Xd', 'Hash/Tg7#', 'Qu/Ry?17', 'Wq/Zk Jx', 'Ün/ï©비밀'];
    for (const password of passwords) {
      for (const value of [
        // A password with a `/` ends the host for a URL parser: these do not parse.
        `${scheme}://admin:${password}@${host}`,
        // Malformed: no `:` after the scheme, or no host.
        `${scheme}//admin:${password}@${host}`,
        `${scheme}://admin:${password}@`,
        // Another scheme's (refused), written as the operator would.
        `ftp://admin:${password}@${host}`,
        `"${scheme}://admin:${password}@${host}"`,
      ]) {
        const printed = startRefusal({ [name]: value });
        expect(printed).toContain(`${name} must be`);
        for (const piece of password.split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
          expect(printed, `${value} → ${printed}`).not.toContain(piece);
        }
      }
    }
  });

  it('prints a refused address that parses with *** for its password, whatever the password holds', () => {
    for (const password of ['p@ss:word', 'with space', 'ünï©ødé', 'enc%2Foded']) {
      const printed = startRefusal({ DATABASE_URL: `mysql://admin:${password}@db.internal/x` });
      expect(printed).toContain(
        'DATABASE_URL must be a postgres:// URL (got "mysql://admin:***@db.internal/x")',
      );
    }
  });
});

describe('an address browsers give no Web Crypto (issue 43)', () => {
  it.each([
    ['http://192.168.0.10:3000', true],
    ['http://mygenie.home.arpa', true],
    ['http://10.0.0.2', true],
    ['http://[fd00::1]:3000', true],
    ['http://localhost:3000', false],
    ['http://app.localhost', false],
    ['http://127.0.0.1:3000', false],
    ['http://127.8.9.10', false],
    ['http://[::1]:3000', false],
    ['https://192.168.0.10', false],
    ['https://mygenie.example', false],
  ])('%s is plain http off this computer: %s', (url, insecure) => {
    expect(insecurePublicUrl(url)).toBe(insecure);
  });
});
