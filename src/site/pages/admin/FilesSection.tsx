// The published files, each with a download link and a delete button (after a confirmation).
import { useRef, useState } from 'react';
import { catalog, siteErrorMessage } from '../../../shared/i18n/index.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { PublishedFile } from '../../../shared/schemas/files.js';
import type { Api, Output } from '../../../shared/api/index.js';
import { call, failureCode } from '../../../client/api.js';
import { type Loaded } from '../../../client/use-load.js';
import { formatBytes, formatCount, formatInstantDate } from '../../../client/format.js';
import { Section } from '../../ui/PageParts.js';
import { Popup } from '../../../client/ui/Popup.js';
import { Spinner } from '../../ui/Spinner.js';
import { useToast } from '../../../client/ui/Toast.js';
import type { AdminCopy as Copy } from './copy.js';
import { LoadFailed } from '../../ui/ErrorNote.js';

type FileList = Output<Api['files']>;

export function FilesSection({ c, files: list }: { c: Copy; files: Loaded<FileList> }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const toast = useToast();
  const [confirming, setConfirming] = useState<PublishedFile | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);

  async function remove(file: PublishedFile) {
    setConfirming(null);
    setDeleteError(null);
    setDeleting((current) => new Set(current).add(file.id));
    try {
      await call('deleteFile', { params: { id: file.id } });
      list.update((current) => ({ files: current.files.filter((item) => item.id !== file.id) }));
      toast(c.files.deleted);
      body.current?.focus();
    } catch (error) {
      setDeleteError(`${c.files.deleteFailed} ${siteErrorMessage(t.errors, failureCode(error))}`);
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(file.id);
        return next;
      });
    }
  }

  const columns = c.files.columns;

  return (
    <Section id="admin-files" title={c.files.title} lead={c.files.lead}>
      <div ref={body} tabIndex={-1} className="admin-files">
        {deleteError && (
          <p className="form__error admin-files__error" role="alert" data-testid="admin-delete-error">
            {deleteError}
          </p>
        )}

        {!list.data && !list.error && (
          <div data-testid="admin-files-loading">
            <Spinner />
          </div>
        )}

        {list.error && (
          <LoadFailed
            message={c.files.loadFailed}
            code={list.error}
            retryLabel={c.files.retry}
            onRetry={list.reload}
            testId="admin-files-error"
          />
        )}

        {!list.error && list.data?.files.length === 0 && (
          <p className="admin-files__empty" data-testid="admin-files-empty">
            {c.files.empty}
          </p>
        )}

        {!list.error && list.data && list.data.files.length > 0 && (
          // The region scrolls sideways on narrow screens; it is focusable so keyboards can scroll it too.
          <div className="admin-table-wrap" role="region" aria-label={c.files.caption} tabIndex={0}>
            <table className="admin-table" data-testid="admin-files-table">
              <caption className="visually-hidden">{c.files.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.description}</th>
                  <th scope="col">{columns.category}</th>
                  <th scope="col">{columns.version}</th>
                  <th scope="col">{columns.date}</th>
                  <th scope="col">{columns.latest}</th>
                  <th scope="col" className="admin-table__number">
                    {columns.downloads}
                  </th>
                  <th scope="col">{columns.download}</th>
                  <th scope="col">{columns.delete}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.files.map((file) => {
                  const busy = deleting.has(file.id);
                  return (
                    <tr key={file.id} data-testid="admin-file-row" data-file-id={file.id}>
                      <th scope="row" className="admin-table__name">
                        <span>{file.name}</span>
                        <span className="admin-table__meta">
                          {file.fileName} · {formatBytes(file.fileSize, lang)}
                        </span>
                      </th>
                      <td className="admin-table__description">{file.description}</td>
                      <td>{c.categories[file.category] ?? file.category}</td>
                      <td>{file.version}</td>
                      <td className="admin-table__nowrap">{formatInstantDate(file.releaseDate, lang)}</td>
                      <td>
                        {file.isLatest ? (
                          <span className="admin-badge" data-testid="admin-latest-badge">
                            {c.files.latestBadge}
                          </span>
                        ) : (
                          <>
                            <span aria-hidden="true">—</span>
                            <span className="visually-hidden">{c.files.notLatest}</span>
                          </>
                        )}
                      </td>
                      <td className="admin-table__number">{formatCount(file.downloadCount, lang)}</td>
                      <td>
                        <a
                          className="button button--ghost button--small"
                          href={file.downloadURL}
                          download
                          aria-label={fill(c.files.downloadLabel, { name: file.name })}
                        >
                          {c.files.download}
                        </a>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button button--ghost button--small admin-delete"
                          disabled={busy}
                          aria-label={busy ? undefined : fill(c.files.deleteLabel, { name: file.name })}
                          onClick={() => setConfirming(file)}
                          data-testid="admin-delete"
                        >
                          {busy ? c.files.deleting : c.files.delete}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {confirming && (
        <Popup
          title={fill(c.files.confirmTitle, { name: confirming.name })}
          message={c.files.confirmMessage}
          confirmLabel={c.files.confirm}
          cancelLabel={c.files.cancel}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Section>
  );
}
