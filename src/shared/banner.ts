// What an update banner may say, written once for the server's schema (schemas/banner.ts) and the admin's form,
// which checks a draft before sending it without carrying zod: plain text (shown as text, never as HTML), trimmed,
// within UPDATE_BANNER_LIMITS; the version and the titles on one line, a body's line breaks kept.
import { UPDATE_BANNER_LIMITS, type Language } from './constants.js';
import { hasInvisibleCharacters } from './email.js';
import type { ErrorCode } from './errors.js';

/** A banner's words in each language, and the version whose change shows it again to those who hid it. */
export interface BannerContent {
  version: string;
  title: Record<Language, string>;
  body: Record<Language, string>;
}

/**
 * Text that shows as it is: nothing invisible (a control character, a line break, a zero-width or direction
 * mark), ordinary spaces aside. Not isShownName (shared/text.ts): the site's public pages would then carry it.
 */
const shows = (line: string) => !hasInvisibleCharacters(line.replaceAll(' ', ''));

/** One line that shows as it is, 1 to `max` characters once trimmed. */
export function isBannerLine(value: string, max: number): boolean {
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= max && shows(trimmed);
}

/** Lines that each show as they are, 1 to `max` characters in all once trimmed. */
export function isBannerText(value: string, max: number): boolean {
  const trimmed = value.trim();
  return (
    trimmed.length >= 1 && trimmed.length <= max && trimmed.split(/\r?\n/).every((line) => shows(line.trim()))
  );
}

export type BannerField = 'version' | `title.${Language}` | `body.${Language}`;

/** The fields of a draft that break the rules, each with the code the server would answer for it. */
export function bannerProblems(content: BannerContent): Partial<Record<BannerField, ErrorCode>> {
  const problems: Partial<Record<BannerField, ErrorCode>> = {};
  if (!isBannerLine(content.version, UPDATE_BANNER_LIMITS.version)) {
    problems.version = 'banner/invalid-version';
  }
  for (const lang of ['ko', 'en'] as const) {
    if (!isBannerLine(content.title[lang], UPDATE_BANNER_LIMITS.title)) {
      problems[`title.${lang}`] = 'banner/invalid-title';
    }
    if (!isBannerText(content.body[lang], UPDATE_BANNER_LIMITS.body)) {
      problems[`body.${lang}`] = 'banner/invalid-body';
    }
  }
  return problems;
}
