// The one way search reads text, on both sides — the records' text and the query — for the vault-wide search and
// the diary's own: Unicode NFC (a query typed in decomposed form, as macOS sends it, meets composed text and the
// other way round), lower case without a locale (English matches without case, and a Turkish or Lithuanian
// locale changes nothing), and any run of spaces, line breaks, tabs or invisible marks as one space.

/** Whitespace, control characters and the invisible marks that split a word without showing (ZWSP, soft hyphen). */
const GAPS = /[\s\p{Cc}\u00ad\u200b\u2060]+/gu;

/**
 * Whether `text` has a gap other than one plain space (a character GAPS matches, or two spaces): most text has none,
 * and looking costs far less than replacing. A loop over the char codes, as a regular expression with Unicode
 * classes took a quarter of the search worker's time to take in a vault.
 */
export function hasOddGap(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code <= 0x20) {
      if (code !== 0x20 || text.charCodeAt(at + 1) === 0x20) return true;
    } else if (code < 0x7f) continue;
    else if (code <= 0xa0 || code === 0xad) return true;
    else if (code >= 0x1680 && isWideGap(code)) return true;
  }
  return false;
}

/** The gaps above U+1680: Unicode's spaces and separators, ZWSP, the word joiner and the BOM. */
function isWideGap(code: number): boolean {
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x2060 ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Text as search shows it: NFC, gaps made one space, trimmed (its case kept, for snippets). */
export function tidyText(text: string): string {
  const composed = text.normalize('NFC');
  return (hasOddGap(composed) ? composed.replace(GAPS, ' ') : composed).trim();
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
