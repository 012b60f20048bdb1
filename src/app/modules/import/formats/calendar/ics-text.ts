// RFC 5545's text layer, both ways: content lines unfolded into components (each with the line it starts on, for
// the preview and for errors), and values escaped and folded at 75 octets for writing.
import { ImportError } from '../../plan.js';

export interface ContentLine {
  /** Upper-cased ('DTSTART', 'X-MYGENIE-LUNAR'). */
  name: string;
  /** Parameter names upper-cased; values unquoted, each list item apart. */
  params: Map<string, string[]>;
  value: string;
  /** 1-based physical line the content line starts on. */
  line: number;
}

export interface Component {
  name: string;
  line: number;
  properties: ContentLine[];
  components: Component[];
}

/** VCALENDAR › VTIMEZONE › STANDARD is three; a file nesting far deeper is hostile, not a calendar. */
const MAX_DEPTH = 8;

/** Our export's mark on a lunar event: the stored lunar date, with X-MYGENIE-LEAP and X-MYGENIE-REPEAT. */
export const LUNAR_PROPERTY = 'X-MYGENIE-LUNAR';

/**
 * The file's content lines, unfolded on its bytes before they are decoded: some writers fold inside a UTF-8
 * character, which decoding the physical lines one by one would break. UTF-8 (a BOM dropped), or CP949 when it
 * is not valid UTF-8 (old Korean Outlook exports).
 */
function logicalLines(bytes: Uint8Array): Array<{ text: string; line: number }> {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  // Old Mac files end lines with CR alone.
  const newline = body.includes(0x0a) ? 0x0a : 0x0d;
  const physical: Uint8Array[] = [];
  for (let at = 0; at <= body.length;) {
    let end = body.indexOf(newline, at);
    if (end < 0) end = body.length;
    const last = end > at && body[end - 1] === 0x0d ? end - 1 : end;
    physical.push(body.subarray(at, last));
    at = end + 1;
  }
  const grouped: Array<{ parts: Uint8Array[]; line: number }> = [];
  physical.forEach((part, index) => {
    const current = grouped.at(-1);
    if (current && (part[0] === 0x20 || part[0] === 0x09)) current.parts.push(part.subarray(1));
    else grouped.push({ parts: [part], line: index + 1 });
  });
  const decode = (decoder: TextDecoder) =>
    grouped.map(({ parts, line }) => {
      if (parts.length === 1) return { text: decoder.decode(parts[0]), line };
      const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        joined.set(part, offset);
        offset += part.length;
      }
      return { text: decoder.decode(joined), line };
    });
  try {
    return decode(new TextDecoder('utf-8', { fatal: true }));
  } catch {
    return decode(new TextDecoder('euc-kr'));
  }
}

/**
 * The VCALENDAR components of the file (it may hold several one after another). Anything that does not start
 * with BEGIN:VCALENDAR is no calendar ('unsupported'); a component left open or closed out of turn, or a line that
 * is no content line, is damage at its line.
 */
export function readCalendars(bytes: Uint8Array, progress?: (share: number) => void): Component[] {
  const lines = logicalLines(bytes);
  const calendars: Component[] = [];
  const open: Component[] = [];
  let lastLine = 0;
  lines.forEach(({ text, line }, index) => {
    lastLine = line;
    if (text.trim() === '') return;
    if (index % 5000 === 0) progress?.(index / lines.length);
    const current = open.at(-1);
    if (!current && !/^BEGIN:VCALENDAR\s*$/i.test(text)) {
      throw new ImportError(calendars.length === 0 ? 'unsupported' : 'damaged', line);
    }
    const content = parseContentLine(text, line);
    if (content.name === 'BEGIN') {
      if (open.length >= MAX_DEPTH) throw new ImportError('damaged', line);
      const component: Component = {
        name: content.value.toUpperCase(),
        line,
        properties: [],
        components: [],
      };
      if (current) current.components.push(component);
      else calendars.push(component);
      open.push(component);
    } else if (content.name === 'END') {
      if (current!.name !== content.value.toUpperCase()) throw new ImportError('damaged', line);
      open.pop();
    } else {
      current!.properties.push(content);
    }
  });
  if (calendars.length === 0)
    throw new ImportError(lines.some(({ text }) => text.trim()) ? 'unsupported' : 'empty');
  if (open.length > 0) throw new ImportError('damaged', lastLine);
  return calendars;
}

/** `NAME;PARAM=a,"b;c":value` — a quoted parameter value may hold ';', ':' and ','. */
function parseContentLine(text: string, line: number): ContentLine {
  const nameEnd = text.search(/[;:]/);
  if (nameEnd <= 0) throw new ImportError('damaged', line);
  const name = text.slice(0, nameEnd).trim().toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) throw new ImportError('damaged', line);
  const params = new Map<string, string[]>();
  let at = nameEnd;
  while (text[at] === ';') {
    const equals = text.indexOf('=', at);
    if (equals < 0) throw new ImportError('damaged', line);
    const paramName = text
      .slice(at + 1, equals)
      .trim()
      .toUpperCase();
    const values: string[] = [];
    at = equals + 1;
    for (;;) {
      if (text[at] === '"') {
        const close = text.indexOf('"', at + 1);
        if (close < 0) throw new ImportError('damaged', line);
        values.push(unescapeParam(text.slice(at + 1, close)));
        at = close + 1;
      } else {
        let end = at;
        while (end < text.length && !';:,'.includes(text[end]!)) end += 1;
        values.push(unescapeParam(text.slice(at, end)));
        at = end;
      }
      if (text[at] !== ',') break;
      at += 1;
    }
    params.set(paramName, values);
  }
  if (text[at] !== ':') throw new ImportError('damaged', line);
  return { name, params, value: text.slice(at + 1), line };
}

/** RFC 6868: ^n is a newline, ^' a double quote, ^^ a caret. */
function unescapeParam(value: string): string {
  return value.replace(/\^([n'^])/g, (_, code: string) => (code === 'n' ? '\n' : code === "'" ? '"' : '^'));
}

/** A TEXT value as written: \n (or \N) a newline, \, \; \\ the character itself. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\s\S])/g, (_, code: string) => (code === 'n' || code === 'N' ? '\n' : code));
}

/** A TEXT value's items (CATEGORIES, a list of RDATE values): split at commas not escaped. */
export function splitList(value: string): string[] {
  return value.split(/(?<!\\),/);
}

export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');
}

function octetsOf(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * One content line folded so that no line passes 75 octets (CRLF not counted), never inside a UTF-8 character
 * nor between the halves of a surrogate pair; each continuation starts with a space, which counts.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = octetsOf(char);
    const room = lines.length === 0 ? 75 : 74;
    if (octets + size > room) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return `${lines.join('\r\n ')}\r\n`;
}
