import { EMAIL_MAX_LENGTH } from './constants.js';

/** What "looks like an e-mail" means on both sides (description §5); kept free of zod for the site bundle. */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

/**
 * Characters that show nothing (or only blank space): format characters such as zero-width spaces and joiners
 * and direction marks, controls, separators, the braille blank (U+2800), and every other character Unicode says
 * a renderer may draw as nothing (Default_Ignorable_Code_Point: the Hangul fillers U+115F, U+1160, U+3164 and
 * U+FFA0, the grapheme joiner U+034F, the Khmer vowels U+17B4 and U+17B5, the Mongolian selectors U+180B–U+180F,
 * reserved ones such as U+2065) but the variation selectors, which pick an emoji's or an ideograph's look (❤️).
 * An address or a name holding one looks like another on screen and in mail, so it is refused rather than cleaned.
 */
const INVISIBLE =
  /[\p{Cf}\p{Cc}\p{Z}\u2800]|(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/u;

/**
 * One spelling per address: compatibility forms folded (NFKC: fullwidth `ｍｅ＠ｅｘａｍｐｌｅ．ｃｏｍ` is
 * `me@example.com`), surrounding blanks dropped, lower case.
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value);
}

export function isValidEmail(value: string): boolean {
  const normalized = normalizeEmail(value);
  return (
    normalized.length <= EMAIL_MAX_LENGTH &&
    !hasInvisibleCharacters(normalized) &&
    EMAIL_PATTERN.test(normalized)
  );
}
