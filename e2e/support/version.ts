// What the foot of a page tells an admin: the version and commit the server under test runs (the checkout's, built
// here), in a language.
import { catalog } from '../../src/shared/i18n/index.js';
import { fill } from '../../src/shared/text.js';
import { buildVersion } from '../../scripts/version.mjs';

export function runningVersionLine(lang: 'ko' | 'en'): string {
  const running = buildVersion(undefined, {});
  return fill(catalog[lang].footer.version, {
    version: running.version,
    commit: running.commit ?? catalog[lang].footer.commitUnknown,
  });
}
