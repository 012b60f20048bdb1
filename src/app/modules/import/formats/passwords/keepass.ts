// KeePass 2.x's XML export and KeePassXC's CSV export. An entry with a user name, a password or a URL is a login,
// any other a note; its other strings go to the memo (a protected one is left out), its group as the 📁 line, its
// files as attachments. Entries in the recycle bin are skipped as deleted, and an entry's history is not read.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { base64ToBytes } from '../../../../../shared/base64.js';
import { readCsv } from '../../../../../shared/csv.js';
import {
  ImportError,
  MAX_IMPORT_ITEMS,
  MAX_UNPACKED_BYTES,
  type ImportAttachment,
  type ImportOptions,
  type ImportPlan,
} from '../../plan.js';
import { mimeTypeOf } from './attachments.js';
import { fieldLine, folderLine, PersonalPlan, progressEvery } from './personal-builder.js';
import { decodeText, isObject } from './text.js';

const SOURCE = 'KeePass';

/** The strings every KeePass entry has; any other is the member's own. */
const STANDARD = new Set(['Title', 'UserName', 'Password', 'URL', 'Notes']);

/** One-time password seeds as KeePassXC (otp, TOTP Seed) and KeePass 2.47+ (TimeOtp-Secret…) keep them. */
const isOtpKey = (key: string) => /^(otp|TOTP Seed|TOTP Settings|(TimeOtp|HmacOtp)-.*)$/i.test(key);

/** KeePassXC keeps a passkey as KPEX_PASSKEY_* strings. */
const isPasskeyKey = (key: string) => key.startsWith('KPEX_PASSKEY_');

interface EntryText {
  key: string;
  value: string;
  protect: boolean;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  // A password's leading and trailing spaces are part of it.
  trimValues: false,
  alwaysCreateTextNode: true,
  // Entities are decoded here, below: only XML's own five and character references (no DTD is accepted at all).
  processEntities: false,
  isArray: (name) => name === 'Group' || name === 'Entry' || name === 'String' || name === 'Binary',
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi, (whole, decimal, hex, name) => {
    if (name) return ENTITIES[(name as string).toLowerCase()] ?? whole;
    const code = decimal ? Number(decimal) : parseInt(hex as string, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** An element's text: its text node, entities decoded. */
function textOf(node: unknown): string {
  if (typeof node === 'string') return decodeEntities(node);
  if (isObject(node) && typeof node['#text'] === 'string') return decodeEntities(node['#text']);
  return '';
}

const childrenOf = (node: unknown, name: string): Node[] =>
  isObject(node) && Array.isArray(node[name]) ? (node[name] as unknown[]).filter(isObject) : [];

/** What the entries' files may unpack to in all; a gzip bomb stops here. */
class Budget {
  #left = MAX_UNPACKED_BYTES;

  spend(bytes: number): void {
    this.#left -= bytes;
    if (this.#left < 0) throw new ImportError('too-large');
  }
}

/** A gzip member unpacked as it streams, each chunk counted against the budget before it is kept. */
async function gunzip(bytes: Uint8Array<ArrayBuffer>, budget: Budget): Promise<Uint8Array> {
  const input = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const reader = input.pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      budget.spend(value.length);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error instanceof ImportError ? error : new ImportError('damaged');
  }
  return concat(chunks);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  try {
    return base64ToBytes(text.replace(/\s+/g, ''));
  } catch {
    throw new ImportError('damaged');
  }
}

/** KeePass 2.x's XML export (KeePass → Export → KeePass XML (2.x)). */
export async function importKeePassXml(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  const text = decodeText(bytes);
  // KeePass never writes a DTD; one here could only be there to make the parser expand entities.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new ImportError('damaged');
  if (XMLValidator.validate(text) !== true) throw new ImportError('damaged');
  let document: Node;
  try {
    document = parser.parse(text) as Node;
  } catch {
    throw new ImportError('damaged');
  }
  const file = document.KeePassFile;
  const root = isObject(file) ? childrenOf(file.Root, 'Group')[0] : undefined;
  if (!isObject(file) || !root) throw new ImportError('unsupported');
  const meta = isObject(file.Meta) ? file.Meta : {};
  const recycleBin = textOf(meta.RecycleBinUUID).trim();

  const budget = new Budget();
  const binaries = new Map<string, Node>();
  for (const binary of childrenOf(meta.Binaries, 'Binary')) binaries.set(String(binary['@ID'] ?? ''), binary);
  const unpacked = new Map<string, Promise<Uint8Array>>();
  const binaryBytes = (node: Node): Promise<Uint8Array> => {
    const bytes = fromBase64(textOf(node));
    return node['@Compressed'] === 'True' ? gunzip(bytes, budget) : Promise.resolve(bytes);
  };
  const fileOf = async (value: unknown): Promise<Uint8Array | null> => {
    if (!isObject(value)) return null;
    const ref = value['@Ref'];
    if (typeof ref !== 'string') return binaryBytes(value);
    const binary = binaries.get(ref);
    if (!binary) return null;
    if (!unpacked.has(ref)) unpacked.set(ref, binaryBytes(binary));
    return unpacked.get(ref)!;
  };

  const entries: Array<{ entry: Node; path: string[]; deleted: boolean }> = [];
  const walk = (group: Node, path: string[], deleted: boolean) => {
    const inBin = deleted || (recycleBin !== '' && textOf(group.UUID).trim() === recycleBin);
    for (const entry of childrenOf(group, 'Entry')) entries.push({ entry, path, deleted: inBin });
    for (const child of childrenOf(group, 'Group')) walk(child, [...path, textOf(child.Name)], inBin);
    if (entries.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
  };
  walk(root, [], false);
  if (entries.length === 0) throw new ImportError('empty');

  const plan = new PersonalPlan('keepass-xml', SOURCE);
  const tick = progressEvery(entries.length, options.progress);
  for (const [index, { entry, path, deleted }] of entries.entries()) {
    const texts = childrenOf(entry, 'String').map((string): EntryText => {
      const value = isObject(string.Value) ? string.Value : {};
      // Protected="True" is a KeePass database's inner, encrypted form, not an export: its values cannot be read.
      if (value['@Protected'] === 'True') throw new ImportError('unsupported');
      return { key: textOf(string.Key), value: textOf(value), protect: value['@ProtectInMemory'] === 'True' };
    });
    const attachments: ImportAttachment[] = [];
    // A file in the recycle bin is not read: it goes with its entry.
    for (const binary of deleted ? [] : childrenOf(entry, 'Binary')) {
      const name = textOf(binary.Key);
      const bytes = await fileOf(binary.Value);
      if (bytes) attachments.push({ name, type: mimeTypeOf(name), bytes });
    }
    addEntry(plan, texts, path.filter(Boolean).join('/'), deleted, attachments);
    tick(index + 1);
  }
  return plan.plan();
}

function addEntry(
  plan: PersonalPlan,
  texts: EntryText[],
  group: string,
  deleted: boolean,
  attachments: ImportAttachment[],
  line?: number,
): void {
  const standard = (key: string) => texts.find((text) => text.key === key)?.value ?? '';
  const title = standard('Title');
  if (deleted) return plan.skip('deleted', title, line);
  const lines: string[] = [];
  let otp = false;
  let passkey = false;
  for (const { key, value, protect } of texts) {
    if (STANDARD.has(key) || !value.trim()) continue;
    if (isOtpKey(key)) otp = true;
    else if (isPasskeyKey(key)) passkey = true;
    else if (protect) plan.skip('hidden-field', `${title}: ${key}`, line);
    else lines.push(fieldLine(key, value));
  }
  if (otp) plan.skip('totp', title, line);
  if (passkey) plan.skip('unsupported-type', title, line);
  const [username, password, url] = [standard('UserName'), standard('Password'), standard('URL')];
  const login = Boolean(username.trim() || password || url.trim());
  plan.add({
    kind: login ? 'login' : 'note',
    title,
    fields: login ? { url, username, password } : {},
    lines: [...(group ? [folderLine(group)] : []), standard('Notes'), ...lines],
    ...(line !== undefined ? { line } : {}),
    ...(attachments.length ? { attachments } : {}),
  });
}

/** The recycle bin's name in KeePassXC's English and Korean. */
const RECYCLE_BINS = new Set(['Recycle Bin', '휴지통']);

/** KeePassXC's CSV export: "Group","Title","Username","Password","URL","Notes","TOTP","Icon","Last Modified","Created". */
export async function importKeePassXcCsv(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  const records = readCsv(decodeText(bytes));
  const header = (records[0]?.fields ?? []).map((name) => name.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  if (['title', 'username', 'password', 'url', 'notes'].some((name) => column(name) === -1)) {
    throw new ImportError('unsupported');
  }
  const rows = records.slice(1);
  if (rows.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
  const plan = new PersonalPlan('keepassxc-csv', SOURCE);
  const tick = progressEvery(rows.length, options.progress);
  let read = 0;
  rows.forEach((record, index) => {
    if (record.unterminatedQuote || record.fields.length > header.length)
      throw new ImportError('bad-row', record.line);
    if (record.fields.length === 1 && !record.fields[0]!.trim()) return;
    read += 1;
    const cell = (name: string) => (column(name) === -1 ? '' : (record.fields[column(name)] ?? ''));
    // KeePassXC writes the root group's name first (Root/금융): the folder is what follows it.
    const path = cell('group').split('/').slice(1);
    const texts: EntryText[] = [
      { key: 'Title', value: cell('title'), protect: false },
      { key: 'UserName', value: cell('username'), protect: false },
      { key: 'Password', value: cell('password'), protect: true },
      { key: 'URL', value: cell('url'), protect: false },
      { key: 'Notes', value: cell('notes'), protect: false },
      { key: 'otp', value: cell('totp'), protect: true },
    ];
    addEntry(plan, texts, path.join('/'), RECYCLE_BINS.has(path[0] ?? ''), [], record.line);
    tick(index + 1);
  });
  if (read === 0) throw new ImportError('empty');
  return plan.plan();
}
