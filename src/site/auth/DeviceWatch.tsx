// While a member is signed in, this device listens for live news (GET /api/events): a sign-in on a new device
// asks "a new login — is this you?" here; the member confirms and enters the master key, which is checked on
// this device against the app's verifier (docs/design.md §3.4); "no" or a wrong key blocks the new sign-in and signs
// this device out with the description's message. When this device's own session ends elsewhere, the page
// follows at once. A sign-in of this browser still waiting for approval hears here when it is approved or refused.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { activeLanguage, fill, textAt, useText } from '../../client/text.js';
import type { DeviceSession } from '../../shared/schemas/auth.js';
import { call, failureCode } from '../../client/api.js';
import { formatDateTime } from '../../client/format.js';
import { Popup } from '../../client/ui/Popup.js';
import { useToast } from '../../client/ui/Toast.js';
import { Dialog } from '../../client/ui/Dialog.js';
import { checkDeviceMasterKey } from './master-key-store.js';
import { PUSH_CHANNEL } from './push.js';
import { isEndingHere, markEndingHere, useSession } from './session.js';

export function DeviceWatch() {
  const t = useText(catalog);
  const session = useSession();
  const toast = useToast();
  const [waiting, setWaiting] = useState<DeviceSession[]>([]);
  const [blocked, setBlocked] = useState(false);
  const signedIn = Boolean(session.user);
  const waitingHere = Boolean(session.pending);

  useEffect(() => {
    if ((!signedIn && !waitingHere) || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.addEventListener('approved', () => {
      source.close();
      toast(t.auth.pending.approved);
      void session.refresh();
    });
    source.addEventListener('new-login', (event) => {
      const pending = JSON.parse((event as MessageEvent<string>).data) as DeviceSession;
      setWaiting((current) =>
        current.some((item) => item.id === pending.id) ? current : [...current, pending],
      );
    });
    source.addEventListener('signed-out', () => {
      source.close();
      // Ended by this page itself: it says so in its own words.
      if (isEndingHere()) return;
      toast(waitingHere ? t.auth.pending.refused : t.newLogin.signedOutHere);
      void session.refresh();
    });
    return () => source.close();
  }, [signedIn, waitingHere, session, t, toast]);

  // A login notification while this page is in the foreground: the service worker hands it here to show.
  useEffect(() => {
    if (!signedIn || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(PUSH_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ title?: string; body?: string }>) => {
      const { title = '', body = '' } = event.data ?? {};
      if (body) toast(title ? `${title} — ${body}` : body);
    };
    return () => channel.close();
  }, [signedIn, toast]);

  const current = waiting[0];
  return (
    <>
      {current && signedIn && (
        <NewLoginDialog
          key={current.id}
          pending={current}
          onDone={(outcome) => {
            setWaiting((list) => list.filter((item) => item.id !== current.id));
            if (outcome === 'confirmed') toast(t.newLogin.confirmed);
            else setBlocked(true);
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
            void session.refresh();
          }}
        />
      )}
    </>
  );
}

function NewLoginDialog({
  pending,
  onDone,
}: {
  pending: DeviceSession;
  onDone(outcome: 'confirmed' | 'blocked'): void;
}) {
  const t = useText(catalog);
  const titleId = useId();
  const keyId = useId();
  const [asking, setAsking] = useState(false);
  const [masterKey, setMasterKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function block() {
    setBusy(true);
    // Blocking ends this device's session too; if the server cannot be reached, it is ended here all the same.
    markEndingHere();
    await call('blockSession', { params: { id: pending.id } }).catch(() => undefined);
    onDone('blocked');
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const check = await checkDeviceMasterKey(masterKey);
    setMasterKey('');
    if (check !== 'ok') return block();
    try {
      await call('approveSession', { params: { id: pending.id } });
      onDone('confirmed');
    } catch (failure) {
      const code = failureCode(failure);
      setProblem(code === 'network' ? t.errors.network : t.errors[code]);
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
          time: formatDateTime(pending.signedInAt, activeLanguage()),
        })}
      </p>
      {asking ? (
        <form className="form" onSubmit={(event) => void confirm(event)}>
          <p className="form__note">{t.newLogin.masterKeyLead}</p>
          <div className="field">
            <label htmlFor={keyId}>{t.newLogin.masterKey}</label>
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
