// A device with no vault whose member syncs one: the first unlock brings the synced vault here (docs/sync.md,
// "Login, logout and the header"). The master password opens the header the server keeps; it never leaves the device.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { call } from '../../client/api.js';
import { fill, useText } from '../../client/text.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import type { SyncState } from '../../shared/schemas/sync.js';
import { SetupScreen } from './VaultScreens.js';
import { GateScreen } from '../ui/GateScreen.js';
import type { Vault } from '../vault/vault.js';
import { syncText } from '../modules/sync/copy.js';
import type { SyncEngine } from '../sync/engine.js';
import { syncPercent, useSync, useSyncJoining, useSyncStatus } from '../sync/react.js';
import { useCauseText } from '../modules/sync/SyncViews.js';

/** First run on this device: the synced vault when the member has one, else a new vault. */
export function NewVaultScreen({ vault, engine }: { vault: Vault; engine: SyncEngine }) {
  const text = useText(syncText);
  const [state, setState] = useState<SyncState | null | 'checking'>('checking');
  const [instead, setInstead] = useState(false);
  useEffect(() => {
    let live = true;
    call('syncState', undefined, { timeoutMs: 8000 })
      .then((answer) => live && setState(answer))
      .catch(() => live && setState(null));
    return () => {
      live = false;
    };
  }, []);
  if (state === 'checking') {
    return (
      <GateScreen>
        <p role="status">{text.join.checking}</p>
      </GateScreen>
    );
  }
  // A new vault syncs from the start, unless the member keeps another one synced already.
  if (!state?.vault || instead) return <SetupScreen vault={vault} sync={instead ? undefined : engine} />;
  return <JoinForm engine={engine} state={state} onInstead={() => setInstead(true)} />;
}

function JoinForm({
  engine,
  state,
  onInstead,
}: {
  engine: SyncEngine;
  state: SyncState;
  onInstead: () => void;
}) {
  const text = useText(syncText);
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    setProblem('');
    try {
      const result = await engine.join(state, password);
      if (result !== 'ok') {
        setProblem(text.join.wrong);
        setBusy(false);
        return;
      }
    } catch {
      setProblem(text.join.failed);
      setBusy(false);
    }
  }

  return (
    <GateScreen title={text.join.title}>
      <p>{text.join.lead}</p>
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          id={id}
          label={text.join.password}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          problem={problem}
        />
        <button type="submit" className="button button--primary" aria-disabled={busy}>
          {text.join.submit}
        </button>
      </form>
      <button type="button" className="button button--ghost button--small" onClick={onInstead}>
        {text.join.instead}
      </button>
    </GateScreen>
  );
}

/**
 * A device that joined the synced vault shows it arriving until its first sync ends: the settings (the detail
 * password among them) come with it, so nothing of the app opens on defaults first.
 */
export function FirstSyncGate({ logOut, children }: { logOut: () => void; children: ReactNode }) {
  const text = useText(syncText);
  const engine = useSync();
  const joining = useSyncJoining();
  const status = useSyncStatus();
  const causeText = useCauseText();
  if (!joining) return children;
  const percent = syncPercent(status);
  // Removed from the member's devices on another device while arriving: trying again would be refused the same
  // way; it joins anew instead.
  const removed = status.state === 'error' && status.cause === 'sync/unknown-device';
  return (
    <GateScreen title={text.join.arriving} busy={status.state === 'syncing'}>
      {status.state === 'error' ? (
        <p className="form__error" role="alert" data-sync-refused={status.refused}>
          {causeText(status.cause, status.unsent)}
        </p>
      ) : (
        <p role="status">
          {status.state === 'offline'
            ? text.join.arrivingOffline
            : percent !== null
              ? fill(text.badge.progress, { percent })
              : text.badge.syncing}
        </p>
      )}
      {status.state !== 'error' && (
        <progress max={100} value={percent ?? undefined} aria-label={text.join.arriving} />
      )}
      {removed ? (
        <>
          <p className="form__note">{text.panel.rejoinLead}</p>
          <button type="button" className="button button--primary" onClick={() => void engine.rejoin()}>
            {text.panel.rejoin}
          </button>
        </>
      ) : (
        (status.state === 'error' || status.state === 'offline') && (
          <button type="button" className="button button--primary" onClick={engine.retry}>
            {text.join.retry}
          </button>
        )
      )}
      <button type="button" className="button button--ghost button--small" onClick={logOut}>
        {text.join.logout}
      </button>
    </GateScreen>
  );
}
