// The one way search reads text, on both sides — the records' text and the query — for the vault-wide search and
// the diary's own: Unicode NFC (a query typed in decomposed form, as macOS sends it, meets composed text and the
// other way round), lower case without a locale (English matches without case, and a Turkish or Lithuanian
// locale changes nothing), and any run of spaces, line breaks, tabs or invisible marks as one space.

/** Whitespace, control characters and the invisible marks that split a word without showing (ZWSP, soft hyphen). */
const GAPS = /[\s\p{Cc}\u00ad\u200b\u2060]+/gu;
/** A gap other than one plain space: most text has none, and looking costs far less than replacing. */
const ODD_GAP = /[^\S ]|[\p{Cc}\u00ad\u200b\u2060]| {2}/u;

/** Text as search shows it: NFC, gaps made one space, trimmed (its case kept, for snippets). */
export function tidyText(text: string): string {
  const composed = text.normalize('NFC');
  return (ODD_GAP.test(composed) ? composed.replace(GAPS, ' ') : composed).trim();
}

/** Text as search compares it: tidied and lower-cased (locale-independent). */
export function normalize(text: string): string {
  return tidyText(text).toLowerCase();
}

/** The words of a query as search compares them: normalised, split at spaces, empty ones dropped. */
export function queryWords(query: string): string[] {
  const normalized = normalize(query);
  return normalized ? normalized.split(' ') : [];
}
