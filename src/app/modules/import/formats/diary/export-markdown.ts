// The diary as a zip of Markdown files any notes app opens (Obsidian, Bear, a text editor), and that zip read back.
// One file per entry, `YYYY/YYYY-MM-DD <title>.md`, with a small YAML front matter (date, title, tags, starred,
// and the attachments' names and types, which a file name cannot always keep); attachments sit in `attachments/`,
// linked at the end of the entry. Values in the front matter are JSON strings and arrays, which YAML reads as its
// own double-quoted scalars and flow sequences.
import { zipSync, type Zippable } from 'fflate';
import { parseIsoDate } from '../../../../calendar/plain-date.js';
import type { Memo } from '../../../../records/memo.js';
import {
  ImportError,
  MAX_IMPORT_ITEMS,
  type ImportAttachment,
  type ImportItem,
  type ImportOptions,
  type ImportPlan,
  type Skipped,
} from '../../plan.js';
import { firstWords, memoItem, uniqueName } from './memo-item.js';
import { openZip } from '../zip.js';

export interface DiaryExportEntry {
  id: string;
  value: Memo;
  attachments: ImportAttachment[];
}

const encoder = new TextEncoder();
/** Characters Windows or macOS refuse in a file name, and control characters. */
const UNSAFE = /[<>:"/\\|?*\p{Cc}]/gu;
/** A name's part of a path, in UTF-8 octets: with ' (2).md' added, under the 255 common file systems allow. */
const NAME_OCTETS = 200;

/**
 * A file name safe on Windows, macOS and Linux: no reserved characters, no leading or trailing dot, not too long.
 * Every name starts with the entry's date, so none is one of Windows' reserved names (CON, NUL…).
 */
function safeName(name: string, fallback: string): string {
  let safe = name.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  safe = safe.replace(/^\.+/, '').replace(/[. ]+$/, '');
  while (encoder.encode(safe).length > NAME_OCTETS) safe = [...safe].slice(0, -1).join('');
  safe = safe.replace(/[. ]+$/, '');
  return safe || fallback;
}

/** A name cut to fit, keeping its extension. */
function safeFileName(name: string, fallback: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? safeName(name.slice(dot + 1), '') : '';
  const stem = safeName(extension ? name.slice(0, dot) : name, fallback);
  return extension ? `${stem}.${extension}` : stem;
}

/** Writes a value of the front matter as YAML that is JSON too: `"…"`, `["a", "b"]`, `{"name": "…"}`. */
function yaml(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(yaml).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${yaml(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

function link(attachment: { name: string; type: string }, path: string): string {
  const label = attachment.name.replace(/([[\]\\])/g, '\\$1');
  return `${attachment.type.startsWith('image/') ? '!' : ''}[${label}](<${path}>)`;
}

/** The links the export adds under an entry's text, which the import takes off again. */
function linksBlock(links: string[]): string {
  return links.length > 0 ? `\n\n${links.join('\n')}\n` : '';
}

export function exportDiaryMarkdown(entries: DiaryExportEntry[]): Uint8Array {
  const files: Zippable = {};
  const taken = new Set<string>();
  const sorted = [...entries].sort(
    (a, b) => a.value.date.localeCompare(b.value.date) || a.id.localeCompare(b.id),
  );
  for (const { value, attachments } of sorted) {
    const year = value.date.slice(0, 4);
    const words = firstWords(value.title || value.body);
    const name = uniqueName(`${safeName(`${value.date} ${words}`, value.date)}.md`, taken);
    const listed = attachments.map((attachment) => {
      const file = uniqueName(
        `attachments/${safeFileName(`${value.date} ${attachment.name}`, `${value.date} attachment`)}`,
        taken,
      );
      files[file] = [attachment.bytes, { level: attachment.type.startsWith('text/') ? 6 : 0 }];
      return { name: attachment.name, type: attachment.type, path: `../${file}` };
    });
    const front = [
      '---',
      `date: ${value.date}`,
      `title: ${yaml(value.title)}`,
      `tags: ${yaml(value.tags ?? [])}`,
      `starred: ${value.starred === true}`,
      ...(listed.length > 0 ? [`attachments: ${yaml(listed)}`] : []),
      '---',
      '',
    ].join('\n');
    const text = front + value.body + linksBlock(listed.map((item) => link(item, item.path)));
    files[`${year}/${name}`] = encoder.encode(text);
  }
  return zipSync(files);
}

interface FrontMatter {
  fields: Map<string, unknown>;
  body: string;
}

/** Reads our front matter; lenient with what an editor may have rewritten (plain scalars, block lists). */
function frontMatter(text: string): FrontMatter {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  const fields = new Map<string, unknown>();
  if (!match) return { fields, body: text };
  let listOf: string | null = null;
  for (const line of match[1]!.split(/\r?\n/)) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listOf) {
      (fields.get(listOf) as unknown[]).push(scalar(item[1]!));
      continue;
    }
    const field = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!field) continue;
    const [, key, raw] = field;
    listOf = raw === '' ? key! : null;
    fields.set(key!, raw === '' ? [] : scalar(raw!));
  }
  return { fields, body: text.slice(match[0].length) };
}

function scalar(raw: string): unknown {
  const value = raw.trim();
  if (/^["[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (value === 'true' || value === 'false') return value === 'true';
  return value.replace(/^'(.*)'$/, (_, inner: string) => inner.replace(/''/g, "'"));
}

/** The front matter's attachments that name a file, each with its type ('' when it has none). */
function listedAttachments(value: unknown): Array<{ name: string; type: string; path: string }> {
  return (Array.isArray(value) ? (value as unknown[]) : []).flatMap((item) => {
    const { name, type, path } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || typeof path !== 'string') return [];
    return [{ name, path, type: typeof type === 'string' ? type : '' }];
  });
}

/** A path relative to a file in the zip, made absolute within it ('2025/x.md' + '../attachments/a' → 'attachments/a'). */
function resolve(from: string, path: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

export async function importDiaryMarkdown(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  const zip = await openZip(bytes, options.password);
  const files = zip.names
    .filter((name) => /\.(md|markdown)$/i.test(name) && !name.startsWith('attachments/'))
    .sort();
  if (files.length === 0) throw new ImportError('unsupported');
  if (files.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
  const items: ImportItem[] = [];
  const skipped: Skipped[] = [];
  for (const [index, path] of files.entries()) {
    if (index % 50 === 0) options.progress?.(index / files.length);
    const line = index + 1;
    const { fields, body: text } = frontMatter((await zip.readText(path)).replace(/^\uFEFF/, ''));
    const fileName = path
      .split('/')
      .pop()!
      .replace(/\.(md|markdown)$/i, '');
    const named = /^(\d{4}-\d{2}-\d{2})\s*(.*)$/.exec(fileName);
    const date = [fields.get('date'), named?.[1]].find(
      (candidate): candidate is string => typeof candidate === 'string' && parseIsoDate(candidate) !== null,
    );
    if (!date) throw new ImportError('bad-row', line, path);
    const listed = listedAttachments(fields.get('attachments'));
    const links = linksBlock(listed.map((item) => link(item, item.path)));
    const body = links && text.endsWith(links) ? text.slice(0, -links.length) : text;
    // Without front matter, the file's name after its date is the title.
    const ownTitle = fields.get('title');
    const title = typeof ownTitle === 'string' ? ownTitle : fields.size === 0 ? (named?.[2] ?? '') : '';
    const attachments: ImportAttachment[] = [];
    for (const item of listed) {
      const file = resolve(path, item.path);
      if (!zip.has(file)) {
        skipped.push({ reason: 'empty', what: `${title || date}: ${item.name}`, line });
        continue;
      }
      attachments.push({ name: item.name, type: item.type, bytes: await zip.read(file) });
    }
    const tags = fields.get('tags');
    items.push(
      memoItem(
        { date, title, body, tags: Array.isArray(tags) ? tags : [], starred: fields.get('starred') === true },
        skipped,
        line,
        attachments,
      ),
    );
  }
  options.progress?.(1);
  return { format: 'diary-markdown', items, skipped };
}
