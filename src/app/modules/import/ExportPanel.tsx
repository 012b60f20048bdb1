// Export: the vault's records in the formats other apps read — the schedule as .ics, personal info as Bitwarden's
// password-protected JSON or its CSV, the diary as Markdown files in a zip with their attachments, the ledger as
// CSV or .xlsx. Taking data out of the vault asks for the master password (docs/security.md), and each writer's
// code loads only when its export is chosen. The schedule and the ledger take in every shared space the member
// belongs to (the spaces service's shelf), each entry naming its space.
import { useId, useState, type FormEvent } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { useToast } from '../../../client/ui/Toast.js';
import { MASTER_PASSWORD_MIN_LENGTH } from '../../vault/vault.js';
import { useVault } from '../../vault/react.js';
import { saveFile } from '../../ui/save-file.js';
import { useSpaceShelf } from '../../backup/shelf.js';
import { EXPORTS, makeExport, type ExportChoice } from './export-files.js';
import { exportText } from './export-copy.js';

/** What a file exported for another app must be locked with (Bitwarden asks the same of its own exports). */
export const EXPORT_PASSWORD_MIN_LENGTH = MASTER_PASSWORD_MIN_LENGTH;

export function ExportPanel() {
  const text = useText(exportText);
  const counted = usePlural();
  const { lang } = useLanguage();
  const vault = useVault();
  const shelf = useSpaceShelf();
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
      const made = await makeExport(vault, shelf, choice, lang, filePassword);
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
