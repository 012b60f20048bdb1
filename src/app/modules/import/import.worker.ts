// The import worker: reads the chosen file off the page's thread, so a 50,000-row statement or an Argon2 key
// derivation never freezes the screen. Each importer's code loads here only when a file of its format comes.
/// <reference lib="webworker" />
import { configure, Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import {
  ImportError,
  MAX_IMPORT_FILE_BYTES,
  type ImportFormat,
  type ImportOptions,
  type ImportPlan,
} from './plan.js';
import type { FromWorker, Mapping, ToWorker } from './protocol.js';
import { sniff, zipFormat } from './sniff.js';

configure({ useWebWorkers: false });

type Importer = (bytes: Uint8Array, options: ImportOptions) => Promise<ImportPlan>;

const IMPORTERS: Record<Exclude<ImportFormat, 'statement'>, () => Promise<Importer>> = {
  'bitwarden-json': async () => (await import('./formats/passwords/bitwarden.js')).importBitwardenJson,
  'bitwarden-csv': async () => (await import('./formats/passwords/bitwarden.js')).importBitwardenCsv,
  'bitwarden-encrypted': async () =>
    (await import('./formats/passwords/bitwarden.js')).importBitwardenEncrypted,
  '1password-1pux': async () => (await import('./formats/passwords/onepassword.js')).import1Password1pux,
  'keepass-xml': async () => (await import('./formats/passwords/keepass.js')).importKeePassXml,
  'keepassxc-csv': async () => (await import('./formats/passwords/keepass.js')).importKeePassXcCsv,
  'dayone-zip': async () => (await import('./formats/diary/dayone.js')).importDayOne,
  'diary-markdown': async () => (await import('./formats/diary/export-markdown.js')).importDiaryMarkdown,
  icalendar: async () => (await import('./formats/calendar/icalendar.js')).importICalendar,
  banksalad: async () => (await import('./formats/money/banksalad.js')).importBanksalad,
};

const post = (message: FromWorker, transfer: Transferable[] = []) => self.postMessage(message, transfer);

/** The statement read last, kept here while the member maps its columns. */
let sheet: { rows: string[][] } | null = null;

async function formatOf(bytes: Uint8Array): Promise<ImportFormat> {
  const sniffed = sniff(bytes);
  if (sniffed !== 'zip') return sniffed;
  let entries;
  try {
    entries = await new ZipReader(new Uint8ArrayReader(bytes)).getEntries();
  } catch {
    throw new ImportError('damaged');
  }
  return zipFormat(entries.map((entry) => ({ name: entry.filename, encrypted: entry.encrypted })));
}

async function read(message: Extract<ToWorker, { type: 'read' }>): Promise<void> {
  if (message.file.size > MAX_IMPORT_FILE_BYTES) throw new ImportError('too-large');
  const bytes = new Uint8Array(await message.file.arrayBuffer());
  const format = await formatOf(bytes);
  const options: ImportOptions = {
    ...(message.password ? { password: message.password } : {}),
    timeZone: message.timeZone,
    today: message.today,
    progress: (share) => post({ type: 'progress', share }),
  };
  if (format === 'statement') {
    const money = await import('./formats/money/statement.js');
    const { readSheet } = await import('./formats/money/sheet.js');
    const read = await readSheet(bytes, options);
    sheet = read;
    const guess = money.guessMapping(read);
    post({
      type: 'sheet',
      format,
      sheet: {
        rows: read.rows.slice(0, 30),
        rowCount: read.rows.length,
        guess: guess as { headerRow: number; mapping: Mapping; preset?: string } | null,
      },
    });
    return;
  }
  const plan = await (await IMPORTERS[format]())(bytes, options);
  posted(plan);
}

/** Sends the plan, its attachments' bytes moved rather than copied. */
function posted(plan: ImportPlan): void {
  const transfer = plan.items.flatMap((item) =>
    (item.attachments ?? []).map((attachment) => attachment.bytes.buffer as ArrayBuffer),
  );
  post({ type: 'plan', plan }, [...new Set(transfer)]);
}

async function map(message: Extract<ToWorker, { type: 'map' }>): Promise<void> {
  if (!sheet) throw new ImportError('damaged');
  const { statementPlan } = await import('./formats/money/statement.js');
  const plan = statementPlan(
    sheet,
    { headerRow: message.headerRow, ...message.mapping } as unknown as Parameters<typeof statementPlan>[1],
    {
      timeZone: message.timeZone,
      today: message.today,
      progress: (share: number) => post({ type: 'progress', share }),
    },
  );
  posted(plan);
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  void (message.type === 'read' ? read(message) : map(message)).catch((error: unknown) => {
    if (error instanceof ImportError) {
      post({
        type: 'failed',
        code: error.code,
        ...(error.line !== undefined ? { line: error.line } : {}),
        ...(error.detail ? { detail: error.detail } : {}),
      });
    } else {
      // An importer's own bug or a library's refusal: the file is taken for damaged, and the console says why.
      console.error('import failed', error);
      post({ type: 'failed', code: 'damaged' });
    }
  });
};
