// An export's bytes as text: UTF-8 (the byte-order mark dropped), or CP949 for a CSV a Korean Windows saved; and
// as JSON, a file cut short or mangled being 'damaged'.
import { ImportError, MAX_IMPORT_FILE_BYTES } from '../../plan.js';

export function decodeText(bytes: Uint8Array): string {
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw new ImportError('too-large');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = new TextDecoder('euc-kr').decode(bytes);
  }
  text = text.replace(/^\uFEFF/, '');
  if (!text.trim()) throw new ImportError('empty');
  return text;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ImportError('damaged');
  }
}

/** A JSON value read as text: strings as they are, numbers and booleans written out, anything else empty. */
export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
