// The ledger to and from CSV files. An import is checked whole before anything is written: either every
// entry is added in one write, or the member sees every problem with its line and nothing changes.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Popup } from '../../../client/ui/Popup.js';
import { useToast } from '../../../client/ui/Toast.js';
import { formatBytes, isoToday } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { plural } from '../../../shared/plural.js';
import { shellText } from '../../copy.js';
import { useVault } from '../../vault/react.js';
import { StorageFullError } from '../../vault/db.js';
import { newId } from '../../vault/vault.js';
import { ledgerText } from './copy.js';
import { decodeCsvBytes, MAX_IMPORT_BYTES } from './csv-file.js';
import { csvProblem, duplicatesMessage } from './messages.js';
import {
  formatLedgerCsv,
  parseLedgerCsv,
  splitDuplicates,
  type CsvImportError,
  type LedgerRow,
} from '../../records/ledger-csv.js';
import type { NewEntry } from '../../records/ledger.js';
import { csvFileName } from './month.js';
import { saveFile } from '../../ui/save-file.js';

type ImportState =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'confirm'; name: string; entries: NewEntry[]; fresh: NewEntry[] }
  | { step: 'writing' }
  | { step: 'refused'; errors: CsvImportError[] }
  | { step: 'message'; message: string; problem: boolean };

export function LedgerCsv({
  month,
  monthEntries,
  allEntries,
}: {
  month: string;
  /** The entries shown, each a shared space's naming it (`space`): the export's space column. */
  monthEntries: LedgerRow[];
  allEntries: LedgerRow[];
}) {
  const text = useText(ledgerText);
  const shell = useText(shellText);
  const { lang } = useLanguage();
  const vault = useVault();
  const toast = useToast();
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  /** Exports write Korean column names and labels (default in Korean), or the codes. */
  const [koreanLabels, setKoreanLabels] = useState(lang === 'ko');
  const labelsId = useId();
  const busy = state.step === 'reading' || state.step === 'writing';

  function exportCsv(scope: 'month' | 'all') {
    const name = csvFileName(scope, month, isoToday());
    const csv = formatLedgerCsv(scope === 'month' ? monthEntries : allEntries, koreanLabels ? 'ko' : 'codes');
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
    toast(fill(text.csv.exported, { name }));
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again, once fixed, is noticed.
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      const message = fill(text.csv.tooLarge, { max: formatBytes(MAX_IMPORT_BYTES, lang) });
      setState({ step: 'message', message, problem: true });
      return;
    }
    setState({ step: 'reading' });
    let csv: string;
    try {
      csv = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
    } catch {
      setState({ step: 'message', message: text.csv.readFailed, problem: true });
      return;
    }
    const result = parseLedgerCsv(csv);
    if (!result.ok) setState({ step: 'refused', errors: result.errors });
    else if (result.entries.length === 0)
      setState({ step: 'message', message: text.csv.nothing, problem: true });
    else {
      // Rows the ledger already has (a file imported twice, an export brought back) are offered to be skipped.
      const { fresh } = splitDuplicates(result.entries, allEntries);
      setState({ step: 'confirm', name: file.name, entries: result.entries, fresh });
    }
  }

  async function importEntries(entries: NewEntry[]) {
    setState({ step: 'writing' });
    try {
      await vault.putMany(
        'ledger',
        entries.map((value) => ({ id: newId(), value })),
      );
      const message = plural(text.csv.imported, entries.length, lang);
      setState({ step: 'message', message, problem: false });
      toast(message);
    } catch (error) {
      const message = error instanceof StorageFullError ? shell.errors.storageFull : shell.errors.saveFailed;
      setState({ step: 'message', message, problem: true });
    }
  }

  return (
    <section className="panel ledger-csv" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.csv.title}</h2>
      <p className="form__note">{text.csv.hint}</p>
      <div className="toolbar ledger-csv__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={monthEntries.length === 0}
          onClick={() => exportCsv('month')}
        >
          {text.csv.exportMonth}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={allEntries.length === 0}
          onClick={() => exportCsv('all')}
        >
          {text.csv.exportAll}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => fileRef.current?.click()}
        >
          {state.step === 'reading'
            ? text.csv.reading
            : state.step === 'writing'
              ? text.csv.importing
              : text.csv.import}
        </button>
        <label className="checkbox ledger-csv__labels" htmlFor={labelsId}>
          <input
            id={labelsId}
            type="checkbox"
            checked={koreanLabels}
            onChange={(event) => setKoreanLabels(event.target.checked)}
          />
          {text.csv.koreanLabels}
        </label>
        <input
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          aria-label={text.csv.fileLabel}
          tabIndex={-1}
          hidden
          onChange={chooseFile}
        />
      </div>

      {state.step === 'message' && (
        <p className={state.problem ? 'form__error' : 'form__note ledger-csv__done'} role="status">
          {state.message}
        </p>
      )}

      {state.step === 'refused' && (
        <div className="callout callout--warning ledger-csv__refused">
          <div role="alert">
            <p className="callout__title">{text.csv.failedTitle}</p>
            <p>{plural(text.csv.failedLead, state.errors.length, lang)}</p>
          </div>
          <ul className="ledger-csv__problems">
            {state.errors.map((error, index) => (
              <li key={index}>{csvProblem(error, text, lang)}</li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setState({ step: 'idle' })}
          >
            {shell.close}
          </button>
        </div>
      )}

      {state.step === 'confirm' && state.fresh.length === state.entries.length && (
        <Popup
          title={text.csv.confirmTitle}
          message={plural(text.csv.confirmMessage, state.entries.length, lang, { name: state.name })}
          confirmLabel={text.csv.confirm}
          onConfirm={() => void importEntries(state.entries)}
          cancelLabel={shell.cancel}
          onCancel={() => setState({ step: 'idle' })}
        />
      )}
      {state.step === 'confirm' && state.fresh.length < state.entries.length && (
        <Popup
          title={text.csv.confirmTitle}
          message={duplicatesMessage(
            text,
            lang,
            state.name,
            state.entries.length,
            state.entries.length - state.fresh.length,
          )}
          confirmLabel={
            state.fresh.length > 0 ? plural(text.csv.skipDuplicates, state.fresh.length, lang) : shell.close
          }
          onConfirm={() =>
            state.fresh.length > 0
              ? void importEntries(state.fresh)
              : setState({ step: 'message', message: text.csv.allDuplicates, problem: false })
          }
          alternative={{
            label: plural(text.csv.importAll, state.entries.length, lang),
            onClick: () => void importEntries(state.entries),
          }}
          cancelLabel={shell.cancel}
          onCancel={() => setState({ step: 'idle' })}
        />
      )}
    </section>
  );
}
