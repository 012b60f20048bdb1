// Diary entries from a Day One export ("Day One JSON (.zip)"): one `<Journal name>.json` per journal at the top
// of the zip, each `{ metadata, entries: [...] }`, the entries' photos in `photos/<md5>.<type>` and PDFs in
// `pdfs/<md5>.pdf` (Day One's own identifier, not the file's real MD5). An entry's text is Markdown with Day One's
// backslash escapes and `![](dayone-moment://<identifier>)` where a photo sits.
import { parseIsoDate } from '../../../../calendar/plain-date.js';
import {
  ImportError,
  MAX_IMPORT_ITEMS,
  type ImportAttachment,
  type ImportItem,
  type ImportOptions,
  type ImportPlan,
  type Skipped,
} from '../../plan.js';
import { firstWords, leadingTitle, memoItem, uniqueName } from './memo-item.js';
import { openZip, type ZipFiles } from '../zip.js';

interface Moment {
  identifier?: unknown;
  md5?: unknown;
  type?: unknown;
  filename?: unknown;
  pdfName?: unknown;
}

interface DayOneEntry {
  creationDate?: unknown;
  timeZone?: unknown;
  text?: unknown;
  tags?: unknown;
  starred?: unknown;
  photos?: unknown;
  pdfAttachments?: unknown;
  videos?: unknown;
  audios?: unknown;
}

type MomentKind = 'photo' | 'pdf' | 'video' | 'audio';

const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
};

/** `![](dayone-moment://ID)` for a photo; `dayone-moment:/video/ID`, `/audio/ID`, `/pdfAttachment/ID` for others. */
const MOMENT =
  /!\[[^\]\n]*\]\(dayone-moment:(?:\/\/|\/(?:photo|video|audio|pdfAttachment)\/)([A-Za-z0-9_-]+)\)/gi;
/** CommonMark's backslash escapes, which Day One writes before much punctuation ('1\.', '\!'). */
const ESCAPE = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g;
const ESCAPED = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const HEADING = /^#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$/;

export async function importDayOne(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  const zip = await openZip(bytes, options.password);
  const journalNames = zip.names.filter((name) => /^[^/]+\.json$/i.test(name));
  if (journalNames.length === 0) throw new ImportError('unsupported');
  const journals: DayOneEntry[][] = [];
  for (const name of journalNames) {
    let journal: unknown;
    try {
      journal = JSON.parse(await zip.readText(name));
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError('damaged');
    }
    const entries = (journal as { entries?: unknown } | null)?.entries;
    if (Array.isArray(entries)) journals.push(entries as DayOneEntry[]);
  }
  // JSON at the top that holds no journal: some other app's export.
  if (journals.length === 0) throw new ImportError('unsupported');

  const total = journals.reduce((sum, entries) => sum + entries.length, 0);
  const items: ImportItem[] = [];
  const skipped: Skipped[] = [];
  let done = 0;
  for (const entries of journals) {
    for (const [index, entry] of entries.entries()) {
      if (done % 50 === 0) options.progress?.(done / total);
      done += 1;
      const item = await entryItem(entry ?? {}, index + 1, zip, options, skipped);
      if (item) items.push(item);
      if (items.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
    }
  }
  options.progress?.(1);
  return { format: 'dayone-zip', items, skipped };
}

const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

/** The entry's day in its own time zone (the member's when it names none Intl knows). */
function localDate(instant: Date, timeZone: unknown, fallback: string | undefined): string {
  for (const zone of [timeZone, fallback, 'UTC']) {
    if (typeof zone !== 'string' || !zone) continue;
    if (!dayFormats.has(zone)) {
      try {
        const options = { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
        dayFormats.set(zone, new Intl.DateTimeFormat('en-US', options));
      } catch {
        dayFormats.set(zone, null);
      }
    }
    const format = dayFormats.get(zone);
    if (!format) continue;
    const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
    return `${String(parts.year).padStart(4, '0')}-${parts.month}-${parts.day}`;
  }
  return instant.toISOString().slice(0, 10);
}

function momentsOf(entry: DayOneEntry): Array<{ kind: MomentKind; moment: Moment }> {
  const list = (value: unknown, kind: MomentKind) =>
    (Array.isArray(value) ? value : [])
      .filter((moment): moment is Moment => typeof moment === 'object' && moment !== null)
      .map((moment) => ({ kind, moment }));
  return [
    ...list(entry.photos, 'photo'),
    ...list(entry.pdfAttachments, 'pdf'),
    ...list(entry.videos, 'video'),
    ...list(entry.audios, 'audio'),
  ];
}

const FOLDERS: Record<MomentKind, string> = {
  photo: 'photos',
  pdf: 'pdfs',
  video: 'videos',
  audio: 'audios',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Where the moment's file is in the zip: `photos/<md5>.<type>`, else any extension Day One gave it. */
function pathOf(zip: ZipFiles, kind: MomentKind, moment: Moment): string | null {
  const md5 = text(moment.md5);
  if (!/^[A-Za-z0-9_-]+$/.test(md5)) return null;
  const folder = FOLDERS[kind];
  const type = text(moment.type).toLowerCase() || (kind === 'pdf' ? 'pdf' : '');
  if (type && zip.has(`${folder}/${md5}.${type}`)) return `${folder}/${md5}.${type}`;
  return zip.names.find((name) => name.toLowerCase().startsWith(`${folder}/${md5.toLowerCase()}.`)) ?? null;
}

/** The name the member sees: the file's own name when Day One kept it, else `<md5>.<type>`. */
function nameOf(kind: MomentKind, moment: Moment): string {
  const type = text(moment.type).toLowerCase() || (kind === 'pdf' ? 'pdf' : '');
  const own = (text(moment.filename) || text(moment.pdfName))
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  if (own) return kind === 'pdf' && !/\.pdf$/i.test(own) ? `${own}.pdf` : own;
  return `${text(moment.md5) || text(moment.identifier) || kind}${type ? `.${type}` : ''}`;
}

/**
 * A source line without the words `taken` from its start (matched as written: Day One's escapes undone, any run of
 * spaces as one), its moments kept in their place at the front; null when the line does not start with them.
 */
function withoutWords(line: string, taken: string): string | null {
  const moment = new RegExp(MOMENT.source, 'iy');
  let need = taken;
  let at = 0;
  const kept: string[] = [];
  while (need && at < line.length) {
    moment.lastIndex = at;
    const found = moment.exec(line);
    if (found) {
      kept.push(found[0]);
      at += found[0].length;
      continue;
    }
    const escaped = line[at] === '\\' && ESCAPED.test(line[at + 1] ?? '');
    const char = escaped ? line[at + 1]! : line[at]!;
    at += escaped ? 2 : 1;
    if (/\s/.test(char)) {
      if (need.startsWith(' ')) need = need.slice(1);
    } else if (need.startsWith(char)) need = need.slice(1);
    else return null;
  }
  if (need) return null;
  return [...kept, line.slice(at).trim()].filter(Boolean).join(' ');
}

async function entryItem(
  entry: DayOneEntry,
  line: number,
  zip: ZipFiles,
  options: ImportOptions,
  skipped: Skipped[],
): Promise<ImportItem | null> {
  const created = typeof entry.creationDate === 'string' ? new Date(entry.creationDate) : null;
  if (!created || Number.isNaN(created.getTime())) throw new ImportError('bad-row', line, 'creationDate');
  const date = localDate(created, entry.timeZone, options.timeZone);
  if (!parseIsoDate(date)) throw new ImportError('bad-row', line, 'creationDate');

  const names = new Set<string>();
  const attachments: ImportAttachment[] = [];
  const shownAs = new Map<string, string>();
  const missing: string[] = [];
  const others: string[] = [];
  for (const { kind, moment } of momentsOf(entry)) {
    const name = uniqueName(nameOf(kind, moment), names);
    shownAs.set(text(moment.identifier), name);
    if (kind === 'video' || kind === 'audio') {
      others.push(name);
      continue;
    }
    const path = pathOf(zip, kind, moment);
    if (!path) {
      missing.push(name);
      continue;
    }
    const type = MIME[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? '';
    attachments.push({ name, type, bytes: await zip.read(path) });
  }

  const source = text(entry.text).replace(/\r\n?/g, '\n').split('\n');
  // The first line with words (photos often come first) gives the title, and leaves the body: a heading's words, or
  // a line (or its first sentence) short enough for a title, as Day One shows an entry's first line as its title.
  const first = source.findIndex((line) => line.replace(MOMENT, '').trim() !== '');
  let title = date;
  if (first >= 0) {
    const heading = HEADING.exec(source[first]!);
    const words = source[first]!.replace(MOMENT, '').replace(ESCAPE, '$1');
    const taken = heading ? null : leadingTitle(words);
    const rest = taken === null ? null : withoutWords(source[first]!, taken);
    if (heading) {
      title = heading[1]!.replace(ESCAPE, '$1');
      source.splice(first, 1);
    } else if (taken !== null && rest !== null) {
      title = taken.replace(/(?<!\.)[.。]$/u, '');
      if (rest) source[first] = rest;
      else source.splice(first, 1);
    } else title = firstWords(words);
  }
  const lines = source.map((line) =>
    line
      .replace(MOMENT, (_, identifier: string) => {
        const name = shownAs.get(identifier);
        // A moment the entry's lists do not name: nothing to show in its place.
        if (name === undefined) missing.push(identifier);
        return name ?? '';
      })
      .replace(ESCAPE, '$1'),
  );
  const body = lines.join('\n').trim();
  if (first < 0 && attachments.length === 0) {
    skipped.push({ reason: 'empty', what: date, line });
    return null;
  }
  const tags = Array.isArray(entry.tags) ? (entry.tags as unknown[]) : [];
  const item = memoItem(
    { date, title, body, tags, starred: entry.starred === true },
    skipped,
    line,
    attachments,
  );
  for (const name of missing)
    skipped.push({ reason: 'missing-file', what: `${item.value.title}: ${name}`, line });
  for (const name of others)
    skipped.push({ reason: 'unsupported-type', what: `${item.value.title}: ${name}`, line });
  return item;
}
