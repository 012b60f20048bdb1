// The update banner on the home page: what an admin writes, and what visitors and admins read.
import { z } from '../zod.js';
import { UPDATE_BANNER_LIMITS } from '../constants.js';
import { isBannerLine, isBannerText } from '../banner.js';
import type { ErrorCode } from '../errors.js';

const line = (max: number, error: ErrorCode) =>
  z
    .string({ error })
    .refine((value) => isBannerLine(value, max), { error })
    .transform((value) => value.trim());

const text = (max: number, error: ErrorCode) =>
  z
    .string({ error })
    .refine((value) => isBannerText(value, max), { error })
    .transform((value) =>
      value
        .trim()
        .split(/\r?\n/)
        .map((part) => part.trim())
        .join('\n'),
    );

const inBothLanguages = <S extends z.ZodType>(schema: S, error: ErrorCode) =>
  z.strictObject({ ko: schema, en: schema }, { error });

const title = line(UPDATE_BANNER_LIMITS.title, 'banner/invalid-title');
const body = text(UPDATE_BANNER_LIMITS.body, 'banner/invalid-body');

/**
 * The revision of the banner a form was filled from (null: there was none). A write or removal goes through only
 * while it is still the current one, so an admin's form never silently replaces what another admin saved since.
 */
const revision = z.string({ error: 'request/invalid' }).max(64, { error: 'request/invalid' });

export const bannerBody = z.strictObject({
  version: line(UPDATE_BANNER_LIMITS.version, 'banner/invalid-version').describe(
    'Chosen by the admin (a date such as 2026-12-02, or any text on one line); a new one shows the banner again to those who hid it for 24 hours',
  ),
  title: inBothLanguages(title, 'banner/invalid-title'),
  body: inBothLanguages(body, 'banner/invalid-body'),
  revision: revision.nullable(),
});
export type BannerBody = z.infer<typeof bannerBody>;

export const bannerRemoval = z.strictObject({ revision });

const isoTime = z.string().describe('An ISO 8601 time');
const bilingual = z.object({ ko: z.string(), en: z.string() });

/** The banner as the home page shows it: plain text, to be shown as text. */
export const publicBanner = z.object({
  version: z.string(),
  title: bilingual,
  body: bilingual,
  updatedAt: isoTime,
});
export type PublicBanner = z.infer<typeof publicBanner>;

/** The banner as the admin page edits it: with its revision and who wrote it. */
export const adminBanner = publicBanner.extend({
  revision: z.string().describe('Changes with every write: sent back with the next write or removal'),
  /** The admin who wrote it, while their account exists. */
  updatedBy: z.string().nullable(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

export const publicBannerAnswer = z.object({ banner: publicBanner.nullable() });
export const adminBannerAnswer = z.object({ banner: adminBanner.nullable() });
export const writtenBannerAnswer = z.object({ banner: adminBanner });
