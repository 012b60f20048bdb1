// Personal info: identity details, bank accounts, cards, website logins and notes, filtered by kind and
// searched by title and visible fields; secrets stay masked until asked for.
import { ConflictCopyBadge } from '../../ui/slots.js';
import { isConflictCopy } from '../../sync/conflicts.js';
import { useId, useMemo, useState } from 'react';
import { useToast } from '../../../client/ui/Toast.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { shellText } from '../../copy.js';
import { useRecords, useVault } from '../../vault/react.js';
import { personalText } from './copy.js';
import {
  MAIN_FIELD,
  matchesSearch,
  PERSONAL_KINDS,
  readPersonal,
  type PersonalKind,
  type PersonalRecord,
} from '../../records/personal.js';
import { PersonalDetail } from './PersonalDetail.js';
import { PersonalForm } from './PersonalForm.js';
import './personal.css';
import { useOpenRequest } from '../../ui/open-record.js';
import { ConfirmDelete } from '../../ui/ConfirmDelete.js';
import { ImportLink } from '../../ui/ImportLink.js';

interface Item {
  id: string;
  updatedAt: number;
  record: PersonalRecord;
  /** The stored value, which tells a conflict copy. */
  value: unknown;
}

export default function PersonalPage() {
  const text = useText(personalText);
  const shell = useText(shellText);
  const { locale } = useLanguage();
  const counted = usePlural();
  const vault = useVault();
  const toast = useToast();
  const entries = useRecords<unknown>('personal');
  const searchId = useId();
  const [filter, setFilter] = useState<PersonalKind | 'all'>('all');
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [form, setForm] = useState<{ id: string | null } | null>(null);
  /** The item the member chose to delete, and its stamp then (changed since elsewhere, it stays). */
  const [deleteId, setDeleteId] = useState<{ id: string; seen: number } | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  // A search result opens its record's details, as a tap on its card does.
  useOpenRequest('personal', (id) => {
    setFilter('all');
    setQuery('');
    setForm(null);
    setOpenId(id);
  });
  const collator = useMemo(() => new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }), [locale]);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);

  const items: Item[] = [];
  let unreadable = 0;
  for (const entry of entries) {
    const record = readPersonal(entry.value);
    if (record) items.push({ id: entry.id, updatedAt: entry.updatedAt, record, value: entry.value });
    else unreadable += 1;
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const shown = items
    .filter((item) => (filter === 'all' || item.record.kind === filter) && matchesSearch(item.record, query))
    .sort((a, b) => collator.compare(a.record.title, b.record.title));
  const opened = openId ? byId.get(openId) : undefined;
  const deleting = deleteId ? byId.get(deleteId.id) : undefined;
  const editing = form?.id ? byId.get(form.id) : undefined;

  async function remove(id: string, seen: number) {
    setDeleteId(null);
    setDeleteFailed(false);
    try {
      if (!(await vault.remove(id, seen))) return toast(shell.notDeleted);
      setOpenId(null);
      toast(shell.deleted);
    } catch {
      setDeleteFailed(true);
    }
  }

  function emptyMessage(): string {
    if (items.length === 0) return text.empty;
    if (query.trim()) return fill(text.noMatch, { query: query.trim() });
    return text.emptyKind;
  }

  return (
    <section className="personal">
      <div className="screen-head">
        <h1>{text.title}</h1>
        <button type="button" className="button button--primary" onClick={() => setForm({ id: null })}>
          {text.add}
        </button>
      </div>
      <p className="personal__lead">{text.lead}</p>

      {unreadable > 0 && <p className="callout callout--warning">{counted(text.unreadable, unreadable)}</p>}
      {deleteFailed && (
        <p className="form__error personal__problem" role="alert">
          {text.deleteFailed}
        </p>
      )}

      <div className="personal-tabs" role="group" aria-label={text.filterLabel}>
        {(['all', ...PERSONAL_KINDS] as const).map((kind) => {
          const total =
            kind === 'all' ? items.length : items.filter((item) => item.record.kind === kind).length;
          return (
            <button
              key={kind}
              type="button"
              className="personal-tabs__tab"
              aria-pressed={filter === kind}
              onClick={() => setFilter(kind)}
            >
              {kind === 'all' ? text.all : text.kinds[kind]}
              <span className="personal-tabs__count">{count(total)}</span>
            </button>
          );
        })}
      </div>

      <div className="field personal-search">
        <label htmlFor={searchId}>{text.search}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          autoComplete="off"
          aria-describedby={`${searchId}-hint`}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p className="field__hint" id={`${searchId}-hint`}>
          {text.searchHint}
        </p>
      </div>

      {shown.length === 0 ? (
        <>
          <p className="empty">{emptyMessage()}</p>
          {items.length === 0 && <ImportLink />}
        </>
      ) : (
        <ul className="personal-list">
          {shown.map((item) => {
            const main = item.record.fields[MAIN_FIELD[item.record.kind]];
            return (
              <li key={item.id} className="personal-list__item">
                <button
                  type="button"
                  className={
                    isConflictCopy(item.value) ? 'personal-card personal-card--copy' : 'personal-card'
                  }
                  onClick={() => setOpenId(item.id)}
                >
                  <span className="personal-card__title">{item.record.title}</span>
                  <span className={`personal-badge personal-badge--${item.record.kind}`}>
                    {text.kinds[item.record.kind]}
                  </span>
                  {main && <span className="personal-card__main">{main}</span>}
                </button>
                <ConflictCopyBadge value={item.value} />
              </li>
            );
          })}
        </ul>
      )}

      {opened && !form && (
        <PersonalDetail
          key={opened.id}
          id={opened.id}
          record={opened.record}
          updatedAt={opened.updatedAt}
          onClose={() => setOpenId(null)}
          onEdit={() => setForm({ id: opened.id })}
          onDelete={() => setDeleteId({ id: opened.id, seen: opened.updatedAt })}
        />
      )}
      {form && (
        <PersonalForm
          editing={editing ? { id: editing.id, record: editing.record } : null}
          initialKind={filter === 'all' ? 'identity' : filter}
          onCancel={() => setForm(null)}
          onSaved={(id) => {
            setForm(null);
            setOpenId(id);
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          title={fill(text.deleteTitle, { title: deleting.record.title })}
          detail={text.deleteMessage}
          onConfirm={() => void remove(deleting.id, deleteId!.seen)}
          onCancel={() => setDeleteId(null)}
        />
      )}
    </section>
  );
}
