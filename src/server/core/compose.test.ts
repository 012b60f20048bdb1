// The deployment files as `docker compose config` would read them, with no container runtime here: compose.yaml and
// compose.scaled.yaml interpolated from a `.env` by compose's own rules (${VAR}, ${VAR:-default}, ${VAR-default},
// ${VAR:?error}, ${VAR?error}, $$), then checked. Our services pass the server only variables src/server/core/config.ts
// reads, with values it accepts; the scaled setup refuses to start without its passwords, naming the one missing; no
// password is written in a file; every image pulled is pinned to a release; and the Dockerfile sets only settings too.
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { imageRuns, imageSettings } from '../../../scripts/image-steps.mjs';
import { CONFIG_VARIABLES, loadConfig } from './config.js';

const root = path.resolve(import.meta.dirname, '../../..');
const FILES = ['compose.yaml', 'compose.scaled.yaml'] as const;

type Variables = Readonly<Record<string, string | undefined>>;

/**
 * One string interpolated as compose does it (compose-go's template rules, those our files use): `$$` is a `$`;
 * `$VAR` and `${VAR}` its value, empty when unset; `${VAR:-default}` the default when VAR is unset or empty,
 * `${VAR-default}` only when unset; `${VAR:?message}` fails when unset or empty, `${VAR?message}` only when unset;
 * a default may hold interpolations of its own. Any other `$` is an error, as compose's "invalid interpolation format".
 */
function interpolate(text: string, variables: Variables, where = ''): string {
  let out = '';
  for (let at = 0; at < text.length;) {
    const dollar = text.indexOf('$', at);
    if (dollar === -1) {
      out += text.slice(at);
      break;
    }
    out += text.slice(at, dollar);
    const next = text[dollar + 1];
    if (next === '$') {
      out += '$';
      at = dollar + 2;
      continue;
    }
    const bare = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(dollar + 1));
    if (bare) {
      out += variables[bare[0]] ?? '';
      at = dollar + 1 + bare[0].length;
      continue;
    }
    if (next !== '{') throw new Error(`invalid interpolation format for ${where}: "${text}"`);
    // The closing brace of this ${…}, past any ${…} inside its default.
    let depth = 0;
    let close = dollar + 1;
    for (; close < text.length; close++) {
      if (text[close] === '{') depth++;
      else if (text[close] === '}' && --depth === 0) break;
    }
    if (close >= text.length) throw new Error(`invalid interpolation format for ${where}: "${text}"`);
    const inside = text.slice(dollar + 2, close);
    const [, name, operator = '', argument = ''] =
      /^([A-Za-z_][A-Za-z0-9_]*)(:?[-?])?([\s\S]*)$/.exec(inside) ?? [];
    if (!name || (!operator && argument))
      throw new Error(`invalid interpolation format for ${where}: "${text}"`);
    const value = variables[name];
    const missing = operator.startsWith(':') ? value === undefined || value === '' : value === undefined;
    if (operator.endsWith('?') && missing) {
      throw new Error(
        `error while interpolating ${where}: required variable ${name} is missing a value${argument ? `: ${argument}` : ''}`,
      );
    }
    out += operator.endsWith('-') && missing ? interpolate(argument, variables, where) : (value ?? '');
    at = close + 1;
  }
  return out;
}

/** Every string value of a parsed compose file interpolated (keys are not, as in compose), with its path for errors. */
function interpolated(value: unknown, variables: Variables, where: string): unknown {
  if (typeof value === 'string') return interpolate(value, variables, where);
  if (Array.isArray(value))
    return value.map((item, index) => interpolated(item, variables, `${where}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        interpolated(item, variables, where ? `${where}.${key}` : key),
      ]),
    );
  }
  return value;
}

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, unknown>;
  entrypoint?: string[];
}
interface ComposeFile {
  services: Record<string, Service>;
}

const raw = (file: (typeof FILES)[number]) => fs.readFileSync(path.join(root, file), 'utf8');
const parsed = (file: (typeof FILES)[number]) => parse(raw(file)) as ComposeFile;

/** `docker compose -f <file> config` with `dotenv` as the project's .env (and nothing from the shell). */
function composeConfig(file: (typeof FILES)[number], dotenv: string): ComposeFile {
  return interpolated(parsed(file), parseEnv(dotenv), '') as ComposeFile;
}

/** Our services (built from this folder), each with the environment the server gets. */
function ours(compose: ComposeFile): Array<[string, Record<string, string>]> {
  return Object.entries(compose.services)
    .filter(([, service]) => service.build !== undefined)
    .map(([name, service]) => {
      const environment = service.environment ?? {};
      for (const [variable, value] of Object.entries(environment)) {
        expect(typeof value, `${name}: ${variable} is a string`).toBe('string');
      }
      return [name, environment as Record<string, string>];
    });
}

/** A host's .env for both `npm start` and compose: some of the server's settings, some of npm start's own, the passwords. */
const DOTENV = `
# npm start's own: never the container's
DATA_DIR=data
PORT=4000
DATABASE_URL=postgres://genie:local-only-9@127.0.0.1:5432/mygenie
PUBLIC_URL=https://genie.example.org
TRUST_PROXY=true
SMTP_URL=smtps://genie:mail-pw-7@smtp.example.org:465
ADMIN_EMAILS=owner@example.org
METRICS_TOKEN=metrics-token-0123456789-abcdef
POSTGRES_PASSWORD=0f3a9c1d2e4b5a6978877665
MINIO_ROOT_PASSWORD=a1b2c3d4e5f60718293a4b5c
`;

describe("compose's interpolation, as implemented here", () => {
  it('follows the rules the files use', () => {
    const vars = { SET: 'value', EMPTY: '' };
    expect(interpolate('a $$b $${SET} $SET ${SET}', vars)).toBe('a $b ${SET} value value');
    expect(interpolate('${EMPTY:-d} ${EMPTY-d} ${UNSET-d} ${UNSET:-${SET}!}', vars)).toBe('d  d value!');
    expect(interpolate('${UNSET}|${EMPTY?x}', vars)).toBe('|');
    expect(() => interpolate('${EMPTY:?say why}', vars, 'x.y')).toThrow(
      'error while interpolating x.y: required variable EMPTY is missing a value: say why',
    );
    expect(() => interpolate('${UNSET?}', vars)).toThrow('required variable UNSET is missing a value');
    expect(() => interpolate('50$', vars)).toThrow('invalid interpolation format');
  });
});

describe('the deployment files', () => {
  it('run compose.yaml with no .env at all: SQLite in the volume, every setting at its default', () => {
    const [[name, environment]] = ours(composeConfig('compose.yaml', '')) as [
      [string, Record<string, string>],
    ];
    expect(name).toBe('mygenie');
    const config = loadConfig(environment);
    expect(config).toMatchObject({ dataDir: '/data', publicUrl: 'http://localhost:3000', trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it("pass the server .env's settings, and only variables config.ts reads, with values it accepts", () => {
    for (const file of FILES) {
      const services = ours(composeConfig(file, DOTENV));
      expect(services.length, file).toBe(1);
      for (const [name, environment] of services) {
        for (const variable of Object.keys(environment)) {
          expect(CONFIG_VARIABLES, `${file} ${name}: ${variable}`).toContain(variable);
        }
        // As the server reads them: it would refuse to start on any value it cannot use.
        const config = loadConfig(environment);
        expect(config, file).toMatchObject({
          dataDir: '/data',
          publicUrl: 'https://genie.example.org',
          trustProxy: true,
          smtpUrl: 'smtps://genie:mail-pw-7@smtp.example.org:465',
          adminEmails: ['owner@example.org'],
          metricsToken: 'metrics-token-0123456789-abcdef',
        });
        // npm start's folder, port and database stay on the host.
        expect(config.port, file).toBe(3000);
        expect(config.databaseUrl ?? '', file).not.toContain('127.0.0.1');
      }
    }
    const [[, scaled]] = ours(composeConfig('compose.scaled.yaml', DOTENV)) as [
      [string, Record<string, string>],
    ];
    expect(loadConfig(scaled)).toMatchObject({
      databaseUrl: 'postgres://mygenie:0f3a9c1d2e4b5a6978877665@postgres:5432/mygenie',
      redis: { url: 'redis://redis:6379' },
      s3: {
        endpoint: 'http://minio:9000',
        accessKeyId: 'mygenie',
        secretAccessKey: 'a1b2c3d4e5f60718293a4b5c',
      },
    });
    // The database and the bucket are made with the same passwords the server is given.
    const services = composeConfig('compose.scaled.yaml', DOTENV).services;
    expect(services.postgres!.environment).toMatchObject({ POSTGRES_PASSWORD: '0f3a9c1d2e4b5a6978877665' });
    expect(services.minio!.environment).toMatchObject({ MINIO_ROOT_PASSWORD: 'a1b2c3d4e5f60718293a4b5c' });
    expect(services['minio-bucket']!.entrypoint!.at(-1)).toContain('mygenie "$MINIO_ROOT_PASSWORD"');
  });

  it('refuse to start the scaled setup without its passwords, naming the one missing', () => {
    const without = (name: string) =>
      DOTENV.split('\n')
        .filter((line) => !line.startsWith(`${name}=`))
        .join('\n');
    expect(() => composeConfig('compose.scaled.yaml', without('POSTGRES_PASSWORD'))).toThrow(
      'error while interpolating services.mygenie-scaled.environment.DATABASE_URL: required variable ' +
        'POSTGRES_PASSWORD is missing a value: set POSTGRES_PASSWORD in .env (see .env.example)',
    );
    expect(() => composeConfig('compose.scaled.yaml', without('MINIO_ROOT_PASSWORD'))).toThrow(
      'required variable MINIO_ROOT_PASSWORD is missing a value: set MINIO_ROOT_PASSWORD in .env (see .env.example)',
    );
    // Set but empty is missing too.
    expect(() => composeConfig('compose.scaled.yaml', `${DOTENV}\nPOSTGRES_PASSWORD=\n`)).toThrow(
      'required variable POSTGRES_PASSWORD is missing a value',
    );
  });

  it('write no password: each is read from .env, and the scaled ones are required', () => {
    for (const file of FILES) {
      expect(raw(file), file).not.toMatch(/change-me/i);
      for (const [name, service] of Object.entries(parsed(file).services)) {
        for (const [variable, value] of Object.entries(service.environment ?? {})) {
          if (/PASSWORD|SECRET|TOKEN/.test(variable)) {
            expect(value, `${file} ${name}: ${variable}`).toMatch(/^\$\{[A-Z_]+:[?-][^}]*\}$/);
          }
          // A URL's password part, too.
          for (const [, password] of String(value).matchAll(/:\/\/[^:/@\s]+:([^@]*)@/g)) {
            expect(password, `${file} ${name}: ${variable}`).toMatch(/^\$\{[A-Z_]+:\?[^}]*\}$/);
          }
        }
        // The shell of a command reads the secret from its environment ($$), never from the file.
        for (const part of service.entrypoint ?? []) expect(part).not.toMatch(/\$\{/);
      }
    }
  });

  it('pin every image they pull to a release, and the Dockerfile its base', () => {
    const RELEASE = /^(?:\d+\.\d+(?:\.\d+)?(?:-[a-z0-9.]+)?|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)$/;
    const pulled = FILES.flatMap((file) =>
      Object.entries(parsed(file).services)
        .filter(([, service]) => service.build === undefined)
        .map(([name, service]) => [`${file} ${name}`, service.image ?? ''] as const),
    );
    expect(pulled.length).toBe(4);
    for (const [where, image] of pulled) {
      const tag = /:([^:/]+)$/.exec(image)?.[1] ?? '';
      expect(tag, `${where}: ${image}`).toMatch(RELEASE);
    }
    const from = [...fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8').matchAll(/^FROM (\S+)/gm)].map(
      ([, image]) => image!,
    );
    expect(from.length).toBe(2);
    for (const image of from) expect(image).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
  });

  it("give the image a pg_dump of the scaled PostgreSQL's major, which it can back up", () => {
    const postgres = parsed('compose.scaled.yaml').services.postgres!.image!;
    const major = /^postgres:(\d+)\./.exec(postgres)?.[1];
    const packages = imageRuns().flatMap((run) => run.packages);
    expect(packages).toContain(`postgresql-client-${major}`);
  });

  it('document in .env.example every variable they read from .env', () => {
    const documented = new Set(
      [...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(
        ([, name]) => name!,
      ),
    );
    for (const file of FILES) {
      for (const [, name] of raw(file).matchAll(/(?<!\$)\$\{([A-Z_][A-Z0-9_]*)/g)) {
        expect(documented, `${file}: ${name}`).toContain(name);
      }
    }
  });

  it('set in the Dockerfile only settings too, beside NODE_ENV', () => {
    const { env } = imageSettings();
    for (const variable of Object.keys(env).filter((name) => name !== 'NODE_ENV')) {
      expect(CONFIG_VARIABLES).toContain(variable);
    }
    expect(() => loadConfig(env)).not.toThrow();
  });
});
