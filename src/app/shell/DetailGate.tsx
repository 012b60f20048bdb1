// The detail view password (description §4, §6): asked once per unlock before the diary, personal info,
// documents and ledger open. While the default 0000 is in use, the member is asked to change it.
import {
  createContext,
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
import { useText } from '../../client/text.js';
import { FormFooter } from '../ui/FormFooter.js';
import { Modal } from '../ui/Modal.js';
import { PasswordField } from '../../client/ui/PasswordField.js';
import { usePasswordFields, type PasswordProblems } from '../ui/use-password-fields.js';
import { shellText } from '../copy.js';
import {
  checkDetailPassword,
  DETAIL_PASSWORD_MIN_LENGTH,
  makeDetailPasswordVerifier,
  useAppSettings,
} from '../settings.js';

interface DetailAccess {
  granted: boolean;
  grant: () => void;
  changePrompted: boolean;
  setChangePrompted: (prompted: boolean) => void;
}

const DetailAccessContext = createContext<DetailAccess | null>(null);

/** Holds the "detail password entered" state for one unlock of the vault; remounted on every unlock. */
export function DetailAccessProvider({ children }: { children: ReactNode }) {
  const [granted, setGranted] = useState(false);
  const [changePrompted, setChangePrompted] = useState(false);
  const value = useMemo(
    () => ({ granted, grant: () => setGranted(true), changePrompted, setChangePrompted }),
    [granted, changePrompted],
  );
  return <DetailAccessContext.Provider value={value}>{children}</DetailAccessContext.Provider>;
}

function useDetailAccess(): DetailAccess {
  const access = useContext(DetailAccessContext);
  if (!access) throw new Error('useDetailAccess outside DetailAccessProvider');
  return access;
}

export function DetailGate({ children }: { children: ReactNode }) {
  const text = useText(shellText);
  const access = useDetailAccess();
  const [settings] = useAppSettings();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!access.granted) input.current?.focus();
  }, [access.granted]);

  if (access.granted) {
    const askToChange = !settings.detailPassword && !access.changePrompted;
    return (
      <>
        {children}
        {askToChange && (
          <Modal title={text.detail.changeTitle} onClose={() => access.setChangePrompted(true)}>
            <p>{text.detail.changeLead}</p>
            <DetailPasswordForm
              askCurrent={false}
              onDone={() => access.setChangePrompted(true)}
              onCancel={() => access.setChangePrompted(true)}
              cancelLabel={text.detail.later}
            />
          </Modal>
        )}
      </>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(text.detail.required);
    setBusy(true);
    const ok = await checkDetailPassword(settings, password);
    setBusy(false);
    if (!ok) {
      setError(text.detail.wrong);
      setPassword('');
      input.current?.focus();
      return;
    }
    access.grant();
  }

  return (
    <section className="panel detail-gate" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.detail.title}</h2>
      <p>{text.detail.lead}</p>
      <form className="form" noValidate onSubmit={submit}>
        <PasswordField
          id={id}
          inputRef={input}
          label={text.detail.password}
          value={password}
          onChange={setPassword}
          autoComplete="off"
          hint={!settings.detailPassword && <p className="field__hint">{text.detail.defaultHint}</p>}
        />
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {text.detail.submit}
        </button>
        <p className="form__note">{text.detail.lost}</p>
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
      if (askCurrent && !(await checkDetailPassword(settings, fields.current))) {
        setProblems({ current: text.detail.wrong });
        return;
      }
      await save({ detailPassword: await makeDetailPasswordVerifier(fields.next) });
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
          label={text.detail.password}
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
