// Export: the vault's records in the formats other apps read — the schedule as .ics, personal info as Bitwarden's
// password-protected JSON or its CSV, the diary as Markdown files in a zip with their attachments, the ledger as
// CSV or .xlsx. Taking data out of the vault asks for the master password (docs/security.md), and each writer's
// code loads only when its export is chosen.
import { useId, useState, type FormEvent } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { useToast } from '../../../client/ui/Toast.js';
import { isoToday } from '../../format.js';
import { MASTER_PASSWORD_MIN_LENGTH, type Vault } from '../../vault/vault.js';
import { useVault } from '../../vault/react.js';
import { saveFile } from '../../ui/save-file.js';
import { KIND } from '../kinds.js';
import { exportText } from './export-copy.js';

export const EXPORTS = [
  'ics',
  'bitwarden-json',
  'bitwarden-csv',
  'diary-markdown',
  'ledger-csv',
  'ledger-xlsx',
] as const;
export type ExportChoice = (typeof EXPORTS)[number];

/** What a file exported for another app must be locked with (Bitwarden asks the same of its own exports). */
export const EXPORT_PASSWORD_MIN_LENGTH = MASTER_PASSWORD_MIN_LENGTH;

/** The chosen export's file: its name, bytes and type. Null when the vault holds nothing of it. */
async function makeExport(
  vault: Vault,
  choice: ExportChoice,
  lang: 'ko' | 'en',
  filePassword: string,
): Promise<{ name: string; data: BlobPart; type: string } | null> {
  const day = isoToday();
  switch (choice) {
    case 'ics': {
      const events = await KIND.event.export.values(vault);
      if (events.length === 0) return null;
      const { exportICalendar } = await import('./formats/calendar/export-ics.js');
      return {
        name: `mygenie-schedule-${day}.ics`,
        data: exportICalendar(events, { now: new Date() }),
        type: 'text/calendar',
      };
    }
    case 'bitwarden-json':
    case 'bitwarden-csv': {
      const records = await KIND.personal.export.values(vault);
      if (records.length === 0) return null;
      const writers = await import('./formats/passwords/export.js');
      return choice === 'bitwarden-json'
        ? {
            name: `mygenie-personal-${day}.json`,
            data: await writers.exportBitwardenEncrypted(records, filePassword),
            type: 'application/json',
          }
        : {
            name: `mygenie-personal-${day}.csv`,
            data: writers.exportBitwardenCsv(records),
            type: 'text/csv',
          };
    }
    case 'diary-markdown': {
      const entries = await KIND.memo.export.values(vault);
      if (entries.length === 0) return null;
      const { exportDiaryMarkdown } = await import('./formats/diary/export-markdown.js');
      return {
        name: `mygenie-diary-${day}.zip`,
        data: exportDiaryMarkdown(entries) as Uint8Array<ArrayBuffer>,
        type: 'application/zip',
      };
    }
    case 'ledger-csv':
    case 'ledger-xlsx': {
      const entries = await KIND.ledger.export.values(vault);
      if (entries.length === 0) return null;
      if (choice === 'ledger-csv') {
        const { formatLedgerCsv } = await import('../../records/ledger-csv.js');
        return {
          name: `mygenie-ledger-${day}.csv`,
          data: formatLedgerCsv(entries, lang === 'ko' ? 'ko' : 'codes'),
          type: 'text/csv;charset=utf-8',
        };
      }
      const { exportLedgerXlsx } = await import('./formats/money/export-xlsx.js');
      return {
        name: `mygenie-ledger-${day}.xlsx`,
        data: exportLedgerXlsx(entries, lang) as Uint8Array<ArrayBuffer>,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    }
  }
}

export function ExportPanel() {
  const text = useText(exportText);
  const counted = usePlural();
  const { lang } = useLanguage();
  const vault = useVault();
  const toast = useToast();
  const [choice, setChoice] = useState<ExportChoice>('ics');
  const [master, setMaster] = useState('');
  const [filePassword, setFilePassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ master?: string; file?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const ids = { master: useId(), file: useId(), confirm: useId(), heading: useId() };
  const locked = choice === 'bitwarden-json';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: typeof problems = {};
    if (!master) found.master = text.masterRequired;
    if (locked && filePassword.length < EXPORT_PASSWORD_MIN_LENGTH)
      found.file = counted(text.fileTooShort, EXPORT_PASSWORD_MIN_LENGTH);
    else if (locked && confirm !== filePassword) found.confirm = text.confirmMismatch;
    setProblems(found);
    setMessage(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (!(await vault.checkMasterPassword(master))) {
        setProblems({ master: text.wrongMaster });
        return;
      }
      const made = await makeExport(vault, choice, lang, filePassword);
      if (!made) {
        setMessage({ text: text.nothing, problem: true });
        return;
      }
      saveFile(new Blob([made.data], { type: made.type }), made.name);
      setMaster('');
      setFilePassword('');
      setConfirm('');
      toast(fill(text.done, { name: made.name }));
    } catch {
      setMessage({ text: text.failed, problem: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel export-panel" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{text.heading}</h2>
      <p className="form__note">{text.lead}</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="export-panel__choices">
          <legend>{text.what}</legend>
          {EXPORTS.map((name) => (
            <label key={name} className="form__check">
              <input
                type="radio"
                name="export"
                value={name}
                checked={choice === name}
                onChange={() => setChoice(name)}
              />
              <span>
                {text.choices[name].label}
                <small className="form__note"> {text.choices[name].note}</small>
              </span>
            </label>
          ))}
        </fieldset>
        {choice === 'bitwarden-csv' && <p className="form__warning">{text.plainWarning}</p>}
        {locked && (
          <>
            <PasswordField
              id={ids.file}
              label={text.filePassword}
              value={filePassword}
              onChange={setFilePassword}
              autoComplete="new-password"
              problem={problems.file}
              hint={text.filePasswordNote}
            />
            <PasswordField
              id={ids.confirm}
              label={text.confirm}
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
              problem={problems.confirm}
            />
          </>
        )}
        <PasswordField
          id={ids.master}
          label={text.master}
          value={master}
          onChange={setMaster}
          autoComplete="current-password"
          problem={problems.master}
          hint={text.masterNote}
        />
        {message && (
          <p
            className={message.problem ? 'form__error' : 'form__note'}
            role={message.problem ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
          {busy ? text.exporting : text.submit}
        </button>
      </form>
    </section>
  );
}
