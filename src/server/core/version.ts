// Which version of MyGenie runs: package.json's version and the git commit of the build, as `npm run build` wrote
// them beside the compiled server (scripts/version.mjs). Read once per process, never from git while it runs.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const buildInfo = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/),
  /** The short commit hash, or null when the build knew none (no git checkout and no SOURCE_COMMIT). */
  commit: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/)
    .nullable(),
});
export type BuildInfo = z.infer<typeof buildInfo>;

/** The folder tsc compiles the server into (dist/server): this file is its server/core/version.js. */
const COMPILED = path.resolve(import.meta.dirname, '../..');

/** The package.json of the project `folder` is in (the closest one above it). */
function packageVersion(folder: string): string {
  for (let at = folder; ; at = path.dirname(at)) {
    const file = path.join(at, 'package.json');
    if (fs.existsSync(file))
      return buildInfo.shape.version.parse(
        (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version,
      );
    if (path.dirname(at) === at) throw new Error(`no package.json above ${folder}`);
  }
}

/**
 * The version the build in `compiled` is: its version.json; run from the sources (the tests), where none was
 * written, package.json's version and no commit. A version.json other than the build writes stops the server.
 */
export function readBuildInfo(compiled = COMPILED): BuildInfo {
  const file = path.join(compiled, 'version.json');
  if (!fs.existsSync(file)) return { version: packageVersion(compiled), commit: null };
  let read: unknown;
  try {
    read = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    read = null;
  }
  const parsed = buildInfo.safeParse(read);
  if (!parsed.success) throw new Error(`${file} is not what npm run build writes: build MyGenie again`);
  return parsed.data;
}

let running: BuildInfo | undefined;
/** The version of this process's build, read once. */
export function runningBuild(): BuildInfo {
  running ??= readBuildInfo();
  return running;
}

/** The commit as people read it: the hash, or "unknown". */
export function shownCommit(build: BuildInfo): string {
  return build.commit ?? 'unknown';
}

/** The migrations a start applied, by name, or the one the database already was at. */
export interface MigrationReport {
  applied: readonly string[];
  last: string | null;
}

/** "1763766000000-Accounts, 1763850000000-NoticesFiles", or "none, already at 1764800000000-SignInConfirmation". */
export function appliedMigrations(report: MigrationReport): string {
  return report.applied.length > 0 ? report.applied.join(', ') : `none, already at ${report.last ?? 'none'}`;
}

/** The line a server logs once it is ready: what runs, on which database, and what this start changed in it. */
export function startLine(
  build: BuildInfo,
  dialect: 'sqlite' | 'postgres',
  migrations: MigrationReport,
): string {
  return (
    `MyGenie ${build.version} (commit ${shownCommit(build)}) on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}; ` +
    `migrations applied at this start: ${appliedMigrations(migrations)}`
  );
}
