// Which version runs: what the build writes (scripts/version.mjs) and the server reads back, its commit from git or
// the image's build argument, "unknown" said plainly without either; the start's line; and the version package.json
// names is one CHANGELOG.md released, with its date.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVersion, writeVersion } from '../../../scripts/version.mjs';
import { readBuildInfo, startLine } from './version.js';

const root = path.resolve(import.meta.dirname, '../../..');
const packageVersion = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
).version;

/** The changelog's version headings, in the order written: `## [0.2.0] - 2026-12-02`, `## [Unreleased]`. */
function changelogSections(): Array<{ version: string; date: string | undefined }> {
  const text = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  return [...text.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?\s*$/gm)].map(([, version, date]) => ({
    version: version!,
    date,
  }));
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mygenie-version-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A project folder with only a package.json (no checkout): a tarball unpacked, or the image's build context. */
function unpacked(name: string, version = '1.2.3'): string {
  const folder = path.join(scratch, name);
  fs.mkdirSync(path.join(folder, 'dist/server'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'mygenie', version }));
  return folder;
}

describe('the build', () => {
  it("writes the checkout's commit beside the compiled server, and the server reads it back", () => {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    const out = path.join(scratch, 'checkout-build');
    expect(writeVersion(out, root, {})).toEqual({ version: packageVersion, commit: head });
    expect(readBuildInfo(out)).toEqual({ version: packageVersion, commit: head });
  });

  it("takes the image's build argument where there is no checkout, and says unknown without it", () => {
    const folder = unpacked('no-git');
    const out = path.join(folder, 'dist/server');
    const full = 'D4BB048E0123456789ABCDEF0123456789ABCDEF';
    expect(writeVersion(out, folder, { SOURCE_COMMIT: full })).toEqual({
      version: '1.2.3',
      commit: 'd4bb048',
    });
    expect(readBuildInfo(out)).toEqual({ version: '1.2.3', commit: 'd4bb048' });
    expect(buildVersion(folder, { COMMIT: '5d90efa' })).toEqual({ version: '1.2.3', commit: '5d90efa' });
    expect(writeVersion(out, folder, {})).toEqual({ version: '1.2.3', commit: null });
    expect(readBuildInfo(out)).toEqual({ version: '1.2.3', commit: null });
    expect(() => buildVersion(folder, { SOURCE_COMMIT: 'main' })).toThrow(
      'SOURCE_COMMIT must be a git commit hash (7 to 40 hexadecimal digits), not "main"',
    );
  });

  it('is read from package.json where no build wrote it (the sources), and refuses a version.json it did not write', () => {
    const folder = unpacked('sources', '3.4.5');
    expect(readBuildInfo(path.join(folder, 'dist/server'))).toEqual({ version: '3.4.5', commit: null });
    fs.writeFileSync(path.join(folder, 'dist/server/version.json'), '{"version":"3.4.5","commit":"$(id)"}');
    expect(() => readBuildInfo(path.join(folder, 'dist/server'))).toThrow(
      'version.json is not what npm run build writes: build MyGenie again',
    );
  });

  it('gives one line at start: version, commit, database and the migrations applied, or where it already was', () => {
    expect(
      startLine({ version: '0.2.0', commit: 'd4bb048' }, 'sqlite', {
        applied: ['1763766000000-Accounts', '1763850000000-NoticesFiles'],
        last: '1763850000000-NoticesFiles',
      }),
    ).toBe(
      'MyGenie 0.2.0 (commit d4bb048) on SQLite; migrations applied at this start: 1763766000000-Accounts, 1763850000000-NoticesFiles',
    );
    expect(
      startLine({ version: '0.2.0', commit: null }, 'postgres', {
        applied: [],
        last: '1764800000000-SignInConfirmation',
      }),
    ).toBe(
      'MyGenie 0.2.0 (commit unknown) on PostgreSQL; migrations applied at this start: none, already at 1764800000000-SignInConfirmation',
    );
  });
});

describe('the version', () => {
  it("is package.json's, released in CHANGELOG.md with a date, under the Unreleased section", () => {
    const sections = changelogSections();
    expect(sections[0]).toEqual({ version: 'Unreleased', date: undefined });
    const released = sections.slice(1);
    expect(released.find((section) => section.version === packageVersion)?.date).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    // Newest first, each with a date, each date no earlier than the one below it.
    for (let at = 1; at < released.length; at++) {
      const [newer, older] = [released[at - 1]!, released[at]!];
      expect(newer.date! >= older.date!, `${newer.version} after ${older.version}`).toBe(true);
      expect(
        newer.version.localeCompare(older.version, 'en', { numeric: true }),
        `${newer.version} above ${older.version}`,
      ).toBe(1);
    }
  });
});
