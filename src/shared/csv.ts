// Comma-separated values (RFC 4180) read into records with the line each starts on, so an importer can say which
// line of the file it could not read; and a field written back so a spreadsheet reads it as the same text.

export interface CsvRecord {
  /** Line where the record starts; records may span lines when a quoted field holds line breaks. */
  line: number;
  fields: string[];
  unterminatedQuote: boolean;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const countLineBreaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/** RFC 4180 records. Accepts CRLF, LF or CR line ends and a final line end; text after a closing quote is kept. */
export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const fieldEnd = /[,\r\n]/g;
  let line = 1;
  let at = 0;
  while (at < text.length) {
    const record: CsvRecord = { line, fields: [], unterminatedQuote: false };
    records.push(record);
    for (;;) {
      let field = '';
      if (text[at] === '"') {
        for (at += 1; ; at += 2) {
          const close = text.indexOf('"', at);
          const chunk = text.slice(at, close === -1 ? text.length : close);
          field += chunk;
          line += countLineBreaks(chunk);
          if (close === -1) {
            record.unterminatedQuote = true;
            at = text.length;
            break;
          }
          at = close;
          if (text[close + 1] !== '"') break;
          field += '"';
        }
        at = Math.min(at + 1, text.length);
      }
      fieldEnd.lastIndex = at;
      const end = fieldEnd.exec(text)?.index ?? text.length;
      field += text.slice(at, end);
      record.fields.push(field);
      at = end;
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (at < text.length) {
        at += text.startsWith('\r\n', at) ? 2 : 1;
        line += 1;
      }
      break;
    }
  }
  return records;
}

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export const quoteCsvField = (field: string): string =>
  /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
