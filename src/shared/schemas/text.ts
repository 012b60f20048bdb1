import { z } from '../zod.js';

/** Control characters other than tab and line breaks, which no text field should carry. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Trimmed text of 1 to `max` characters without control characters (line breaks allowed). */
export function boundedText(max: number) {
  return z
    .string({ error: 'request/invalid' })
    .trim()
    .min(1, { error: 'request/invalid' })
    .max(max, { error: 'request/invalid' })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'request/invalid-characters' });
}
