// The islands of the prerendered pages: which parts of a page are written as islands, that each island's HTML is
// what the browser renders again when it hydrates it (the same component from the registry, in the same shell),
// and that an island's props survive being written into the page, whatever characters they hold.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { render } from '../prerender.js';
import { copy as featuresCopy } from '../pages/features/copy.js';
import { Island, IslandCollector } from './Island.js';
import { ISLANDS } from './registry.js';
import { isIslandName } from './names.js';
import { IslandShell } from './shell.js';

/** An attribute's value as written in HTML, read back. */
function unescapeAttribute(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** Each <mg-island> of a page: its name, when it wakes, its props and the HTML it holds. */
function islandsOf(html: string) {
  const found = [];
  const opening = /<mg-island data-island="([^"]+)" data-when="([^"]+)" data-props="([^"]*)">/g;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    // Islands hold no island, so the next closing tag ends this one.
    const end = html.indexOf('</mg-island>', opening.lastIndex);
    found.push({
      name: match[1] ?? '',
      when: match[2] ?? '',
      props: match[3] ?? '',
      inner: html.slice(opening.lastIndex, end),
    });
  }
  return found;
}

describe('the islands of a prerendered page', () => {
  it('are the header and the admins’ version line on a page a visitor only reads', async () => {
    for (const path of ['/security', '/how-to-use', '/privacy', '/terms', '/404']) {
      const { html } = await render(path, 'en');
      expect(
        islandsOf(html).map((island) => `${island.name}:${island.when}`),
        path,
      ).toEqual(['header:member interaction', 'footer-version:member']);
    }
  });

  it('add the fairy, woken when the page is idle, on the home and features pages', async () => {
    for (const path of ['/', '/features']) {
      const { html } = await render(path, 'ko');
      expect(islandsOf(html).map((island) => `${island.name}:${island.when}`)).toContain('fairy:idle');
    }
  });

  it('are, on the features page, the push card for a member or as a visitor reaches it, with its words in the page’s language', async () => {
    for (const lang of ['ko', 'en'] as const) {
      const { html } = await render('/features', lang);
      const islands = islandsOf(html);
      expect(islands.map((island) => `${island.name}:${island.when}`)).toEqual([
        'header:member interaction',
        'push-card:member interaction',
        'fairy:idle',
        'footer-version:member',
      ]);
      const card = islands.find((island) => island.name === 'push-card');
      const props = JSON.parse(unescapeAttribute(card?.props ?? '{}'));
      expect(props.text).toEqual(featuresCopy[lang].notifications.login);
      const fairy = islands.find((island) => island.name === 'fairy');
      expect(JSON.parse(unescapeAttribute(fairy?.props ?? '{}')).tour).toEqual(featuresCopy[lang].tour);
    }
  });

  it('are, on the home page, the banner at idle, the hero’s actions, the security cards, the tiles and the call to action', async () => {
    const { html } = await render('/', 'ko');
    expect(islandsOf(html).map((island) => `${island.name}:${island.when}`)).toEqual([
      'header:member interaction',
      'banner:idle',
      'hero-actions:member interaction',
      'security-cards:member',
      'home-tiles:interaction',
      'home-cta:interaction',
      'fairy:idle',
      'footer-version:member',
    ]);
  });

  it('are, on the download page, the notices with the page and the files for a member or a reach', async () => {
    const { html } = await render('/download', 'en');
    expect(islandsOf(html).map((island) => `${island.name}:${island.when}`)).toEqual([
      'header:member interaction',
      'notices:load',
      'download-files:member interaction',
      'footer-version:member',
    ]);
  });

  it('hold the HTML their registered component renders in the island shell with their props, on every page', async () => {
    const pages = [
      '/',
      '/features',
      '/security',
      '/how-to-use',
      '/download',
      '/fortune',
      '/support',
      '/privacy',
    ];
    for (const path of [...pages, '/terms']) {
      for (const lang of ['ko', 'en'] as const) {
        const { html } = await render(path, lang);
        for (const [index, island] of islandsOf(html).entries()) {
          expect(isIslandName(island.name), island.name).toBe(true);
          const Component = await ISLANDS[island.name as keyof typeof ISLANDS]();
          const props = JSON.parse(unescapeAttribute(island.props)) as object;
          const again = renderToString(
            <IslandShell lang={lang} path={path} scope={index + 1}>
              <Component {...props} />
            </IslandShell>,
          );
          expect(island.inner, `${path} ${lang} ${island.name}`).toBe(again);
        }
      }
    }
  });
});

describe('an island’s props', () => {
  it('are written as JSON in an attribute, escaped, and read back as they were', () => {
    const props = { text: '"quoted" </mg-island><script>alert(1)</script> & ampersand', list: ['<b>', "'"] };
    const html = renderToString(
      <IslandCollector.Provider value={() => ''}>
        <Island name="header" component={() => null} props={props} />
      </IslandCollector.Provider>,
    );
    expect(html).not.toContain('<script>');
    const written = /data-props="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(JSON.parse(unescapeAttribute(written))).toEqual(props);
  });
});
