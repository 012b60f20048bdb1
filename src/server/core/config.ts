// Configuration is read once at start from the environment and validated; a bad value stops the process
// with a message that names the variable. Every variable is documented in the README with its default.
import path from 'node:path';
import { z } from 'zod';
import { shownSetting } from './secrets.js';

const port = z.coerce
  .number({ error: 'must be a whole number between 1 and 65535' })
  .int({ error: 'must be a whole number between 1 and 65535' })
  .min(1, { error: 'must be a whole number between 1 and 65535' })
  .max(65535, { error: 'must be a whole number between 1 and 65535' });

const megabytes = z.coerce
  .number({ error: 'must be a whole number of megabytes (1 or more)' })
  .int({ error: 'must be a whole number of megabytes (1 or more)' })
  .min(1, { error: 'must be a whole number of megabytes (1 or more)' })
  .max(1024 * 1024, { error: 'must be at most 1048576 (1 TiB)' });

const count = z.coerce
  .number({ error: 'must be a whole number (0 for no limit)' })
  .int({ error: 'must be a whole number (0 for no limit)' })
  .min(0, { error: 'must be a whole number (0 for no limit)' })
  .max(1_000_000, { error: 'must be at most 1000000' });

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const url = (protocols: string[], hint: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: hint },
  );

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((items) => items.every((item) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(item)), {
    error: 'must be a comma-separated list of e-mail addresses',
  });

const domainList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
  )
  .refine(
    (items) =>
      items.every((item) => /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(item)),
    {
      error: 'must be a comma-separated list of domains (example.com, example.org)',
    },
  );

const environment = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'must be a postgres:// URL').optional(),
  SQLITE_SYNCHRONOUS: z.enum(['normal', 'full'], { error: 'must be normal or full' }).default('full'),
  REDIS_URL: url(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL').optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'must be 1–64 letters, digits or : _ . -' })
    .default('mygenie:'),
  PUBLIC_URL: url(['http:', 'https:'], 'must be an http:// or https:// URL').optional(),
  SMTP_URL: url(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('MyGenie <no-reply@mygenie.local>'),
  ADMIN_EMAILS: emailList.default([]),
  SIGNUPS_ALLOWED: flag.default(true),
  SIGNUPS_DOMAINS: domainList.default([]),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIR: z.string().min(1).optional(),
  MAX_UPLOAD_MB: megabytes.default(512),
  USER_QUOTA_MB: megabytes.default(1024),
  S3_ENDPOINT: url(['http:', 'https:'], 'must be an http:// or https:// URL').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a valid bucket name' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  ALLOW_PRIVATE_ADDRESSES: flag.default(false),
  MAX_CONNECTIONS: count.default(10_000),
  MAX_CONNECTIONS_PER_ADDRESS: count.optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,200}$/, { error: 'must be 24 to 200 visible ASCII characters' })
    .optional(),
  GOOGLE_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]{1,200}$/, { error: 'must be an OAuth client id' })
    .optional(),
  GOOGLE_AUTH_URL: url(['https:', 'http:'], 'must be an http:// or https:// URL').default(
    'https://accounts.google.com/o/oauth2/v2/auth',
  ),
  GOOGLE_API_URL: url(['https:', 'http:'], 'must be an http:// or https:// URL').default(
    'https://www.googleapis.com',
  ),
  SUPPORT_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an e-mail address' })
    .optional(),
});

/** An S3-compatible bucket for stored files (src/server/storage/s3.ts). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * Whether browsers would give the app no Web Crypto at `publicUrl` (docs/deploy.md, "HTTPS on a single server"):
 * plain http on an address other than this computer's own. The vault cannot be made or opened there.
 */
export function insecurePublicUrl(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host));
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * SQLite's `synchronous` setting (write-ahead log): `full` keeps every commit through a power cut, at a disk
   * flush per commit; `normal` only through a crash of the server process, without the flush.
   */
  sqliteSynchronous: 'normal' | 'full';
  /** Shared rate limits and live device news across server processes; PostgreSQL or one process without. */
  redis: { url: string; prefix: string } | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  /**
   * Who may make an account (src/server/accounts/signup-policy.ts): anyone when `open`; with `domains`, only
   * addresses at them (whatever `open` says); the addresses in ADMIN_EMAILS and those an admin invited, always.
   */
  signups: { open: boolean; domains: string[] };
  trustProxy: boolean;
  logLevel: string;
  /** Where the built website is; the server serves it when it exists. */
  webDir: string;
  maxUploadBytes: number;
  userQuotaBytes: number;
  /** S3-compatible storage; local disk under dataDir/files when absent. */
  s3: S3Settings | undefined;
  /** Where member inquiries are mailed; stored only when absent. */
  supportEmail: string | undefined;
  /** Requests to member-given addresses (WebDAV relay, push endpoints) may reach private ones (self-hosting, tests). */
  allowPrivateAddresses: boolean;
  /** Most connections the server keeps at once (0: no limit). */
  maxConnections: number;
  /** Most connections from one client address (0: no limit); off by default behind a proxy, whose job it is. */
  maxConnectionsPerAddress: number;
  /** Google Drive backups (OAuth in the browser, Drive v3); hidden in the app when absent. */
  googleDrive: { clientId: string; authUrl: string; apiUrl: string } | undefined;
  /** The bearer token of GET /api/metrics; without it there is no metrics route. */
  metricsToken: string | undefined;
}

/** Every variable the server reads (compose.yaml and the Dockerfile may set only these: compose.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(environment.shape);

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv, root = process.cwd()): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = environment.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name} ${issue.message} (got ${shownSetting(name, present[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = result.data;
  const s3Values = [
    values.S3_ENDPOINT,
    values.S3_BUCKET,
    values.S3_ACCESS_KEY_ID,
    values.S3_SECRET_ACCESS_KEY,
  ];
  if (s3Values.some(Boolean) && !s3Values.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or none of them)',
    );
  }
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(root, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    sqliteSynchronous: values.SQLITE_SYNCHRONOUS,
    redis: values.REDIS_URL ? { url: values.REDIS_URL, prefix: values.REDIS_PREFIX } : undefined,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    adminEmails: values.ADMIN_EMAILS,
    signups: { open: values.SIGNUPS_ALLOWED, domains: values.SIGNUPS_DOMAINS },
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    webDir: path.resolve(root, values.WEB_DIR ?? 'dist/web'),
    maxUploadBytes: values.MAX_UPLOAD_MB * 1024 * 1024,
    userQuotaBytes: values.USER_QUOTA_MB * 1024 * 1024,
    s3:
      values.S3_ENDPOINT && values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: values.S3_ENDPOINT,
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    supportEmail: values.SUPPORT_EMAIL,
    allowPrivateAddresses: values.ALLOW_PRIVATE_ADDRESSES,
    maxConnections: values.MAX_CONNECTIONS,
    maxConnectionsPerAddress: values.MAX_CONNECTIONS_PER_ADDRESS ?? (values.TRUST_PROXY ? 0 : 128),
    metricsToken: values.METRICS_TOKEN,
    googleDrive: values.GOOGLE_CLIENT_ID
      ? {
          clientId: values.GOOGLE_CLIENT_ID,
          authUrl: values.GOOGLE_AUTH_URL,
          apiUrl: values.GOOGLE_API_URL.replace(/\/+$/, ''),
        }
      : undefined,
  };
}
