// An administrator's controls on one notice: edit it in place, or delete it after a confirmation. Loaded only for
// administrators (NoticeItem.tsx), with the form that adds a notice.
import { useState, type FormEvent } from 'react';
import { fill } from '../../../client/text.js';
import type { Notice } from '../../../shared/schemas/files.js';
import { call, type FailureCode, failureCode } from '../../../client/api.js';
import { Popup } from '../../../client/ui/Popup.js';
import { useToast } from '../../../client/ui/Toast.js';
import type { NoticesCopy as Copy } from './copy.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { NoticeFields, type NoticeDraft } from './NoticeForm.js';

export { NoticeAddForm } from './NoticeForm.js';

export function NoticeAdmin({ c, notice, onChanged }: { c: Copy; notice: Notice; onChanged(): void }) {
  const toast = useToast();
  const [editing, setEditing] = useState<NoticeDraft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code: FailureCode } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing || busy) return;
    const title = editing.title.trim();
    const content = editing.content.trim();
    if (!title || !content) return;
    setBusy(true);
    setError(null);
    try {
      await call('updateNotice', {
        params: { id: notice.id },
        body: { lang: editing.lang, title, content },
      });
      setEditing(null);
      toast(c.notices.saved);
      onChanged();
    } catch (failure) {
      setError({ message: c.notices.editError, code: failureCode(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      await call('deleteNotice', { params: { id: notice.id } });
      toast(c.notices.deleted);
      onChanged();
    } catch (failure) {
      setError({ message: c.notices.deleteError, code: failureCode(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {editing && (
        <form
          className="form download-notice-form download-notice-form--edit"
          aria-label={c.notices.editTitle}
          data-testid="notice-edit-form"
          onSubmit={(event) => void save(event)}
          noValidate
        >
          <NoticeFields c={c} draft={editing} onChange={setEditing} disabled={busy} />
          <div className="download-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? c.notices.saving : c.notices.save}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setEditing(null);
                setError(null);
              }}
            >
              {c.common.cancel}
            </button>
          </div>
        </form>
      )}

      {error && <ErrorNote message={error.message} code={error.code} testId="notice-item-error" />}

      {!editing && (
        <div className="download-notice__admin">
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="notice-edit"
            aria-label={fill(c.common.itemEdit, { name: notice.title })}
            disabled={busy}
            onClick={() => {
              setError(null);
              setEditing({ lang: notice.lang, title: notice.title, content: notice.content });
            }}
          >
            {c.notices.edit}
          </button>
          <button
            type="button"
            className="button button--ghost button--small download-button--danger"
            data-testid="notice-delete"
            aria-label={fill(busy ? c.common.itemDeleting : c.common.itemDelete, { name: notice.title })}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {busy ? c.common.deleting : c.common.delete}
          </button>
        </div>
      )}

      {confirming && (
        <Popup
          title={c.common.confirmTitle}
          message={c.common.confirmDelete}
          confirmLabel={c.common.delete}
          onConfirm={() => void remove()}
          cancelLabel={c.common.cancel}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
