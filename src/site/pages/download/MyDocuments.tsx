// The member's own documents in account storage: usage against the quota, download and delete.
import { useLoad } from '../../../client/use-load.js';
import { useState } from 'react';
import { fill, useLanguage } from '../../../client/text.js';
import type { MemberDocument } from '../../../shared/schemas/files.js';
import { call, type FailureCode, failureCode } from '../../../client/api.js';
import { formatBytes } from '../../../client/format.js';
import { FileTable } from './FileTable.js';
import { Popup } from '../../../client/ui/Popup.js';
import { Spinner } from '../../ui/Spinner.js';
import { useToast } from '../../../client/ui/Toast.js';
import type { FilesCopy as Copy } from './copy.js';
import { ErrorNote } from '../../ui/ErrorNote.js';

export function MyDocuments({ c }: { c: Copy }) {
  const { lang } = useLanguage();
  const toast = useToast();
  const { data: list, error: loadError, update } = useLoad(() => call('documents'));
  const [confirming, setConfirming] = useState<MemberDocument | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [deleteError, setDeleteError] = useState<FailureCode | null>(null);

  async function remove(doc: MemberDocument) {
    setConfirming(null);
    setDeleteError(null);
    setDeleting((current) => new Set(current).add(doc.id));
    try {
      await call('deleteDocument', { params: { id: doc.id } });
      update((current) => ({
        ...current,
        documents: current.documents.filter((item) => item.id !== doc.id),
        usedBytes: Math.max(0, current.usedBytes - doc.size),
      }));
      toast(c.documents.deleted);
    } catch (failure) {
      setDeleteError(failureCode(failure));
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(doc.id);
        return next;
      });
    }
  }

  if (!list && !loadError) return <Spinner />;

  const documents = list?.documents ?? [];
  return (
    <div className="download-documents" data-testid="documents">
      {loadError && (
        <p className="download-notice-line" role="alert" data-testid="documents-error">
          {c.documents.loadError}
        </p>
      )}
      {list && (
        <p className="download-usage" data-testid="documents-usage">
          {fill(c.documents.usage, {
            used: formatBytes(list.usedBytes, lang),
            quota: formatBytes(list.quotaBytes, lang),
          })}
        </p>
      )}
      {deleteError && (
        <ErrorNote message={c.documents.deleteError} code={deleteError} testId="documents-delete-error" />
      )}
      {documents.length === 0 ? (
        <p className="download-empty" data-testid="documents-empty">
          {c.documents.empty}
        </p>
      ) : (
        <FileTable
          text={c.documents}
          download={{
            label: c.documents.download,
            itemLabel: c.common.itemDownload,
            testId: 'document-download',
          }}
          testId="documents-table"
          rowTestId="document-row"
          rows={documents.map((doc) => {
            const busy = deleting.has(doc.id);
            return {
              id: doc.id,
              name: doc.name,
              bytes: doc.size,
              date: doc.updated,
              href: doc.url,
              actions: (
                <button
                  type="button"
                  className="button button--ghost button--small download-button--danger"
                  disabled={busy}
                  data-testid="document-delete"
                  aria-label={fill(busy ? c.common.itemDeleting : c.common.itemDelete, { name: doc.name })}
                  onClick={() => setConfirming(doc)}
                >
                  {busy ? c.common.deleting : c.common.delete}
                </button>
              ),
            };
          })}
        />
      )}
      {confirming && (
        <Popup
          title={c.common.confirmTitle}
          message={c.common.confirmDelete}
          confirmLabel={c.common.delete}
          onConfirm={() => void remove(confirming)}
          cancelLabel={c.common.cancel}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
