// The messages between /fortune (the parent page) and /fortune-embed/ (in its iframe), description §7 and §9,
// docs/design.md §3.8: each side accepts a message only from the exact origin it expects and only in the exact shape
// below; anything else is dropped. Kept free of libraries so both pages stay small.

export const HEIGHT_PADDING_PX = 20;
export const OVERLAY_DEFAULT_BOX = { width: 360, height: 600 } as const;
const MAX_HEIGHT_PX = 100_000;
const MAX_TEXT = 500;
const MAX_KEY = 512;

/** From the embed to the page. */
export type EmbedMessage =
  | { type: 'fortune-embed-height'; height: number }
  | { type: 'fortune-parent-overlay'; show: false }
  | {
      type: 'fortune-parent-overlay';
      show: true;
      width: number;
      height: number;
      message: string;
      subText: string;
    };

/** From the page to the embed. */
export type ParentMessage =
  { type: 'fortune-set-language'; lang: 'ko' | 'en' } | { type: 'fortune-set-key'; key: string };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function record(data: unknown): Record<string, unknown> | null {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : null;
}

function onlyKeys(value: Record<string, unknown>, allowed: string[]): boolean {
  return Object.keys(value).every((key) => allowed.includes(key));
}

function text(value: unknown, fallback = ''): string | null {
  if (value === undefined) return fallback;
  return typeof value === 'string' && value.length <= MAX_TEXT && !CONTROL.test(value) ? value : null;
}

function size(value: unknown, fallback: number): number | null {
  if (value === undefined) return fallback;
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 4000 ? value : null;
}

/** A message from the embed in its exact shape, or null. */
export function parseEmbedMessage(data: unknown): EmbedMessage | null {
  const value = record(data);
  if (!value) return null;
  if (value.type === 'fortune-embed-height') {
    if (!onlyKeys(value, ['type', 'height'])) return null;
    const height = value.height;
    return typeof height === 'number' && Number.isFinite(height) && height >= 0 && height <= MAX_HEIGHT_PX
      ? { type: 'fortune-embed-height', height: Math.ceil(height) }
      : null;
  }
  if (value.type === 'fortune-parent-overlay') {
    if (!onlyKeys(value, ['type', 'show', 'width', 'height', 'message', 'subText'])) return null;
    if (value.show === false) return { type: 'fortune-parent-overlay', show: false };
    if (value.show !== true) return null;
    const width = size(value.width, OVERLAY_DEFAULT_BOX.width);
    const height = size(value.height, OVERLAY_DEFAULT_BOX.height);
    const message = text(value.message);
    const subText = text(value.subText);
    if (width === null || height === null || message === null || subText === null) return null;
    return { type: 'fortune-parent-overlay', show: true, width, height, message, subText };
  }
  return null;
}

/** A message from the page in its exact shape, or null. */
export function parseParentMessage(data: unknown): ParentMessage | null {
  const value = record(data);
  if (!value) return null;
  if (value.type === 'fortune-set-language') {
    return onlyKeys(value, ['type', 'lang']) && (value.lang === 'ko' || value.lang === 'en')
      ? { type: 'fortune-set-language', lang: value.lang }
      : null;
  }
  if (value.type === 'fortune-set-key') {
    const key = value.key;
    return onlyKeys(value, ['type', 'key']) &&
      typeof key === 'string' &&
      key.length > 0 &&
      key.length <= MAX_KEY &&
      /^[\x21-\x7e]+$/.test(key)
      ? { type: 'fortune-set-key', key }
      : null;
  }
  return null;
}

/** Whether a message event comes from exactly the expected origin (and, when given, the expected window). */
export function fromExpected(
  event: { origin: string; source?: unknown },
  origin: string,
  source?: unknown,
): boolean {
  return event.origin === origin && (source === undefined || event.source === source);
}

/** The iframe's height for an announced content height (description §9: +20 px). */
export function frameHeight(contentHeight: number): number {
  return contentHeight + HEIGHT_PADDING_PX;
}
