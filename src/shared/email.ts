import { EMAIL_MAX_LENGTH } from './constants.js';

/** What "looks like an e-mail" means on both sides (description §5); kept free of zod for the site bundle. */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;

/**
 * Characters that show nothing (or only blank space): format characters such as zero-width spaces and joiners
 * and direction marks, controls, separators, and the Hangul fillers. An address holding one looks like another
 * member's address on screen and in mail, so it is refused rather than cleaned.
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Z}\u115F\u1160\u2800\u3164\uFFA0]|\u034F|\u17B4|\u17B5|[\u180B-\u180F]/u;

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
