// Page text: each page keeps its Korean and English side by side in a `copy.ts` beside it (defineText from
// src/client/text.tsx), with the page's title and description under `meta`.

/** Title and description of a page, for <title>, <meta name="description"> and the prerendered HTML. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}
