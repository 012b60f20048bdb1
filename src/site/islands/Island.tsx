// An island: a part of a prerendered page a visitor can operate, rendered as a root of its own so the browser
// hydrates it alone, with its own code and words (docs/islands-plan.md). The rest of the page is HTML that no
// script renders again.
//
// In the prerender (an IslandCollector above), an island is written as <mg-island data-island="name"
// data-when="…" data-props="{…}"> holding a marker; the prerender then renders the island on its own, in an
// IslandShell, and puts its HTML in place of the marker, so the browser's hydration starts from the very tree it
// renders. In the browser's whole-page tree (the pages never prerendered: admin, mailed links), the island is
// rendered in place in the same element.
import { createContext, createElement, useContext, type ComponentType, type ReactElement } from 'react';
import type { IslandName } from './names.js';

/**
 * When the browser wakes an island (the first of its moments to come): with the page (`load`), when the page is
 * idle, when it comes into view (`visible`), when the session says a member is here (`member`: signed in, or a
 * sign-in waiting for approval, now or later), or when a visitor first reaches for it (`interaction`: a pointer
 * over it or down on it, the focus in it). An island that waits for a member or a visitor renders, until then, what
 * a visitor sees (its prerendered HTML, which `data-session-wait` parts show once the session is read).
 */
export type IslandWhen = 'load' | 'idle' | 'visible' | 'member' | 'interaction';

/** Takes an island met in the prerender and answers the marker that stands for its HTML until it is rendered. */
export type CollectIsland = (island: ReactElement) => string;

export const IslandCollector = createContext<CollectIsland | null>(null);

/** Plain data, as JSON holds it. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** What an island's props may be: plain data, written into the page as JSON (words in the page's language). */
export type IslandProps = Readonly<Record<string, Json>>;

export function Island<P extends IslandProps>({
  name,
  component,
  props,
  when = 'load',
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  when?: IslandWhen | readonly IslandWhen[];
}) {
  const collect = useContext(IslandCollector);
  const attributes = { 'data-island': name, 'data-when': typeof when === 'string' ? when : when.join(' ') };
  if (!collect) return createElement('mg-island', attributes, createElement(component, props));
  const marker = collect(createElement(component, props));
  return createElement('mg-island', {
    ...attributes,
    'data-props': JSON.stringify(props),
    dangerouslySetInnerHTML: { __html: marker },
  });
}
