// The detail view password (description §4, §6): asked once per unlock before the diary, personal info,
// documents and ledger open. While the default 0000 is in use, the member is asked to change it.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { DETAIL_PASSWORD_DEFAULT } from '../../shared/constants.js';
import { useToast } from '../../client/ui/Toast.js';
import { fill, useText } from '../../client/text.js';
import { usePlural } from '../../client/plural.js';
import { FormFooter } from '../ui/FormFooter.js';
import { FormDialog } from '../../client/ui/FormDialog.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import { usePasswordFields, type PasswordProblems } from '../ui/use-password-fields.js';
import { shellText } from '../copy.js';
import {
  checkDetailPassword,
  DETAIL_PASSWORD_MIN_LENGTH,
  makeDetailPasswordVerifier,
  useAppSettings,
} from '../settings.js';
import { useVault, useVaultVersion } from '../vault/react.js';
import {
  clearGateFailures,
  detailPasswordAccepted,
  GATE_LOCK_AFTER,
  gateStatus,
  proveOwner,
  readGateAttempts,
  recordGateFailure,
} from './gate-attempts.js';

/**
 * The kinds of record the screens behind the detail view password keep (the diary, personal info, documents,
 * ledger): shown elsewhere (a conflict to resolve) only behind the same password.
 */
export const DETAIL_KINDS: ReadonlySet<string> = new Set(['memo', 'personal', 'document', 'ledger']);

interface DetailAccess {
  granted: boolean;
  grant: () => void;
  changePrompted: boolean;
  setChangePrompted: (prompted: boolean) => void;
  /**
   * Asks for the master password (or the member's own detail view password) before an action that exports or
   * replaces what the gate protects; true once given. A proof holds for a few minutes of this unlock, and the
   * member's own detail password given at the gate, or a new one set, counts as one.
   */
  confirmOwner: () => Promise<boolean>;
  /** The member just gave (or set) their own detail password, or the master password. */
  markProven: () => void;
}

/** How long a given proof spares the member the next question (within one unlock). */
const OWNER_PROOF_MS = 5 * 60_000;

const DetailAccessContext = createContext<DetailAccess | null>(null);

/** Holds the "detail password entered" state for one unlock of the vault; remounted on every unlock. */
export function DetailAccessProvider({ children }: { children: ReactNode }) {
  const [granted, setGranted] = useState(false);
  const [changePrompted, setChangePrompted] = useState(false);
  const [asking, setAsking] = useState<((proven: boolean) => void) | null>(null);
  const provenAt = useRef(0);
  const confirmOwner = useCallback(
    () =>
      Date.now() - provenAt.current < OWNER_PROOF_MS
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) =>
            // A question still open (a second click) is answered "no": only the newest one waits.
            setAsking((open: ((proven: boolean) => void) | null) => {
              open?.(false);
              return resolve;
            }),
          ),
    [],
  );
  const markProven = useCallback(() => {
    provenAt.current = Date.now();
  }, []);
  const value = useMemo(
    () => ({
      granted,
      grant: () => setGranted(true),
      changePrompted,
      setChangePrompted,
      confirmOwner,
      markProven,
    }),
    [granted, changePrompted, confirmOwner, markProven],
  );
  const answer = (proven: boolean) => {
    if (proven) markProven();
    asking?.(proven);
    setAsking(null);
  };
  return (
    <DetailAccessContext.Provider value={value}>
      {children}
      {asking && <OwnerCheck onDone={answer} />}
    </DetailAccessContext.Provider>
  );
}

function useDetailAccess(): DetailAccess {
  const access = useContext(DetailAccessContext);
  if (!access) throw new Error('useDetailAccess outside DetailAccessProvider');
  return access;
}

/**
 * Whether what the detail password protects may show now, and a way to ask for it (the master password or the
 * member's detail password) from outside the gate.
 */
export function useDetailReveal(): { granted: boolean; reveal: () => Promise<void> } {
  const access = useDetailAccess();
  return {
    granted: access.granted,
    reveal: async () => {
      if (await access.confirmOwner()) access.grant();
    },
  };
}

/** `confirmOwner()` of the current unlock: see DetailAccess. */
export function useConfirmOwner(): () => Promise<boolean> {
  return useDetailAccess().confirmOwner;
}

/** Draws again every second while `ticking` (a wait counting down). */
function useEverySecond(ticking: boolean): void {
  const [, setTicks] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
}

/** The question behind confirmOwner(): one password, the master password or the member's detail password. */
function OwnerCheck({ onDone }: { onDone: (proven: boolean) => void }) {
  const text = useText(shellText);
  const vault = useVault();
  const [settings] = useAppSettings();
  const id = useId();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const either = detailPasswordAccepted(vault, settings, Date.now());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setProblem(text.identity.required);
    setBusy(true);
    const proven = await proveOwner(vault, settings, password, Date.now());
    setBusy(false);
    if (proven) return onDone(true);
    setPassword('');
    setProblem(text.identity.wrong);
  }

  return (
    <FormDialog title={text.identity.title} onClose={() => onDone(false)}>
      <form className="form" noValidate onSubmit={submit}>
        <p>{either ? text.identity.lead : text.identity.leadMaster}</p>
        <PasswordField
          id={id}
          label={either ? text.identity.either : text.identity.master}
          value={password}
          onChange={setPassword}
          autoComplete="off"
          problem={problem}
        />
        <FormFooter busy={busy} onCancel={() => onDone(false)} submitLabel={text.identity.submit} />
      </form>
    </FormDialog>
  );
}

export function DetailGate({ children }: { children: ReactNode }) {
  const text = useText(shellText);
  const counted = usePlural();
  const access = useDetailAccess();
  const vault = useVault();
  useVaultVersion();
  const [settings] = useAppSettings();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const status = gateStatus(readGateAttempts(vault), Date.now());
  // Only a wait counts down; its last tick draws the open gate and stops.
  useEverySecond(status.state === 'wait' && !access.granted);
  const locked = status.state === 'locked';
  useEffect(() => {
    if (!access.granted) input.current?.focus();
  }, [access.granted, locked]);

  if (access.granted) {
    const askToChange = !settings.detailPassword && !access.changePrompted;
    return (
      <>
        {children}
        {askToChange && (
          <FormDialog title={text.detail.changeTitle} onClose={() => access.setChangePrompted(true)}>
            <p>{text.detail.changeLead}</p>
            <DetailPasswordForm
              askCurrent={false}
              onDone={() => access.setChangePrompted(true)}
              onCancel={() => access.setChangePrompted(true)}
              cancelLabel={text.detail.later}
            />
          </FormDialog>
        )}
      </>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setError(locked ? text.detail.masterRequired : text.detail.required);
    if (gateStatus(readGateAttempts(vault), Date.now()).state === 'wait') return;
    setBusy(true);
    const ok = locked
      ? await vault.checkMasterPassword(password)
      : await checkDetailPassword(settings, password);
    if (ok) {
      await clearGateFailures(vault);
      setBusy(false);
      // The default 0000 proves nothing; the member's own password (or the master password) does.
      if (locked || settings.detailPassword) access.markProven();
      access.grant();
      return;
    }
    // The try that locks the gate says so by the gate's new title and lead, not by an error under the new field.
    const nowLocked =
      locked || gateStatus(await recordGateFailure(vault, Date.now()), Date.now()).state === 'locked';
    setBusy(false);
    setError(locked ? text.detail.masterWrong : nowLocked ? '' : text.detail.wrong);
    setPassword('');
    input.current?.focus();
  }

  const waiting = status.state === 'wait' ? Math.ceil(status.ms / 1000) : 0;
  return (
    <section className="panel detail-gate" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{locked ? text.detail.lockedTitle : text.detail.title}</h2>
      <p>{locked ? counted(text.detail.lockedLead, GATE_LOCK_AFTER) : text.detail.lead}</p>
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          id={id}
          inputRef={input}
          label={locked ? text.detail.masterPassword : text.detail.password}
          value={password}
          onChange={setPassword}
          autoComplete={locked ? 'current-password' : 'off'}
          hint={
            !locked && !settings.detailPassword && <p className="field__hint">{text.detail.defaultHint}</p>
          }
        />
        {error && !waiting && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        {waiting > 0 && (
          <p className="form__error" role="alert">
            {fill(text.detail.wait, { seconds: waiting })}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={busy || waiting > 0 || undefined}
        >
          {text.detail.submit}
        </button>
        {!locked && <p className="form__note">{text.detail.lost}</p>}
      </form>
    </section>
  );
}

/** Sets a new detail view password; in settings the current one is asked first. */
export function DetailPasswordForm({
  askCurrent,
  onDone,
  onCancel,
  cancelLabel,
}: {
  askCurrent: boolean;
  onDone: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const text = useText(shellText);
  const toast = useToast();
  const vault = useVault();
  const access = useDetailAccess();
  const [settings, save] = useAppSettings();
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const { fields, setProblems, clear, field } = usePasswordFields();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: PasswordProblems = {};
    if (askCurrent && !fields.current) found.current = text.detail.required;
    if (fields.next.length < DETAIL_PASSWORD_MIN_LENGTH) found.next = text.detail.tooShort;
    else if (fields.next === DETAIL_PASSWORD_DEFAULT) found.next = text.detail.sameAsDefault;
    if (fields.confirm !== fields.next) found.confirm = text.detail.mismatch;
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // The current detail password, or the master password (a forgotten detail password is set anew with it).
      if (askCurrent && !(await proveOwner(vault, settings, fields.current, Date.now()))) {
        setProblems({ current: text.identity.wrong });
        return;
      }
      await save({ detailPassword: await makeDetailPasswordVerifier(fields.next) });
      access.markProven();
      toast(text.detail.changed);
      clear();
      onDone();
    } catch {
      setProblems({ confirm: text.errors.saveFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      {askCurrent && (
        <PasswordField
          id={ids.current}
          label={
            detailPasswordAccepted(vault, settings, Date.now())
              ? text.detail.currentOrMaster
              : text.detail.masterPassword
          }
          autoComplete="off"
          {...field('current')}
        />
      )}
      <PasswordField id={ids.next} label={text.detail.newPassword} autoComplete="off" {...field('next')} />
      <PasswordField
        id={ids.confirm}
        label={text.detail.confirmPassword}
        autoComplete="off"
        {...field('confirm')}
      />
      <FormFooter busy={busy} onCancel={onCancel} cancelLabel={cancelLabel} submitLabel={text.detail.save} />
    </form>
  );
}
