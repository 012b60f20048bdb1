// The session as the parts of a page read it (session.tsx): parts rendered on their own — a page's islands, each
// its own root — share the page's one store and its one request to /api/session; a SessionProvider (the whole-page
// tree, a test) keeps a store of its own. Fetch is watched, not replaced: whatever the test server answers, both
// parts must show the same.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from '../../client/test/render.js';
import { SessionProvider, useSession } from './session.js';

let asked: string[] = [];
const realFetch = window.fetch;

beforeEach(() => {
  asked = [];
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/session')) asked.push(url);
    return realFetch(input, init);
  };
});
afterEach(() => {
  window.fetch = realFetch;
});

/** What a part of the page knows of the session, in words a test can find. */
function Who({ name }: { name: string }) {
  const session = useSession();
  const state = session.loading ? 'loading' : session.user ? 'member' : 'visitor';
  return <p data-testid={name}>{state}</p>;
}

describe('the session of a page', () => {
  it('is one store for the parts rendered on their own, read with one request', async () => {
    render(<Who name="header" />);
    render(<Who name="hero" />);
    await expect.element(page.getByTestId('header')).toHaveTextContent('visitor');
    await expect.element(page.getByTestId('hero')).toHaveTextContent('visitor');
    expect(asked).toHaveLength(1);
  });

  it('is a store of its own under a SessionProvider', async () => {
    render(
      <SessionProvider>
        <Who name="tree" />
      </SessionProvider>,
    );
    await expect.element(page.getByTestId('tree')).toHaveTextContent('visitor');
    expect(asked).toHaveLength(1);
  });
});
