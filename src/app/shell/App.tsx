// The app from the top: who is signed in, then the vault (create or unlock), then the screens.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { call } from '../../client/api.js';
import { ChunkErrorBoundary } from '../../client/ui/ChunkErrorBoundary.js';
import { ToastProvider } from '../../client/ui/Toast.js';
import { activeLanguage, fill, useLanguage, useText } from '../../client/text.js';
import { plural } from '../../shared/plural.js';
import { VaultProvider } from '../vault/react.js';
import { Vault } from '../vault/vault.js';
import { browserPlatform } from '../platform/vault-platform.js';
import { useAutoLogout } from '../../client/auto-logout.js';
import { shellText } from '../copy.js';
import { AppNav } from './AppNav.js';
import { DetailAccessProvider, DetailGate } from '../access/DetailGate.js';
import { HomeScreen } from './HomeScreen.js';
import {
  checkMember,
  loginUrl,
  logOut,
  rememberMember,
  type Member,
  type MemberCheck,
} from '../../client/member.js';
import { DETAIL_SCREENS, isAppScreen, SCREENS, type AppScreen } from './pages.js';
import { readSettings } from '../settings.js';
import { SetupScreen, UnlockScreen } from './VaultScreens.js';
import { endAppSession, recordAppSession } from '../access/app-session.js';
import {
  leavePasskeyUnlock,
  passkeyHint,
  signInAndUnlock,
  type PasskeyHint,
} from '../access/passkey-unlock.js';
import { usePasskeyProblem } from '../access/PasskeyUnlock.js';
import { useAutoBackup } from '../modules/backup/auto-backup.js';
import { useVault, useVaultVersion } from '../vault/react.js';
import { browserAndSystem, browserDeviceName } from '../../shared/device.js';
import { NewLoginPrompts } from '../../client/ui/NewLoginPrompts.js';
import { Popup } from '../../client/ui/Popup.js';
import { browserSyncEnvironment } from '../sync/browser.js';
import type { SyncEnvironment } from '../sync/ports.js';
import { OpenSyncProvider, SYNC_PLACES, type SyncPlace } from '../ui/open-sync.js';
import { cancelLanding, landOn } from '../ui/landing.js';
import { GateScreen } from '../ui/GateScreen.js';
import { SyncEngine } from '../sync/engine.js';
import { memberSeries } from '../sync/identity.js';
import { FirstSyncGate, NewVaultScreen } from './JoinScreen.js';
import { SyncProvider, useSync } from '../sync/react.js';
import { ConflictBanner, SyncBadge, SyncNoticeStrip } from '../modules/sync/SyncViews.js';
import { syncText } from '../modules/sync/copy.js';
import { ConflictCopyBadge } from '../modules/sync/ConflictCopyBadge.js';
import { SlotsProvider, type Slots } from '../ui/slots.js';
import { RemindersProvider } from '../reminders/react.js';
import { REMINDER_SOURCES } from './reminder-sources.js';
import {
  SpacesServiceProvider,
  useSpacesOfVault,
  useSpacesService,
  wakeSpaces,
} from '../modules/spaces/context.js';
import { spacesOfMember } from '../modules/spaces/service.js';

// The search across the vault (its words, its worker) loads beside the first screen, not before it.
const VaultSearch = lazy(() => import('../modules/search/VaultSearch.js'));

// A record's linked documents load with the first record that shows them (the documents screen's code).
const LinkedDocumentsOfModule = lazy(async () => ({
  default: (await import('../modules/documents/LinkedDocuments.js')).LinkedDocuments,
}));

/** What the modules show of one another (ui/slots.tsx), filled here so no module imports another. */
const SLOTS: Slots = {
  LinkedDocuments: ({ recordId }) => (
    <Suspense fallback={null}>
      <LinkedDocumentsOfModule recordId={recordId} />
    </Suspense>
  ),
  ConflictCopyBadge,
};

export function App() {
  return <ToastProvider>{secureEnough() ? <MemberGate /> : <InsecureScreen />}</ToastProvider>;
}

/**
 * Whether the browser gives this page Web Crypto, which makes and opens the vault: only in a secure context (HTTPS,
 * or this computer's own address). Over plain http on a LAN address it does not, and nothing of the app can work.
 */
function secureEnough(): boolean {
  return window.isSecureContext && globalThis.crypto?.subtle !== undefined;
}

/** What the member meets instead of a vault that cannot be made: what is wrong, and the way out. */
function InsecureScreen() {
  const text = useText(shellText).insecure;
  return (
    <GateScreen title={text.title}>
      <p role="alert">{fill(text.lead, { origin: window.location.origin })}</p>
      <p>{text.fix}</p>
    </GateScreen>
  );
}

function MemberGate() {
  const text = useText(shellText);
  const { lang } = useLanguage();
  const [check, setCheck] = useState<MemberCheck | null>(null);
  // Signed in here with this device's passkey, which also unlocked (or not) the vault it hands over.
  const [passkeyEntry, setPasskeyEntry] = useState<{ member: Member; vault: Vault } | null>(null);
  // Asked once per page load: a language change later must not ask the server again.
  const startLang = useRef(lang);
  const hint = useMemo(passkeyHint, []);
  useEffect(() => {
    let live = true;
    void checkMember().then((result) => {
      if (!live) return;
      setCheck(result);
      // With a passkey that unlocks here, the member is offered one check for both instead of the site's sign-in.
      if (result.status === 'signed-out' && !hint)
        window.setTimeout(() => window.location.replace(loginUrl(startLang.current)), 1200);
    });
    return () => {
      live = false;
    };
  }, [hint]);

  if (passkeyEntry) {
    return (
      <VaultRoot
        key={passkeyEntry.member.uid}
        member={passkeyEntry.member}
        given={passkeyEntry.vault}
        offline={false}
      />
    );
  }
  if (check?.status === 'signed-out' && hint) {
    return <PasskeySignIn hint={hint} onSignedIn={(member, vault) => setPasskeyEntry({ member, vault })} />;
  }

  if (!check)
    return (
      <GateScreen>
        <p role="status">{text.member.checking}</p>
      </GateScreen>
    );
  if (check.status === 'signed-in' || check.status === 'offline') {
    return <VaultRoot key={check.member.uid} member={check.member} offline={check.status === 'offline'} />;
  }
  const message = {
    'signed-out': text.member.loginFirst,
    unverified: text.member.unverified,
    'offline-unknown': text.member.offlineUnknown,
  }[check.status];
  return (
    <GateScreen>
      <p role="alert">{message}</p>
      {check.status === 'signed-out' && <p className="form__note">{text.member.redirecting}</p>}
      <a className="button button--primary" href={loginUrl(lang)}>
        {text.member.goLogin}
      </a>
    </GateScreen>
  );
}

/** The engine's environment in the browser: this device named by its browser and system, in the member's language. */
function syncEnvironment(): SyncEnvironment {
  return browserSyncEnvironment(() =>
    browserDeviceName(browserAndSystem(navigator.userAgent), activeLanguage()),
  );
}

/**
 * Signed out, on a device whose vault a passkey unlocks: one fingerprint or face check signs in and unlocks
 * (docs/security.md, "Unlocking with a passkey"); or the site's sign-in, as usual.
 */
function PasskeySignIn({
  hint,
  onSignedIn,
}: {
  hint: PasskeyHint;
  onSignedIn: (member: Member, vault: Vault) => void;
}) {
  const shell = useText(shellText);
  const text = shell.passkey.signIn;
  const problemText = usePasskeyProblem();
  const { lang } = useLanguage();
  const vault = useMemo(() => new Vault(hint.uid, browserPlatform(hint.uid)), [hint.uid]);
  const handedOver = useRef(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void vault.load();
    return () => {
      if (!handedOver.current) vault.close();
    };
  }, [vault]);

  async function signIn() {
    setBusy(true);
    setProblem('');
    try {
      await vault.load();
      const outcome = await signInAndUnlock(vault, hint);
      if (!outcome.ok) return setProblem(problemText(outcome.problem));
      const user = outcome.session.user;
      if (!user) return setProblem(text.pending);
      const member = { uid: user.uid, email: user.email };
      rememberMember(member);
      if (member.uid !== hint.uid) {
        // Another member's passkey answered: their app opens as usual, this vault stays as it was.
        vault.close();
        window.location.reload();
        return;
      }
      handedOver.current = true;
      onSignedIn(member, vault);
    } catch {
      setProblem(problemText('failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <GateScreen title={text.title}>
      <p>{fill(text.lead, { email: hint.email })}</p>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={busy}
        autoFocus
        onClick={() => void signIn()}
      >
        {busy ? shell.passkey.working : text.button}
      </button>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <a className="button button--ghost button--block" href={loginUrl(lang)}>
        {text.password}
      </a>
    </GateScreen>
  );
}

function VaultRoot({ member, offline, given }: { member: Member; offline: boolean; given?: Vault }) {
  const shell = useText(shellText);
  const vault = useMemo(
    () => given ?? new Vault(member.uid, browserPlatform(member.uid)),
    [member.uid, given],
  );
  const engine = useMemo(() => {
    const env = syncEnvironment();
    return new SyncEngine(vault, env, memberSeries(vault, env));
  }, [vault]);
  const state = useSyncExternalStore(vault.subscribe, () => vault.state);
  const { lang } = useLanguage();
  const [blocked, setBlocked] = useState(false);
  // A sign-in on a new device is asked about here as on the site, the master key checked by this device's vault;
  // blocking it ends this session: the vault locks at once, and once the message is read the app leaves as a
  // logout does, the vault kept on the device.
  const asking = blocked || state === 'locked' || state === 'unlocked';
  // Holding the vault, this browser can check the master key: the server is told, so it is a device asked (one
  // without a vault never is: a code mailed to the member confirms a sign-in no device can).
  const holdsVault = !offline && (state === 'locked' || state === 'unlocked');
  useEffect(() => {
    if (holdsVault) void call('sessionCanConfirm', {}).catch(() => undefined);
  }, [holdsVault]);
  return (
    <>
      <VaultScreens member={member} offline={offline} vault={vault} engine={engine} />
      {asking && (
        <NewLoginPrompts
          checkMasterKey={(masterKey) => vault.checkMasterPassword(masterKey)}
          masterKeyWords={{ lead: shell.newLogin.lead, label: shell.newLogin.password }}
          onBlocked={() => {
            setBlocked(true);
            engine.stop();
            void vault.lock();
          }}
          onBlockedSeen={() => void leaveVault(engine, vault, lang, false)}
        />
      )}
    </>
  );
}

function VaultScreens({
  member,
  offline,
  vault,
  engine,
}: {
  member: Member;
  offline: boolean;
  vault: Vault;
  engine: SyncEngine;
}) {
  const text = useText(shellText);
  const state = useSyncExternalStore(vault.subscribe, () => vault.state);
  const [loggedOutAfter, setLoggedOutAfter] = useState<number | null>(null);
  // Each unlock starts the app afresh (the detail password asked again), counted in the render that first sees the
  // vault unlocked: counted in an effect, the app was drawn once more right after, losing what was typed meanwhile.
  const [unlocks, setUnlocks] = useState(0);
  const [seen, setSeen] = useState(state);
  if (state !== seen) {
    setSeen(state);
    if (state === 'unlocked') setUnlocks(unlocks + 1);
  }
  const { lang } = useLanguage();
  // The member's shared spaces run while the vault is unlocked, and leave the device with it.
  const makeSpaces = useCallback(
    () => spacesOfMember(member.uid, vault, engine),
    [member.uid, vault, engine],
  );
  const spaces = useSpacesOfVault(makeSpaces, state);

  useEffect(() => {
    void vault.load();
    return () => vault.close();
  }, [vault]);
  useEffect(() => {
    // The app session says how the vault was opened (description §3); it ends when the vault locks.
    if (state === 'unlocked') recordAppSession(member, vault.unlockedWith ?? 'password');
    else endAppSession();
    // Sync runs while the vault is unlocked (docs/sync.md).
    if (state === 'unlocked') void engine.resume();
    else engine.stop();
  }, [state, engine, member, vault]);
  useEffect(() => () => engine.stop(), [engine]);

  const expire = useCallback(
    (minutes: number) => {
      setLoggedOutAfter(minutes);
      // A sync logout: what is unsent goes up, then nothing of the vault stays here. If it cannot be sent, the vault
      // stays locked (sealed) and goes up at the next unlock.
      void (async () => {
        const sent =
          (await engine.isOn()) && (await engine.flush()) && ((await spaces.service?.flush()) ?? true);
        if (sent) await vault.destroy();
        else await vault.lock();
        engine.stop();
        await logOut();
      })();
    },
    [vault, engine, spaces.service],
  );
  useAutoLogout(expire, state === 'unlocked' && loggedOutAfter === null);

  if (loggedOutAfter !== null) {
    return (
      <GateScreen>
        <h1>{text.autoLogout.title}</h1>
        <p role="alert">{fill(text.autoLogout.message, { minutes: loggedOutAfter })}</p>
        <a className="button button--primary" href={loginUrl(lang)}>
          {text.autoLogout.again}
        </a>
      </GateScreen>
    );
  }
  if (state === 'loading')
    return (
      <GateScreen>
        <p role="status">{text.loading}</p>
      </GateScreen>
    );
  if (state === 'new')
    return offline ? <SetupScreen vault={vault} /> : <NewVaultScreen vault={vault} engine={engine} />;
  if (state === 'locked') return <UnlockScreen vault={vault} />;
  return (
    <VaultProvider vault={vault}>
      <SyncProvider engine={engine}>
        {/* Nothing was made here yet: a logout there erases what arrived so far. */}
        <SpacesServiceProvider service={spaces.service}>
          <FirstSyncGate logOut={() => void leaveVault(engine, vault, lang, true, spaces.erase)}>
            <DetailAccessProvider key={unlocks}>
              <AppFrame member={member} offline={offline} eraseSpaces={spaces.erase} />
            </DetailAccessProvider>
          </FirstSyncGate>
        </SpacesServiceProvider>
      </SyncProvider>
    </VaultProvider>
  );
}

/**
 * Logs out and goes to the site: sync stops, and the vault is erased (a sync logout, the shared spaces' stores and
 * keys with it) or locked.
 */
async function leaveVault(
  engine: SyncEngine,
  vault: Vault,
  lang: string,
  erase: boolean,
  eraseSpaces: () => Promise<void> = async () => undefined,
): Promise<void> {
  engine.stop();
  if (erase) {
    // The vault leaves this device, and its passkey unlock and shared spaces with it.
    await eraseSpaces().catch(() => undefined);
    await leavePasskeyUnlock(vault);
    await vault.destroy();
  } else await vault.lock();
  await logOut();
  window.location.assign(`/?lang=${lang}`);
}

function screenFromUrl(): AppScreen {
  const page = new URLSearchParams(window.location.search).get('page');
  return isAppScreen(page) ? page : 'home';
}

function useOnline(initial: boolean): boolean {
  const [online, setOnline] = useState(initial);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

function AppFrame({
  member,
  offline,
  eraseSpaces,
}: {
  member: Member;
  offline: boolean;
  eraseSpaces: () => Promise<void>;
}) {
  const text = useText(shellText);
  const { lang } = useLanguage();
  const vault = useVault();
  useVaultVersion();
  const online = useOnline(!offline && navigator.onLine);
  const engine = useSync();
  const sync = useText(syncText);
  const [screen, setScreen] = useState<AppScreen>(screenFromUrl);
  const [loggingOut, setLoggingOut] = useState<'sending' | 'unsent' | null>(null);
  const nickname = readSettings(vault).nickname || member.email.split('@')[0]!;
  const spaces = useSpacesService();
  useAutoBackup(vault, spaces);
  // Back online, the spaces' list is read again (what changed meanwhile: invitations, removals, new members).
  useEffect(() => {
    if (online && spaces) void wakeSpaces(spaces).catch(() => undefined);
  }, [online, spaces]);

  useEffect(() => {
    const onPop = () => {
      cancelLanding();
      setScreen(screenFromUrl());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const go = useCallback((next: AppScreen) => {
    cancelLanding();
    const query = new URLSearchParams(window.location.search);
    query.set('page', next);
    query.delete('v');
    window.history.pushState(null, '', `?${query.toString()}`);
    setScreen(next);
    window.scrollTo(0, 0);
  }, []);

  /** The settings, at the sync panel's conflict list or its status, with focus there. */
  const openSync = useCallback(
    (place: SyncPlace) => {
      go('settings');
      landOn(SYNC_PLACES[place]);
    },
    [go],
  );

  useEffect(() => {
    document.title = `${text.nav[screen]} · MyGenie`;
  }, [screen, text]);

  // Reminders are reconciled only from a vault as the member's other devices have it: sync caught up, or off here.
  const syncCaughtUp = useCallback(
    async () => !(await engine.isOn()) || engine.status.state === 'synced',
    [engine],
  );

  /** Logs out; with sync on, the vault is erased from this device first (the next unlock brings it back). */
  const finishLogout = (erase: boolean) => leaveVault(engine, vault, lang, erase, eraseSpaces);

  const Screen = screen === 'home' ? null : SCREENS[screen];
  const content = Screen ? (
    <Suspense fallback={<p role="status">{text.loading}</p>}>
      <Screen />
    </Suspense>
  ) : (
    <HomeScreen go={go} />
  );

  return (
    <OpenSyncProvider value={openSync}>
      <SlotsProvider value={SLOTS}>
        <RemindersProvider
          memberId={member.uid}
          vault={vault}
          sources={REMINDER_SOURCES}
          ready={syncCaughtUp}
          watchReady={engine.subscribe}
          online={online}
        >
          <div className="app">
            <header className="app-header">
              <a
                className="app-header__brand"
                href={`/?lang=${lang}`}
                aria-label={`MyGenie · ${text.header.site}`}
              >
                <img src="/mg_logo.svg" alt="" width="32" height="32" />
                <span>MyGenie</span>
              </a>
              <p className="app-header__greeting">{fill(text.header.greeting, { name: nickname })}</p>
              <ChunkErrorBoundary
                text={{ body: text.errors.chunk, reload: text.errors.reload }}
                className="app-header__failed"
              >
                <Suspense fallback={null}>
                  <VaultSearch go={go} />
                </Suspense>
              </ChunkErrorBoundary>
              <div className="app-header__actions">
                <SyncBadge />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => void vault.lock()}
                >
                  {text.header.lock}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-disabled={loggingOut !== null}
                  onClick={async () => {
                    if (loggingOut) return;
                    // A sync logout: what is unsent goes up first, then nothing of the vault stays on this device.
                    if (await engine.isOn()) {
                      setLoggingOut('sending');
                      // The shared spaces' unsent edits too: their stores leave the device with the vault.
                      const [own, shared] = await Promise.all([engine.flush(), spaces?.flush() ?? true]);
                      if (!own || !shared) {
                        setLoggingOut('unsent');
                        return;
                      }
                      await finishLogout(true);
                      return;
                    }
                    await finishLogout(false);
                  }}
                >
                  {text.header.logout}
                </button>
              </div>
            </header>
            {loggingOut === 'sending' && (
              <p className="app-offline" role="status">
                {sync.logout.sending}
              </p>
            )}
            {loggingOut === 'unsent' && (
              <Popup
                title={text.header.logout}
                message={sync.logout.unsent}
                confirmLabel={text.header.logout}
                cancelLabel={text.cancel}
                onConfirm={() => void finishLogout(true)}
                onCancel={() => setLoggingOut(null)}
              />
            )}
            <SyncNoticeStrip />
            <ConflictBanner />
            {!online && (
              <p className="app-offline" role="status">
                {text.header.offline}
              </p>
            )}
            {vault.damaged.length > 0 && (
              <p className="form__error app-damaged" role="alert">
                {plural(text.damaged, vault.damaged.length, lang)}
              </p>
            )}
            <AppNav screen={screen} go={go} />
            <main className="app-main" id="main">
              <ChunkErrorBoundary
                key={screen}
                text={{ body: text.errors.chunk, reload: text.errors.reload }}
                className="panel"
              >
                {DETAIL_SCREENS.has(screen) ? <DetailGate>{content}</DetailGate> : content}
              </ChunkErrorBoundary>
            </main>
          </div>
        </RemindersProvider>
      </SlotsProvider>
    </OpenSyncProvider>
  );
}
