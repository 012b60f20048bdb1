// The download page's tables of files (the published files, the member's own documents): name, size, date and
// what can be done with each, read as a list of cards on a narrow screen.
import type { ReactNode } from 'react';
import { useLanguage } from '../../../client/text.js';
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
  /** The row's buttons and links. */
  actions: ReactNode;
}

export function FileTable({
  rows,
  caption,
  columns,
  testId,
  rowTestId,
}: {
  rows: FileRow[];
  caption: string;
  columns: { name: string; size: string; date: string; actions: string };
  testId: string;
  rowTestId: string;
}) {
  const { lang } = useLanguage();
  return (
    <table className="download-table" data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{columns.name}</th>
          <th scope="col">{columns.size}</th>
          <th scope="col">{columns.date}</th>
          <th scope="col">
            <span className="visually-hidden">{columns.actions}</span>
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
            <td data-label={columns.size}>{formatBytes(row.bytes, lang)}</td>
            <td data-label={columns.date}>
              <time dateTime={row.date}>{formatInstantDate(row.date, lang)}</time>
            </td>
            <td className="download-table__action">{row.actions}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A file's download link, named with the file for a screen reader. */
export function DownloadLink({
  href,
  label,
  itemLabel,
  testId,
}: {
  href: string;
  label: string;
  itemLabel: string;
  testId: string;
}) {
  return (
    <a
      className="button button--ghost button--small"
      href={href}
      download
      data-testid={testId}
      aria-label={itemLabel}
    >
      {label}
    </a>
  );
}
