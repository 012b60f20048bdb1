// The download page's tables of files (the published files, the member's own documents): name, size, date and
// what can be done with each, read as a list of cards on a narrow screen.
import type { ReactNode } from 'react';
import { fill, useLanguage } from '../../../client/text.js';
import { formatBytes, formatInstantDate } from '../../../client/format.js';

/** One file as a row shows it. */
export interface FileRow {
  id: string;
  name: string;
  /** Shown under the name: a badge, the version, a description. */
  details?: ReactNode;
  bytes: number;
  /** An ISO instant: when it was released or last changed. */
  date: string;
  /** Where the file downloads from. */
  href: string;
  /** Buttons after the download link. */
  actions?: ReactNode;
}

export function FileTable({
  rows,
  text,
  download,
  testId,
  rowTestId,
}: {
  rows: FileRow[];
  /** The table's caption and column names (its date column: when each file was released or changed). */
  text: { tableCaption: string; colName: string; colSize: string; colDate: string; colAction: string };
  /** The download link's words ({{name}}: the file's, for a screen reader) and test id. */
  download: { label: string; itemLabel: string; testId: string };
  testId: string;
  rowTestId: string;
}) {
  const { lang } = useLanguage();
  return (
    <table className="download-table" data-testid={testId}>
      <caption className="visually-hidden">{text.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{text.colName}</th>
          <th scope="col">{text.colSize}</th>
          <th scope="col">{text.colDate}</th>
          <th scope="col">
            <span className="visually-hidden">{text.colAction}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid={rowTestId}>
            <th scope="row" className="download-table__name">
              <span className="download-table__file">{row.name}</span>
              {row.details}
            </th>
            <td data-label={text.colSize}>{formatBytes(row.bytes, lang)}</td>
            <td data-label={text.colDate}>
              <time dateTime={row.date}>{formatInstantDate(row.date, lang)}</time>
            </td>
            <td className="download-table__action">
              <a
                className="button button--ghost button--small"
                href={row.href}
                download
                data-testid={download.testId}
                aria-label={fill(download.itemLabel, { name: row.name })}
              >
                {download.label}
              </a>
              {row.actions}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
