// Documents: files of any type kept encrypted on this device, listed newest first, previewed, downloaded
// decrypted, or deleted.
import { useId, useMemo, useState } from 'react';
import { useToast } from '../../../client/ui/Toast.js';
import { formatBytes } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { useRecords, useVault } from '../../vault/react.js';
import type { DocumentMeta, VaultEntry } from '../../vault/vault.js';
import { documentsText } from './copy.js';
import { DocumentPreview } from './DocumentPreview.js';
import { DocumentUploads } from './DocumentUploads.js';
import { nameMatches, sortNewestFirst, typeLabel } from './files.js';
import { downloadDocument } from '../../ui/save-file.js';
import './documents.css';
import { useOpenRequest } from '../../ui/open-record.js';
import { ConfirmDelete } from '../../ui/ConfirmDelete.js';

export default function DocumentsPage() {
  const text = useText(documentsText);
  const shell = useText(shellText);
  const { lang, locale } = useLanguage();
  const vault = useVault();
  const toast = useToast();
  const entries = useRecords<DocumentMeta>('document');
  const searchId = useId();
  const listHeadingId = useId();
  const [query, setQuery] = useState('');
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [deleteId, setDeleteId] = useState<string | null>(null);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const addedFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );

  // A search result opens its document, as its "view" button does.
  useOpenRequest('documents', (id) => {
    setQuery('');
    setPreviewId(id);
  });

  const shown = sortNewestFirst(entries).filter((entry) => nameMatches(entry.value.name, query));
  const previewed = previewId ? vault.get<DocumentMeta>(previewId) : undefined;
  const deleting = deleteId ? vault.get<DocumentMeta>(deleteId) : undefined;

  async function download(entry: VaultEntry<DocumentMeta>) {
    setNotice(null);
    setDownloadingId(entry.id);
    const result = await downloadDocument(vault, entry);
    setDownloadingId(null);
    if (result === 'damaged') setNotice(text.problems.damaged);
    else if (result === 'failed') setNotice(text.problems.openFailed);
  }

  async function remove(id: string) {
    setDeleteId(null);
    setNotice(null);
    try {
      await vault.remove(id);
      toast(shell.deleted);
    } catch {
      setNotice(text.problems.deleteFailed);
    }
  }

  return (
    <section className="documents">
      <div className="screen-head">
        <h1>{text.title}</h1>
      </div>
      <p className="documents__lead">{text.lead}</p>

      <DocumentUploads />

      <section className="panel" aria-labelledby={listHeadingId}>
        <div className="documents-list__head">
          <h2 id={listHeadingId}>
            {text.list.heading}{' '}
            <span className="documents-list__count">
              {fill(text.list.count, { count: new Intl.NumberFormat(locale).format(entries.length) })}
            </span>
          </h2>
          {entries.length > 0 && (
            <div className="field documents-list__search">
              <label htmlFor={searchId}>{text.list.search}</label>
              <input
                id={searchId}
                type="search"
                value={query}
                autoComplete="off"
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
          )}
        </div>

        {notice && (
          <div className="form__error documents__notice" role="alert">
            <span>{notice}</span>
            <button
              type="button"
              className="icon-button documents__notice-close"
              aria-label={text.dismissNotice}
              onClick={() => setNotice(null)}
            >
              ×
            </button>
          </div>
        )}

        {entries.length === 0 ? (
          <p className="empty">{text.list.empty}</p>
        ) : shown.length === 0 ? (
          <p className="empty">{fill(text.list.noMatch, { query: query.trim() })}</p>
        ) : (
          <ul className="list">
            {shown.map((entry) => {
              const meta = entry.value;
              const busy = downloadingId === entry.id;
              return (
                <li key={entry.id} className="list__item">
                  <div className="list__main">
                    <p className="list__title">{meta.name}</p>
                    <p className="list__meta">
                      <span title={meta.type || undefined}>{typeLabel(meta) || text.list.unknownType}</span>
                      {' · '}
                      {formatBytes(meta.size, lang)}
                      {' · '}
                      {fill(text.list.added, { date: addedFormat.format(meta.addedAt) })}
                    </p>
                  </div>
                  <div className="list__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={fill(text.list.previewOf, { name: meta.name })}
                      onClick={() => setPreviewId(entry.id)}
                    >
                      {text.list.preview}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={fill(text.list.downloadOf, { name: meta.name })}
                      // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
                      aria-disabled={busy || undefined}
                      onClick={() => {
                        if (!busy) void download(entry);
                      }}
                    >
                      {busy ? text.list.preparing : text.list.download}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small documents__delete"
                      aria-label={fill(text.list.deleteOf, { name: meta.name })}
                      onClick={() => setDeleteId(entry.id)}
                    >
                      {shell.delete}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {previewed && (
        <DocumentPreview key={previewed.id} entry={previewed} onClose={() => setPreviewId(null)} />
      )}
      {deleting && (
        <ConfirmDelete
          title={fill(text.deleteTitle, { name: deleting.value.name })}
          detail={text.deleteMessage}
          onConfirm={() => void remove(deleting.id)}
          onCancel={() => setDeleteId(null)}
        />
      )}
    </section>
  );
}
