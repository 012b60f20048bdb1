// The diary: entries by date, listed by month, with search over the decrypted text.
import { ConflictCopyBadge } from '../../ui/slots.js';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useToast } from '../../../client/ui/Toast.js';
import { formatCalendarDate, formatMonth, isoToday } from '../../format.js';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { HeldNote, useHeldRecord, useSavedMessage } from '../../ui/held-record.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import type { EditMet } from '../../vault/merge.js';
import { useRecords, useVault } from '../../vault/react.js';
import { StorageFullError } from '../../vault/db.js';
import type { VaultEntry } from '../../vault/vault.js';
import { diaryText } from './copy.js';
import { memoMonths, memosInMonth, searchMemos } from './memo.js';
import { MEMO_BODY_MAX, MEMO_TITLE_MAX, validateMemo, type Memo } from '../../records/memo.js';
import './diary.css';
import { showRecord, useOpenRequest } from '../../ui/open-record.js';
import { ConfirmDelete } from '../../ui/ConfirmDelete.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { ListActions } from '../../ui/ListActions.js';
import { LinkedDocuments } from '../../ui/slots.js';
import { ImportLink } from '../../ui/ImportLink.js';

/** Entries shown at first, and added by each "show more": a long list is drawn in parts. */
export const DIARY_PAGE = 50;

function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

export default function DiaryPage() {
  const text = useText(diaryText);
  const shell = useText(shellText);
  const { locale } = useLanguage();
  const plural = usePlural();
  const vault = useVault();
  const toast = useToast();
  const savedMessage = useSavedMessage();
  const memos = useRecords<Memo>('memo');
  const searchId = useId();
  const [month, setMonth] = useState(() => isoToday().slice(0, 7));
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ id: string | null; memo: Memo } | null>(null);
  const [deleting, setDeleting] = useState<VaultEntry<Memo> | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const searching = query.trim().length > 0;
  const shown = useMemo(
    () => (searching ? searchMemos(memos, query) : memosInMonth(memos, month)),
    [memos, query, month, searching],
  );
  // How far "show more" went, for one list: another search or month starts from the first entries again.
  const listKey = searching ? `search:${query}` : `month:${month}`;
  const [more, setMore] = useState({ listKey, limit: DIARY_PAGE });
  const limit = more.listKey === listKey ? more.limit : DIARY_PAGE;
  // A search result opens its entry where the list has it: its month, far enough down, read in full.
  useOpenRequest('diary', (id) => {
    const entry = vault.get<Memo>(id);
    if (entry?.kind !== 'memo') return;
    const entryMonth = entry.value.date.slice(0, 7);
    const position = memosInMonth(memos, entryMonth).findIndex((memo) => memo.id === id);
    setQuery('');
    setMonth(entryMonth);
    setMore({
      listKey: `month:${entryMonth}`,
      limit: (Math.floor(Math.max(position, 0) / DIARY_PAGE) + 1) * DIARY_PAGE,
    });
    setOpen(id);
    showRecord(id);
  });
  const months = useMemo(() => memoMonths(memos), [memos]);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];

  return (
    <section aria-labelledby="diary-title">
      <div className="screen-head">
        <h1 id="diary-title">{text.title}</h1>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing({ id: null, memo: { date: isoToday(), title: '', body: '' } })}
        >
          {text.add}
        </button>
      </div>
      <div className="field diary-search">
        <label htmlFor={searchId}>{text.search}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={text.searchPlaceholder}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="diary-layout">
        <div>
          {searching ? (
            <p className="diary-caption" role="status">
              {plural(text.results, shown.length)}
            </p>
          ) : (
            <div className="toolbar diary-month">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setMonth(shiftMonth(month, -1))}
              >
                <span aria-hidden="true">‹</span> <span className="visually-hidden">{text.previous}</span>
              </button>
              <h2 className="diary-caption">{formatMonth(year, monthNumber, locale)}</h2>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setMonth(shiftMonth(month, 1))}
              >
                <span aria-hidden="true">›</span> <span className="visually-hidden">{text.next}</span>
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setMonth(isoToday().slice(0, 7))}
              >
                {text.thisMonth}
              </button>
            </div>
          )}
          {shown.length === 0 ? (
            <>
              <p className="empty">{searching ? text.noResults : text.empty}</p>
              {memos.length === 0 && <ImportLink />}
            </>
          ) : (
            <ul className="list">
              {shown.slice(0, limit).map((entry) => (
                <li key={entry.id} className="list__item diary-entry" data-search-record={entry.id}>
                  <div className="list__main">
                    <button
                      type="button"
                      className="link-button list__title"
                      aria-expanded={open === entry.id}
                      aria-label={fill(text.read, { title: entry.value.title })}
                      onClick={() => setOpen(open === entry.id ? null : entry.id)}
                    >
                      {entry.value.title}
                    </button>
                    {entry.value.starred && (
                      <span
                        className="diary-entry__star"
                        role="img"
                        aria-label={text.starred}
                        title={text.starred}
                      >
                        ★
                      </span>
                    )}
                    <ConflictCopyBadge value={entry.value} />
                    <p className="list__meta">
                      {formatCalendarDate(entry.value.date, locale, { dateStyle: 'full' })}
                    </p>
                    {entry.value.tags && entry.value.tags.length > 0 && (
                      <ul className="diary-entry__tags" aria-label={text.tags}>
                        {entry.value.tags.map((tag) => (
                          <li key={tag}>#{tag}</li>
                        ))}
                      </ul>
                    )}
                    {open === entry.id ? (
                      <>
                        <p className="diary-entry__body">{entry.value.body}</p>
                        <LinkedDocuments recordId={entry.id} />
                      </>
                    ) : (
                      <p className="diary-entry__preview">{entry.value.body.slice(0, 140)}</p>
                    )}
                  </div>
                  <ListActions
                    name={entry.value.title}
                    onEdit={() => setEditing({ id: entry.id, memo: entry.value })}
                    onDelete={() => setDeleting(entry)}
                  />
                </li>
              ))}
            </ul>
          )}
          {shown.length > limit && (
            <button
              type="button"
              className="button button--ghost diary-more"
              onClick={() => setMore({ listKey, limit: limit + DIARY_PAGE })}
            >
              {plural(text.more, Math.min(DIARY_PAGE, shown.length - limit))}
            </button>
          )}
        </div>
        {months.length > 0 && (
          <nav className="panel diary-months" aria-label={text.months}>
            <h2>{text.months}</h2>
            <ul className="list">
              {months.map(({ month: item, count }) => {
                const [y, m] = item.split('-').map(Number) as [number, number];
                return (
                  <li key={item}>
                    <button
                      type="button"
                      className="link-button"
                      aria-current={!searching && item === month ? 'true' : undefined}
                      onClick={() => {
                        setQuery('');
                        setMonth(item);
                      }}
                    >
                      {formatMonth(y, m, locale)} · {plural(text.count, count)}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
      </div>
      {editing && (
        <MemoForm
          id={editing.id}
          initial={editing.memo}
          title={editing.id ? text.form.edit : text.form.add}
          onClose={() => setEditing(null)}
          onSaved={(memo, met) => {
            setEditing(null);
            setMonth(memo.date.slice(0, 7));
            toast(savedMessage(met));
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={deleting.value.title}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const { id, updatedAt } = deleting;
            setDeleting(null);
            toast((await vault.remove(id, updatedAt)) ? shell.deleted : shell.notDeleted);
          }}
        />
      )}
    </section>
  );
}

function MemoForm({
  id,
  initial,
  title,
  onClose,
  onSaved,
}: {
  /** The entry edited (null: a new one). */
  id: string | null;
  initial: Memo;
  title: string;
  onClose: () => void;
  onSaved: (memo: Memo, met: EditMet) => void;
}) {
  const text = useText(diaryText);
  const shell = useText(shellText);
  const held = useHeldRecord<Memo>('memo', id);
  const ids = { date: useId(), title: useId(), body: useId() };
  const [memo, setMemo] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const problems = validateMemo(memo);
  const problem = (field: keyof Memo) =>
    submitted && problems[field] ? text.problems[problems[field]!] : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setFailure('');
    try {
      const saved = { ...memo, title: memo.title.trim() };
      onSaved(saved, (await held.save(saved)).met);
    } catch (error) {
      setFailure(error instanceof StorageFullError ? shell.errors.storageFull : shell.errors.saveFailed);
      setBusy(false);
    }
  }

  return (
    <FormDialog title={title} onClose={onClose} wide>
      <form className="form" noValidate onSubmit={submit}>
        <HeldNote state={held.state} />
        <div className="field">
          <label htmlFor={ids.date}>{text.form.date}</label>
          <input
            id={ids.date}
            type="date"
            value={memo.date}
            aria-invalid={problem('date') ? true : undefined}
            onChange={(event) => setMemo({ ...memo, date: event.target.value })}
          />
          {problem('date') && <p className="field__problem">{problem('date')}</p>}
        </div>
        <div className="field">
          <label htmlFor={ids.title}>{text.form.title}</label>
          <input
            id={ids.title}
            value={memo.title}
            maxLength={MEMO_TITLE_MAX + 50}
            aria-invalid={problem('title') ? true : undefined}
            onChange={(event) => setMemo({ ...memo, title: event.target.value })}
          />
          {problem('title') && <p className="field__problem">{problem('title')}</p>}
        </div>
        <div className="field">
          <label htmlFor={ids.body}>{text.form.body}</label>
          <textarea
            id={ids.body}
            rows={12}
            value={memo.body}
            maxLength={MEMO_BODY_MAX + 1000}
            aria-invalid={problem('body') ? true : undefined}
            onChange={(event) => setMemo({ ...memo, body: event.target.value })}
          />
          {problem('body') && <p className="field__problem">{problem('body')}</p>}
          {problem('tags') && <p className="field__problem">{problem('tags')}</p>}
        </div>
        <FormFooter failure={failure} busy={busy} onCancel={onClose} />
      </form>
    </FormDialog>
  );
}
