// What the documents screen decides about a stored file without opening it: how big it may be, how it can be
// previewed, how its type is shown, and how its bytes become readable text.
import type { DocumentMeta } from '../../vault/vault.js';

export { MAX_DOCUMENT_BYTES } from '../../vault/vault.js';

/** Text larger than this is not put on screen (a huge <pre> freezes a phone); it can still be downloaded. */
export const TEXT_PREVIEW_MAX_BYTES = 2 * 1024 ** 2;

type Named = Pick<DocumentMeta, 'name' | 'type'>;

export type PreviewKind =
  | { kind: 'image'; mime: string }
  | { kind: 'pdf'; mime: 'application/pdf' }
  | { kind: 'text' }
  | { kind: 'none' };

/** Formats every current browser draws in an <img>, by extension; HEIC and TIFF are not among them. */
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};
const DRAWABLE_IMAGES = new Set([...Object.values(IMAGE_TYPES), 'image/vnd.microsoft.icon']);

const TEXT_EXTENSIONS = new Set(['txt', 'md', 'markdown', 'csv', 'tsv', 'json', 'log', 'xml', 'yml', 'yaml']);
const TEXT_TYPES = new Set(['application/json', 'application/xml']);

/** The file name's extension in lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * How a document can be shown. The extension counts as much as the recorded type, because browsers often give
 * no type at all (for .md, for example); the returned mime is the one to put on the decrypted blob so the
 * browser draws it even when the recorded type was empty.
 */
export function previewOf(meta: Named): PreviewKind {
  const type = meta.type.toLowerCase().split(';')[0]!.trim();
  const extension = extensionOf(meta.name);
  const untyped = type === '' || type === 'application/octet-stream';
  if (DRAWABLE_IMAGES.has(type)) return { kind: 'image', mime: type };
  const imageByExtension = IMAGE_TYPES[extension];
  if (untyped && imageByExtension) return { kind: 'image', mime: imageByExtension };
  if (type.startsWith('image/')) return { kind: 'none' };
  if (type === 'application/pdf' || extension === 'pdf') return { kind: 'pdf', mime: 'application/pdf' };
  // Windows labels .csv as application/vnd.ms-excel, so a text extension wins over the recorded type.
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || TEXT_EXTENSIONS.has(extension))
    return { kind: 'text' };
  return { kind: 'none' };
}

/** A short type for the list: the extension in capitals (PDF, DOCX), else the media type, else ''. */
export function typeLabel(meta: Named): string {
  const extension = extensionOf(meta.name);
  if (extension && extension.length <= 8) return extension.toUpperCase();
  return meta.type;
}

export function sortNewestFirst<T extends { value: Pick<DocumentMeta, 'addedAt'> }>(entries: T[]): T[] {
  return [...entries].sort((a, b) => b.value.addedAt - a.value.addedAt);
}

function folded(value: string): string {
  return value.normalize('NFC').toLocaleLowerCase();
}

/** Whether a document's name contains every word of the search, in any case. */
export function nameMatches(name: string, query: string): boolean {
  const haystack = folded(name);
  return folded(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

function decode(bytes: Uint8Array, encoding: string): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The file's text: UTF-8 (with or without BOM), UTF-16 with a BOM, or EUC-KR (older Korean Windows files).
 * Null when the bytes are none of these, i.e. the file is not really text; no replacement characters are shown.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode(bytes, 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode(bytes, 'utf-16be');
  const text = decode(bytes, 'utf-8') ?? decode(bytes, 'euc-kr');
  if (text === null) return null;
  return looksBinary(text) ? null : text;
}

/** Control characters other than tab, line breaks and form feed: binary content that merely decoded. */
function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) return true;
  }
  return false;
}
