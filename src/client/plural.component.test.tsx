// Counted words as a screen shows them: a component's counted message in the page's language, through the
// browser's own Intl (the plural rules and digits Chromium ships, which the Node tests of plural.ts do not run).
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { catalog } from '../shared/i18n/index.js';
import { usePlural } from './plural.js';
import { useText } from './text.js';
import { render } from './test/render.js';

const COUNTS = [0, 1, 2, 1440];

/** The auto logout's choices, as the site's security card and the app's settings count them. */
function Minutes() {
  const t = useText(catalog);
  const counted = usePlural();
  return (
    <ul aria-label="minutes">
      {COUNTS.map((count) => (
        <li key={count}>{counted(t.autoLogout.minutes, count)}</li>
      ))}
    </ul>
  );
}

describe.each([
  { lang: 'en' as const, shown: ['0 minutes', '1 minute', '2 minutes', '1,440 minutes'] },
  { lang: 'ko' as const, shown: ['0분', '1분', '2분', '1,440분'] },
])('counted words on a screen in $lang', ({ lang, shown }) => {
  it('take the form the count calls for, with the language’s grouped digits', async () => {
    render(<Minutes />, { lang });
    const items = page.getByRole('list', { name: 'minutes' }).getByRole('listitem');
    await expect.element(items.first()).toBeVisible();
    expect(items.elements().map((item) => item.textContent)).toEqual(shown);
  });
});
