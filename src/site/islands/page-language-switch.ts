// The language of a prerendered page, switched in place: the page in the other language is fetched (the server
// prerendered it), everything outside the awake islands is taken from it (an island not yet woken is HTML like the
// rest), and the awake islands render again in the new language, keeping what a visitor typed or opened in them (a
// fortune entered, a form half filled). Should the
// fetch fail or the two pages not match in shape, the page loads again in the new language instead.
import { followInAddress } from '../../client/text.js';
import { saveLanguage } from '../../client/language.js';
import type { Language } from '../../shared/constants.js';
import { pageLanguageChanged, pageLanguageStore } from './page-language.js';

/** Takes `next` in place of `here`, keeping every island of `here` (an island's place is the same in both). */
function takeOutsideIslands(here: Element, next: Element): boolean {
  if (here.tagName !== next.tagName) return false;
  if (here.tagName === 'MG-ISLAND') {
    if (here.getAttribute('data-island') !== next.getAttribute('data-island')) return false;
    // An island not yet woken is HTML like the rest: the other page's is taken.
    if (!here.hasAttribute('data-hydrating'))
      here.replaceChildren(...[...next.childNodes].map((node) => document.adoptNode(node)));
    // An island awake stays; props written in the page's language come from the other page (it renders again).
    here.setAttribute('data-props', next.getAttribute('data-props') ?? '{}');
    return true;
  }
  if (!here.querySelector('mg-island')) {
    here.replaceWith(document.adoptNode(next));
    return true;
  }
  for (const name of here.getAttributeNames()) if (!next.hasAttribute(name)) here.removeAttribute(name);
  for (const name of next.getAttributeNames()) here.setAttribute(name, next.getAttribute(name) ?? '');
  const hereNodes = [...here.childNodes];
  const nextNodes = [...next.childNodes];
  if (hereNodes.length !== nextNodes.length) return false;
  return hereNodes.every((node, index) => {
    const other = nextNodes[index] as ChildNode;
    if (node instanceof Element && other instanceof Element) return takeOutsideIslands(node, other);
    if (node.nodeType !== other.nodeType) return false;
    node.textContent = other.textContent;
    return true;
  });
}

async function render(next: Language): Promise<boolean> {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', next);
  url.hash = '';
  const answer = await fetch(url, { headers: { accept: 'text/html' } });
  if (!answer.ok) return false;
  const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
  const root = document.getElementById('root');
  const nextRoot = page.getElementById('root');
  if (!root || !nextRoot || page.documentElement.lang !== next) return false;
  // Checked whole before anything changes: the islands must stand where they stand here.
  const names = (within: Element) =>
    [...within.querySelectorAll('mg-island')].map((island) => island.getAttribute('data-island')).join();
  if (names(root) !== names(nextRoot)) return false;
  if (!takeOutsideIslands(root, nextRoot)) return false;
  document.title = page.title;
  const description = page.querySelector('meta[name="description"]')?.getAttribute('content');
  if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  pageLanguageChanged(next);
  return true;
}

/** Switches the page to `next`, saved as the visitor's choice (and in ?lang when the address has one). */
export function switchLanguage(next: Language): void {
  if (next === pageLanguageStore.get()) return;
  saveLanguage(next);
  followInAddress(next);
  render(next).then(
    (done) => done || window.location.reload(),
    () => window.location.reload(),
  );
}
