// A backup JSON read from a Blob without holding it (a 2 GB vault's backup is a 2.7 GB file, past what one
// JavaScript string can hold): one pass over its bytes, a few MiB at a time, finds where each of the top-level
// object's values lies, and where each element of its "chunks" array lies, with that element's short fields;
// each value is then parsed from its own slice of the file, a chunk only when it is needed.

/** Where the top-level object's values and its "chunks" elements lie in the file. */
export interface JsonLayout {
  /** Each top-level key's value, as a byte range [start, end) of the file. */
  values: Map<string, [start: number, end: number]>;
  /** Each element of the top-level "chunks" array: its byte range and its fields' JSON, long strings left empty. */
  chunks: Array<{ start: number; end: number; fields: string }>;
}

/** How much of the file is looked at at a time. */
const SLICE_BYTES = 4 * 1024 * 1024;
/** A string inside a chunk element longer than this (the chunk's data) is left out of its fields. */
const SHORT_STRING = 256;
/** A chunk element's fields, long strings left out, are no longer than this. */
const MAX_FIELDS = 4096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * The layout of a JSON file whose top level is an object; throws when the file is not one (an unclosed string or
 * bracket, a value where a key belongs, a key twice, anything after the object), or holds more than `maxChunks`
 * chunk elements. What lies inside each value is left to JSON.parse of its slice.
 */
export async function jsonLayout(file: Blob, maxChunks: number): Promise<JsonLayout> {
  const values = new Map<string, [number, number]>();
  const chunks: JsonLayout['chunks'] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Where the scan is: 'start' before the object; at depth 1 expecting a 'key', its 'colon', a 'value', inside
  // one ('in-value'); 'end' after the object.
  let state: 'start' | 'key' | 'colon' | 'value' | 'in-value' | 'end' = 'start';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let lastSolid = -1;
  let key: number[] | null = null;
  let currentKey = '';
  let valueStart = 0;
  // Inside the "chunks" array (depth 2): expecting an element, or inside one.
  let element: 'none' | 'expect' | 'inside' = 'none';
  /** The last element ended with a comma: another must follow. */
  let more = false;
  let elementStart = 0;
  let fields: number[] = [];
  let stringStart = 0;
  const fieldByte = (byte: number) => {
    if (fields.length >= MAX_FIELDS) throw new Error('chunk element too large');
    fields.push(byte);
  };
  const endValue = () => {
    if (values.has(currentKey)) throw new Error(`key ${currentKey} twice`);
    values.set(currentKey, [valueStart, lastSolid + 1]);
  };
  const endElement = () => {
    if (chunks.length >= maxChunks) throw new Error('too many chunks');
    chunks.push({ start: elementStart, end: lastSolid + 1, fields: decoder.decode(new Uint8Array(fields)) });
    fields = [];
  };
  for (let base = 0; base < file.size; base += SLICE_BYTES) {
    const bytes = new Uint8Array(await file.slice(base, base + SLICE_BYTES).arrayBuffer());
    const length = bytes.length;
    let backslashAt = -1;
    for (let i = 0; i < length; i++) {
      if (inString) {
        if (escaped) {
          escaped = false;
          if (key) key.push(bytes[i]!);
          else if (element === 'inside') fieldByte(bytes[i]!);
          continue;
        }
        // Straight to the next quote or backslash: most of a backup is inside long strings.
        if (backslashAt < i) {
          backslashAt = bytes.indexOf(BACKSLASH, i);
          if (backslashAt < 0) backslashAt = length;
        }
        let quoteAt = bytes.indexOf(QUOTE, i);
        if (quoteAt < 0) quoteAt = length;
        const stop = Math.min(quoteAt, backslashAt);
        if (key) {
          for (let at = i; at < stop; at++) key.push(bytes[at]!);
          if (key.length > 256) throw new Error('key too long');
        } else if (element === 'inside' && fields.length - stringStart <= SHORT_STRING) {
          for (let at = i; at < stop && fields.length - stringStart <= SHORT_STRING; at++)
            fieldByte(bytes[at]!);
        }
        if (stop === length) {
          i = length;
          break;
        }
        i = stop;
        if (bytes[i] === BACKSLASH) {
          escaped = true;
          if (key) key.push(BACKSLASH);
          else if (element === 'inside') fieldByte(BACKSLASH);
          continue;
        }
        inString = false;
        lastSolid = base + i;
        if (key) {
          currentKey = JSON.parse(`"${decoder.decode(new Uint8Array(key))}"`) as string;
          key = null;
          state = 'colon';
        } else if (element === 'inside') {
          // A long string (the chunk's bytes) is kept as an empty one.
          if (fields.length - stringStart > SHORT_STRING) fields.length = stringStart;
          fieldByte(QUOTE);
        }
        continue;
      }
      const byte = bytes[i]!;
      if (isSpace(byte) || (state === 'start' && (byte === 0xef || byte === 0xbb || byte === 0xbf))) {
        continue;
      }
      const at = base + i;
      switch (state) {
        case 'start':
          if (byte !== 0x7b) throw new Error('not an object');
          depth = 1;
          state = 'key';
          break;
        case 'end':
          throw new Error('something after the object');
        case 'key':
          if (byte === 0x7d && values.size === 0) {
            depth = 0;
            state = 'end';
          } else if (byte === QUOTE) {
            inString = true;
            key = [];
          } else {
            throw new Error('expected a key');
          }
          break;
        case 'colon':
          if (byte !== 0x3a) throw new Error('expected a colon');
          state = 'value';
          break;
        case 'value':
        case 'in-value':
          if (state === 'value') {
            if (byte === 0x2c || byte === 0x7d) throw new Error('expected a value');
            state = 'in-value';
            valueStart = at;
            if (currentKey === 'chunks' && byte === 0x5b) {
              depth = 2;
              element = 'expect';
              lastSolid = at;
              break;
            }
          }
          if (element === 'expect' && depth === 2) {
            if (byte === 0x5d && !more) {
              depth = 1;
              element = 'none';
              lastSolid = at;
              break;
            }
            if (byte === 0x2c || byte === 0x5d) throw new Error('expected an element');
            element = 'inside';
            elementStart = at;
            fields = [];
          }
          if (element === 'inside') {
            if (depth === 2 && (byte === 0x2c || byte === 0x5d)) {
              endElement();
              element = byte === 0x2c ? 'expect' : 'none';
              more = byte === 0x2c;
              if (byte === 0x5d) depth = 1;
              lastSolid = at;
              break;
            }
            fieldByte(byte);
          }
          if (depth === 1 && (byte === 0x2c || byte === 0x7d)) {
            endValue();
            if (byte === 0x2c) {
              state = 'key';
            } else {
              depth = 0;
              state = 'end';
            }
            break;
          }
          if (byte === QUOTE) {
            inString = true;
            stringStart = fields.length;
          } else if (byte === 0x7b || byte === 0x5b) {
            depth++;
          } else if (byte === 0x7d || byte === 0x5d) {
            depth--;
            if (depth < 1) throw new Error('unbalanced');
          }
          lastSolid = at;
          break;
      }
    }
  }
  if (state !== 'end' || inString) throw new Error('the object does not end');
  return { values, chunks };
}

/** A range of the file, decoded and parsed; throws when it is longer than `limit` or is not JSON. */
export async function parseRange(
  file: Blob,
  [start, end]: [number, number],
  limit: number,
): Promise<unknown> {
  if (end - start > limit) throw new Error('value too large');
  const text = new TextDecoder('utf-8', { fatal: true }).decode(await file.slice(start, end).arrayBuffer());
  return JSON.parse(text);
}
