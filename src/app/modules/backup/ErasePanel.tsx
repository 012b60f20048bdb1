// The lost-detail-password path (description §4): after a backup, delete this device's vault; the app then
// offers to restore, which brings the detail view password back to the default.
import { useId, useState, type FormEvent } from 'react';
import { useText } from '../../../client/text.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { PasswordField } from '../../../client/ui/PasswordField.js';
import { useVault } from '../../vault/react.js';
import { leavePasskeyUnlock } from '../../access/passkey-unlock.js';
import { backupText } from './copy.js';

export function ErasePanel() {
  const text = useText(backupText);
  const vault = useVault();
  const ids = { heading: useId(), password: useId() };
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function erase(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const ok = password !== '' && (await vault.checkMasterPassword(password));
    if (!ok) {
      setBusy(false);
      setProblem(text.erase.wrong);
      return;
    }
    await leavePasskeyUnlock(vault);
    await vault.destroy();
  }

  return (
    <section className="backup__erase" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{text.erase.title}</h3>
      <ol>
        {text.erase.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <button type="button" className="button button--ghost backup__danger" onClick={() => setOpen(true)}>
        {text.erase.button}
      </button>
      {open && (
        <FormDialog title={text.erase.confirmTitle} onClose={() => setOpen(false)}>
          <form className="form" noValidate onSubmit={erase}>
            <p>{text.erase.confirmLead}</p>
            <PasswordField
              id={ids.password}
              label={text.erase.password}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              problem={problem}
            />
            <FormFooter busy={busy} onCancel={() => setOpen(false)} submitLabel={text.erase.confirm} />
          </form>
        </FormDialog>
      )}
    </section>
  );
}
