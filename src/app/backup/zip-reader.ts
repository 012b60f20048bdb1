// A ZIP read from a Blob (a chosen file, a downloaded backup) without holding the whole file: the central
// directory is read from the end, and each entry is read on its own when asked for, by its declared sizes. Only
// what a backup needs: stored or deflated entries, no encryption, no ZIP64 (a backup stays under 4 GiB).
import { inflateSync } from 'fflate';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  compression: number;
  /** Bytes in the file. */
  size: number;
  /** Bytes once read, as the directory declares them. */
  originalSize: number;
  /** Where the entry's local header starts. */
  offset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const TAIL_BYTES = 22 + 0xffff;
/** No backup needs a directory larger than this (some 100,000 entries). */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

async function bytesOf(blob: Blob, start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/** The entries of the ZIP's central directory; throws when the file is not a readable ZIP. */
export async function zipEntries(file: Blob): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, file.size - TAIL_BYTES);
  const tail = await bytesOf(file, tailStart, file.size);
  const view = new DataView(tail.buffer);
  let end = tail.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_DIRECTORY) end--;
  if (end < 0) throw new Error('no end of central directory');
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new Error('ZIP64 is not used by backups');
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > tailStart + end) {
    throw new Error('central directory out of place');
  }
  const directory = await bytesOf(file, directoryOffset, directoryOffset + directorySize);
  const entries = new DataView(directory.buffer);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const found: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || entries.getUint32(at, true) !== DIRECTORY_ENTRY) {
      throw new Error('bad central directory entry');
    }
    const nameLength = entries.getUint16(at + 28, true);
    const extraLength = entries.getUint16(at + 30, true);
    const commentLength = entries.getUint16(at + 32, true);
    if (at + 46 + nameLength > directory.length) throw new Error('bad central directory entry');
    found.push({
      name: decoder.decode(directory.subarray(at + 46, at + 46 + nameLength)),
      compression: entries.getUint16(at + 10, true),
      size: entries.getUint32(at + 20, true),
      originalSize: entries.getUint32(at + 24, true),
      offset: entries.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return found;
}

/**
 * One entry's bytes. A deflated entry is inflated into a buffer of its declared size: one that would inflate past
 * it cannot grow, and one whose bytes do not come out right throws.
 */
export async function readZipEntry(file: Blob, entry: ZipEntry): Promise<Uint8Array<ArrayBuffer>> {
  const header = await bytesOf(file, entry.offset, entry.offset + 30);
  const view = new DataView(header.buffer);
  if (header.length < 30 || view.getUint32(0, true) !== LOCAL_HEADER) throw new Error('bad local header');
  const start = entry.offset + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  if (start + entry.size > file.size) throw new Error('entry past the end of the file');
  const stored = await bytesOf(file, start, start + entry.size);
  if (entry.compression === 0) {
    if (entry.size !== entry.originalSize) throw new Error('stored sizes differ');
    return stored;
  }
  if (entry.compression !== 8) throw new Error('unknown compression');
  const out = new Uint8Array(entry.originalSize);
  const inflated = inflateSync(stored, { out });
  if (inflated.length !== entry.originalSize) throw new Error('entry shorter than declared');
  return inflated as Uint8Array<ArrayBuffer>;
}
