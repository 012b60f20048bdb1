// The notice fields (language, title, content) and the administrators' form that adds a notice.
import { useId, useState, type FormEvent } from 'react';
import type { Language } from '../../../shared/constants.js';
import { call, type FailureCode, failureCode } from '../../../client/api.js';
import { useToast } from '../../../client/ui/Toast.js';
import type { NoticesCopy as Copy } from './copy.js';
import { ErrorNote } from '../../ui/ErrorNote.js';

export interface NoticeDraft {
  lang: Language;
  title: string;
  content: string;
}

/** Language, title and content fields shared by the add and edit forms. */
export function NoticeFields({
  c,
  draft,
  onChange,
  disabled,
}: {
  c: Copy;
  draft: NoticeDraft;
  onChange(next: NoticeDraft): void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <>
      <div className="field download-field">
        <label htmlFor={`${id}-lang`}>{c.notices.languageLabel}</label>
        <select
          id={`${id}-lang`}
          value={draft.lang}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, lang: event.target.value === 'en' ? 'en' : 'ko' })}
        >
          <option value="ko">{c.notices.languageKo}</option>
          <option value="en">{c.notices.languageEn}</option>
        </select>
      </div>
      <div className="field download-field">
        <label htmlFor={`${id}-title`}>{c.notices.titleLabel}</label>
        <input
          id={`${id}-title`}
          type="text"
          value={draft.title}
          maxLength={200}
          aria-required="true"
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
        />
      </div>
      <div className="field download-field">
        <label htmlFor={`${id}-content`}>{c.notices.contentLabel}</label>
        <textarea
          id={`${id}-content`}
          value={draft.content}
          rows={6}
          maxLength={20_000}
          aria-required="true"
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, content: event.target.value })}
        />
      </div>
    </>
  );
}

export function NoticeAddForm({
  c,
  defaultLang,
  onAdded,
}: {
  c: Copy;
  defaultLang: Language;
  onAdded(): void;
}) {
  const headingId = useId();
  const toast = useToast();
  const [draft, setDraft] = useState<NoticeDraft>({ lang: defaultLang, title: '', content: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FailureCode | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const title = draft.title.trim();
    const content = draft.content.trim();
    if (busy || !title || !content) return;
    setBusy(true);
    setError(null);
    try {
      await call('createNotice', { body: { lang: draft.lang, title, content } });
      setDraft({ lang: draft.lang, title: '', content: '' });
      toast(c.notices.added);
      onAdded();
    } catch (failure) {
      setError(failureCode(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form download-notice-form"
      aria-labelledby={headingId}
      data-testid="notice-add-form"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={headingId}>{c.notices.addTitle}</h3>
      <NoticeFields c={c} draft={draft} onChange={setDraft} disabled={busy} />
      {error && <ErrorNote message={c.notices.addError} code={error} testId="notice-add-error" />}
      <div className="download-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? c.notices.adding : c.notices.add}
        </button>
      </div>
    </form>
  );
}
