// The household account book: one month at a time, its totals and entries, two charts, and CSV files.
import { useId, useState } from 'react';
import { useToast } from '../../../client/ui/Toast.js';
import { formatCalendarDate, formatMonth, isoToday, timeLabel } from '../../format.js';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { useVault, VaultProvider } from '../../vault/react.js';
import { useListedRecords, useShelfSpaces, type ListedEntry } from '../../ui/spaces/listed.js';
import { RecordSpaceChips } from '../../ui/spaces/SpaceChip.js';
import { inFilter, SpaceFilter, type SpaceFilterValue } from '../../ui/spaces/SpaceFilter.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { LedgerSpaceTotals } from './LedgerSpaceTotals.js';
import { ledgerText } from './copy.js';
import { categoryLabel, paymentLabel } from './entry-form.js';
import { EntryForm } from './EntryForm.js';
import { CategoryChart, TrendChart } from './LedgerCharts.js';
import { LedgerCsv } from './LedgerCsv.js';
import {
  DEFAULT_CURRENCY,
  type LedgerCurrency,
  type LedgerType,
  type NewEntry,
} from '../../records/ledger.js';
import { formatMoney } from './model/format.js';
import { categoryBreakdown, monthOverMonth, monthSummary, runningBalance } from './model/summary.js';
import { canShiftMonth, monthOfDate, monthParts, shiftMonth } from './month.js';
import {
  LEDGER_PAGE,
  conflictCopyCount,
  countedEntries,
  currenciesIn,
  entriesByDate,
  entriesOfMonth,
  shownCurrency,
} from './view.js';
import { ConflictCopyBadge } from '../../ui/slots.js';
import { useOpenSync } from '../../ui/open-sync.js';
import './ledger.css';
import { useOpenRequest } from '../../ui/open-record.js';
import { isConflictCopy } from '../../sync/conflicts.js';
import { ConfirmDelete } from '../../ui/ConfirmDelete.js';
import { useSavedMessage } from '../../ui/held-record.js';
import { ImportLink } from '../../ui/ImportLink.js';

type StoredEntry = ListedEntry<NewEntry>;

export default function LedgerPage() {
  const text = useText(ledgerText);
  const shell = useText(shellText);
  const { lang, locale } = useLanguage();
  const plural = usePlural();
  const vault = useVault();
  const toast = useToast();
  const savedMessage = useSavedMessage();
  const openSync = useOpenSync();
  const tags = useText(spaceTagText);
  const listed = useListedRecords<NewEntry>('ledger');
  // Spaces open on the device: the filter, the totals per space and the chips appear; without any, nothing changes.
  const spaces = useShelfSpaces();
  const [filter, setFilter] = useState<SpaceFilterValue>('all');
  const chosenFilter =
    filter === 'all' || filter === 'mine' || spaces.some((space) => space.tag.id === filter);
  const shownFilter = chosenFilter ? filter : 'all';
  const records = listed.filter((record) => inFilter(shownFilter, record.space));
  const viewOnly = spaces.find((space) => space.tag.id === shownFilter && !space.writable);
  const ids = { title: useId(), list: useId(), charts: useId(), currency: useId(), currencyNote: useId() };

  const thisMonth = monthOfDate(isoToday());
  const [month, setMonth] = useState(thisMonth);
  const [chosenCurrency, setChosenCurrency] = useState<LedgerCurrency>(DEFAULT_CURRENCY);
  const [chartType, setChartType] = useState<LedgerType>('expense');
  const [editing, setEditing] = useState<{ record?: StoredEntry } | null>(null);
  const [deleting, setDeleting] = useState<StoredEntry | null>(null);

  // A search result opens its entry, in its month, as its "edit" button does.
  useOpenRequest('ledger', (id) => {
    const record = listed.find((entry) => entry.id === id);
    if (record?.kind !== 'ledger') return;
    setMonth(monthOfDate(record.value.date));
    setFilter('all');
    if (record.writable) setEditing({ record });
  });

  // Money counts each entry once: a conflict copy stays out until the member keeps one of the two versions.
  const entries = countedEntries(records);
  const copies = conflictCopyCount(records);
  const currencies = currenciesIn(entries);
  const currency = shownCurrency(currencies, chosenCurrency);
  const summary = monthSummary(entries, month, currency);
  const balance = runningBalance(entries, month, currency);
  const shown = entriesOfMonth(records, month);
  // A month of thousands (a card statement imported) is drawn in parts: "show more" adds the next ones.
  const [more, setMore] = useState({ month, limit: LEDGER_PAGE });
  const limit = more.month === month ? more.limit : LEDGER_PAGE;
  const { year, month: monthNumber } = monthParts(month);
  const monthName = formatMonth(year, monthNumber, locale);
  const money = (minor: number, code: LedgerCurrency = currency) => formatMoney(minor, code, lang);

  /** What a CSV export writes: no conflict copy, each entry naming its shared space (the space column). */
  const exported = (of: readonly StoredEntry[]) =>
    of
      .filter((record) => !isConflictCopy(record.value))
      .map((record) => ({ ...record, value: { ...record.value, space: record.space?.name } }));

  function describe(entry: NewEntry): string {
    return fill(text.list.entry, {
      date: formatCalendarDate(entry.date, locale),
      type: text.types[entry.type],
      category: categoryLabel(entry.category, text),
      amount: money(entry.amount, entry.currency),
    });
  }

  async function remove(record: StoredEntry) {
    setDeleting(null);
    try {
      // The entry as it was when the member chose to delete it: changed since elsewhere, it stays.
      toast((await record.vault.remove(record.id, record.updatedAt)) ? shell.deleted : shell.notDeleted);
    } catch {
      toast(text.list.deleteFailed);
    }
  }

  const cards: Array<{ key: string; label: string; amount: number; hint?: string }> = [
    { key: 'income', label: text.summary.income, amount: summary.income },
    { key: 'expense', label: text.summary.expense, amount: summary.expense },
    { key: 'balance', label: text.summary.balance, amount: summary.balance },
    {
      key: 'running',
      label: text.summary.running,
      amount: balance,
      hint: fill(text.summary.runningHint, { month: monthName }),
    },
  ];

  return (
    <section aria-labelledby={ids.title} className="ledger">
      <div className="screen-head">
        <h1 id={ids.title}>{text.title}</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing({})}>
          {text.add}
        </button>
      </div>

      <div className="ledger-bar">
        <nav className="ledger-month" aria-label={text.month.nav}>
          <button
            type="button"
            className="icon-button ledger-month__step"
            aria-label={text.month.previous}
            disabled={!canShiftMonth(month, -1)}
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <h2 className="ledger-month__title" aria-live="polite">
            {monthName}
          </h2>
          <button
            type="button"
            className="icon-button ledger-month__step"
            aria-label={text.month.next}
            disabled={!canShiftMonth(month, 1)}
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <span aria-hidden="true">›</span>
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={month === thisMonth}
            onClick={() => setMonth(thisMonth)}
          >
            {text.month.current}
          </button>
        </nav>
        {currencies.length > 1 && (
          <div className="field ledger-currency">
            <label htmlFor={ids.currency}>{text.currency.label}</label>
            <select
              id={ids.currency}
              value={currency}
              aria-describedby={ids.currencyNote}
              onChange={(event) => setChosenCurrency(event.target.value as LedgerCurrency)}
            >
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {text.currency.names[code]}
                </option>
              ))}
            </select>
            <p className="field__hint" id={ids.currencyNote}>
              {text.currency.note}
            </p>
          </div>
        )}
      </div>

      {spaces.length > 0 && (
        <>
          <SpaceFilter spaces={spaces.map((space) => space.tag)} value={shownFilter} onChange={setFilter} />
          {viewOnly && (
            <p className="space-note" role="note">
              {tags.viewerNote}
            </p>
          )}
          <LedgerSpaceTotals
            entries={listed
              .filter((record) => !isConflictCopy(record.value))
              .map((record) => ({ ...record.value, space: record.space }))}
            month={month}
            monthName={monthName}
            currency={currency}
          />
        </>
      )}

      <section aria-label={fill(text.summary.label, { month: monthName })}>
        <dl className="ledger-summary">
          {cards.map((card) => (
            <div
              key={card.key}
              className={`ledger-card ledger-card--${card.key}${card.amount < 0 ? ' ledger-card--negative' : ''}`}
            >
              <dt>{card.label}</dt>
              <dd className="ledger-card__amount">{money(card.amount)}</dd>
              {card.hint && <dd className="ledger-card__hint">{card.hint}</dd>}
            </div>
          ))}
        </dl>
        {copies > 0 && (
          <p className="ledger-copies" role="note">
            <span>{plural(text.summary.copiesLeftOut, copies)}</span>
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => openSync('conflicts')}
            >
              {text.summary.reviewCopies}
            </button>
          </p>
        )}
      </section>

      <section className="panel" aria-labelledby={ids.list}>
        <div className="ledger-list-head">
          <h2 id={ids.list}>{fill(text.list.title, { month: monthName })}</h2>
          <span className="list__meta">{plural(text.list.count, shown.length)}</span>
        </div>
        {shown.length === 0 ? (
          <>
            <p className="empty">{text.list.empty}</p>
            {records.length === 0 && <ImportLink />}
          </>
        ) : (
          <ul className="list ledger-entries">
            {shown.slice(0, limit).map((record) => {
              const entry = record.value;
              const description = describe(entry);
              return (
                <li key={record.id} className="list__item ledger-entry">
                  <div className="list__main">
                    <p className="list__title">
                      {categoryLabel(entry.category, text)} <ConflictCopyBadge value={entry} />{' '}
                      <RecordSpaceChips space={record.space} value={entry} />
                    </p>
                    <p className="list__meta">
                      {formatCalendarDate(entry.date, locale, {
                        dateStyle: undefined,
                        month: 'short',
                        day: 'numeric',
                        weekday: 'short',
                      })}
                      {entry.time && ` ${timeLabel(entry.time, locale)}`}
                      {' · '}
                      <span className={`ledger-type ledger-type--${entry.type}`}>
                        {text.types[entry.type]}
                      </span>
                      {entry.payment && ` · ${paymentLabel(entry.payment, text)}`}
                    </p>
                    {entry.memo && <p className="ledger-entry__memo">{entry.memo}</p>}
                  </div>
                  <p className={`ledger-entry__amount ledger-amount--${entry.type}`}>
                    {entry.type === 'income' ? '+' : '−'}
                    {money(entry.amount, entry.currency)}
                  </p>
                  {record.writable && (
                    <div className="list__actions">
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={fill(text.list.editEntry, { entry: description })}
                        onClick={() => setEditing({ record })}
                      >
                        {shell.edit}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small ledger-entry__delete"
                        aria-label={fill(text.list.deleteEntry, { entry: description })}
                        onClick={() => setDeleting(record)}
                      >
                        {shell.delete}
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {shown.length > limit && (
          <button
            type="button"
            className="button button--ghost ledger-more"
            onClick={() => setMore({ month, limit: limit + LEDGER_PAGE })}
          >
            {plural(text.list.more, Math.min(LEDGER_PAGE, shown.length - limit))}
          </button>
        )}
      </section>

      <section aria-labelledby={ids.charts} className="ledger-charts">
        <h2 id={ids.charts} className="ledger-charts__title">
          {text.charts.title}
        </h2>
        <div className="ledger-charts__grid">
          <CategoryChart
            breakdown={categoryBreakdown(entries, month, chartType, currency)}
            month={month}
            type={chartType}
            onType={setChartType}
            currency={currency}
          />
          <TrendChart series={monthOverMonth(entries, month, 6, currency)} currency={currency} />
        </div>
      </section>

      {/* A conflict copy is not exported until it is kept, as it is not counted: a sheet must not hold money twice. */}
      <LedgerCsv
        month={month}
        monthEntries={entriesByDate(exported(shown))}
        allEntries={entriesByDate(exported(records))}
      />

      {editing && (
        // An entry edits in the store it lives in (a space's, or the member's own).
        <VaultProvider vault={editing.record?.vault ?? vault}>
          <EntryForm
            id={editing.record?.id}
            entry={editing.record?.value}
            space={
              editing.record?.space?.id ??
              (shownFilter === 'all' || shownFilter === 'mine' ? null : shownFilter)
            }
            onClose={() => setEditing(null)}
            onSaved={(entry, met) => {
              setEditing(null);
              setMonth(monthOfDate(entry.date));
              toast(savedMessage(met));
            }}
          />
        </VaultProvider>
      )}
      {deleting && (
        <ConfirmDelete
          title={text.list.deleteTitle}
          detail={describe(deleting.value)}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
