// A zip's files read on demand, for every importer that opens one (1Password, Day One, our diary, 뱅크샐러드, an
// .xlsx before SheetJS sees it), with every byte unpacked counted against MAX_UNPACKED_BYTES: a zip bomb stops
// there whatever its headers claim (zip.js itself refuses an entry that inflates past the size it states).
import {
  ERR_ENCRYPTED,
  ERR_INVALID_PASSWORD,
  ERR_INVALID_UNCOMPRESSED_SIZE,
  ERR_UNSUPPORTED_ENCRYPTION,
  Uint8ArrayReader,
  Writer,
  ZipReader,
  configure,
  type Entry,
  type FileEntry,
} from '@zip.js/zip.js';
import { ImportError, MAX_UNPACKED_BYTES } from '../plan.js';

// The importers already run in a worker of their own; zip.js's workers would be a second layer for nothing.
configure({ useWebWorkers: false });

export interface ZipFiles {
  /** The files' paths, '/'-separated, in the zip's order (folders left out). */
  names: string[];
  has(name: string): boolean;
  read(name: string): Promise<Uint8Array>;
  readText(name: string): Promise<string>;
  /** Unpacks every file only to count it (before a library that unpacks without a limit reads the zip). */
  check(): Promise<void>;
}

/** Collects an entry's bytes, refusing any past what is left of the budget. */
class CappedWriter extends Writer<Uint8Array> {
  readonly #chunks: Uint8Array[] = [];
  #size = 0;

  constructor(private readonly budget: { left: number }) {
    super();
  }

  override async writeUint8Array(chunk: Uint8Array): Promise<void> {
    this.budget.left -= chunk.length;
    if (this.budget.left < 0) throw new ImportError('too-large');
    this.#chunks.push(chunk.slice());
    this.#size += chunk.length;
  }

  override async getData(): Promise<Uint8Array> {
    const bytes = new Uint8Array(this.#size);
    let offset = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  }
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

export async function openZip(
  bytes: Uint8Array,
  password?: string,
  limit: number = MAX_UNPACKED_BYTES,
): Promise<ZipFiles> {
  if (!isZip(bytes)) throw new ImportError('unsupported');
  let entries: Entry[];
  try {
    entries = await new ZipReader(new Uint8ArrayReader(bytes), { useWebWorkers: false }).getEntries();
  } catch {
    throw new ImportError('damaged');
  }
  const files = new Map<string, FileEntry>();
  for (const entry of entries) {
    const name = entry.filename.replace(/\\/g, '/').replace(/^\.?\//, '');
    if (!entry.directory && !files.has(name)) files.set(name, entry);
  }
  const budget = { left: limit };
  const read = async (name: string): Promise<Uint8Array> => {
    const entry = files.get(name);
    if (!entry) throw new ImportError('damaged');
    // An entry that says it is larger than what is left is refused before it is unpacked.
    if (entry.uncompressedSize > budget.left) throw new ImportError('too-large');
    if (entry.encrypted && !password) throw new ImportError('needs-password');
    try {
      return await entry.getData(new CappedWriter(budget), password ? { password } : {});
    } catch (error) {
      throw asImportError(error, entry.encrypted);
    }
  };
  return {
    names: [...files.keys()],
    has: (name) => files.has(name),
    read,
    readText: async (name) => new TextDecoder().decode(await read(name)).replace(/^\uFEFF/, ''),
    check: async () => {
      for (const name of files.keys()) await read(name);
    },
  };
}

function asImportError(error: unknown, encrypted: boolean): ImportError {
  if (error instanceof ImportError) return error;
  const message = error instanceof Error ? error.message : '';
  if (message === ERR_INVALID_UNCOMPRESSED_SIZE) return new ImportError('too-large');
  if (message === ERR_ENCRYPTED) return new ImportError('needs-password');
  if (message === ERR_INVALID_PASSWORD) return new ImportError('wrong-password');
  if (message === ERR_UNSUPPORTED_ENCRYPTION) return new ImportError('unsupported');
  // A ZipCrypto password passes its one-byte check by chance once in 256 tries; the checksum then fails.
  if (encrypted && /signature|crc|authentication/i.test(message)) return new ImportError('wrong-password');
  return new ImportError('damaged');
}
