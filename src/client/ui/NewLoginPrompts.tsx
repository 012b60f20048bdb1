// "A new login — is this you?" (description §4, multi-device login), wherever the member is signed in: the site
// and the app ask alike. Each sign-in on a new device that waits for this device's answer is asked in turn; "yes"
// then the master key approves it, "no" or a wrong key blocks it, which also ends this device's session, with the
// description's message. How the master key is checked is the page's: the site against this device's verifier,
// the app with its vault.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { catalog, siteErrorMessage } from '../../shared/i18n/index.js';
import type { DeviceSession } from '../../shared/schemas/auth.js';
import { call, failureCode } from '../api.js';
import { formatDateTime } from '../format.js';
import { listenLive } from '../live-events.js';
import { fill, textAt, useLanguage, useText } from '../text.js';
import { Dialog } from './Dialog.js';
import { Popup } from './Popup.js';
import { useToast } from './Toast.js';

export interface NewLoginPromptsProps {
  /** Whether the master key entered is this member's (checked on this device, never sent). */
  checkMasterKey(masterKey: string): Promise<boolean>;
  /** The page's own words for the master key's lead and field (the app calls it the master password). */
  masterKeyWords?: { lead: string; label: string } | undefined;
  /** This device's session is about to end by the block (before the request goes). */
  onBlocking?(): void;
  /** The sign-in was blocked and this device's session ended; the message is on screen. */
  onBlocked?(): void;
  /** The member read the blocked message. */
  onBlockedSeen(): void;
}

/** Listens for sign-ins waiting for this device's answer while mounted, and asks about each. */
export function NewLoginPrompts({
  checkMasterKey,
  masterKeyWords,
  onBlocking,
  onBlocked,
  onBlockedSeen,
}: NewLoginPromptsProps) {
  const t = useText(catalog);
  const toast = useToast();
  const [waiting, setWaiting] = useState<DeviceSession[]>([]);
  const [blocked, setBlocked] = useState(false);

  useEffect(
    () =>
      listenLive({
        'new-login': (data) => {
          const pending = data as DeviceSession | undefined;
          if (!pending?.id) return;
          setWaiting((current) =>
            current.some((item) => item.id === pending.id) ? current : [...current, pending],
          );
        },
        // Answered elsewhere (another tab: the site in one, the app in the other; another device) or ended: its
        // question closes here, and answering it would only fail.
        'new-login-decided': (data) => {
          const decided = (data as { id?: unknown } | undefined)?.id;
          if (typeof decided !== 'string') return;
          setWaiting((current) => current.filter((item) => item.id !== decided));
        },
        // This device's session ended (a block answered in another tab ends it): nothing here can be answered.
        'signed-out': () => setWaiting([]),
      }),
    [],
  );

  const current = blocked ? undefined : waiting[0];
  return (
    <>
      {current && (
        <NewLoginDialog
          key={current.id}
          pending={current}
          checkMasterKey={checkMasterKey}
          masterKeyWords={masterKeyWords}
          onBlocking={onBlocking}
          onDone={(outcome) => {
            setWaiting((list) => list.filter((item) => item.id !== current.id));
            if (outcome === 'confirmed') {
              toast(t.newLogin.confirmed);
              return;
            }
            // This session ended with the block: nothing more is asked here.
            setWaiting([]);
            setBlocked(true);
            onBlocked?.();
          }}
        />
      )}
      {blocked && (
        <Popup
          title={t.auth.confirmTitle}
          message={t.newLogin.blocked}
          confirmLabel={t.common.ok}
          onConfirm={() => {
            setBlocked(false);
            onBlockedSeen();
          }}
        />
      )}
    </>
  );
}

function NewLoginDialog({
  pending,
  checkMasterKey,
  masterKeyWords,
  onBlocking,
  onDone,
}: {
  pending: DeviceSession;
  checkMasterKey(masterKey: string): Promise<boolean>;
  masterKeyWords?: { lead: string; label: string } | undefined;
  onBlocking?: (() => void) | undefined;
  onDone(outcome: 'confirmed' | 'blocked'): void;
}) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const titleId = useId();
  const keyId = useId();
  const [asking, setAsking] = useState(false);
  const [masterKey, setMasterKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function block() {
    setBusy(true);
    // Blocking ends this device's session too; if the server cannot be reached, it is ended here all the same.
    onBlocking?.();
    await call('blockSession', { params: { id: pending.id } }).catch(() => undefined);
    onDone('blocked');
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const right = await checkMasterKey(masterKey).catch(() => false);
    setMasterKey('');
    if (!right) return block();
    try {
      await call('approveSession', { params: { id: pending.id } });
      onDone('confirmed');
    } catch (failure) {
      const code = failureCode(failure);
      setProblem(siteErrorMessage(t.errors, code));
      setBusy(false);
    }
  }

  const device = textAt(t, `devices.names.${pending.deviceName}`, pending.deviceName);
  return (
    <Dialog labelledBy={titleId} role="alertdialog" className="dialog">
      <div className="dialog__header">
        <h2 id={titleId}>{t.newLogin.title}</h2>
      </div>
      <p>
        {fill(t.newLogin.message, {
          device,
          time: formatDateTime(pending.signedInAt, lang),
        })}
      </p>
      {asking ? (
        <form className="form" onSubmit={(event) => void confirm(event)}>
          <p className="form__note">{masterKeyWords?.lead ?? t.newLogin.masterKeyLead}</p>
          <div className="field">
            <label htmlFor={keyId}>{masterKeyWords?.label ?? t.newLogin.masterKey}</label>
            <input
              id={keyId}
              type="password"
              autoComplete="off"
              autoFocus
              value={masterKey}
              onChange={(event) => setMasterKey(event.target.value)}
            />
          </div>
          {problem && (
            <p className="form__error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? t.common.processing : t.newLogin.confirm}
          </button>
        </form>
      ) : (
        <div className="form">
          <button
            type="button"
            className="button button--primary button--block"
            autoFocus
            onClick={() => setAsking(true)}
          >
            {t.newLogin.yes}
          </button>
          <button
            type="button"
            className="button button--ghost button--block"
            disabled={busy}
            onClick={() => void block()}
          >
            {t.newLogin.no}
          </button>
        </div>
      )}
    </Dialog>
  );
}
