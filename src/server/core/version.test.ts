// Which version runs: the version package.json names is one CHANGELOG.md released, with its date.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
