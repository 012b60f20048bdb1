// The support page's contact section (description §2 "Support"), an island of the page: the four kinds of
// inquiry, each choosing the form's kind, and the member-only inquiry form (sent to POST /api/inquiries), or a
// login card for everyone else. `c`: the page's contact and inquiry words, in the page's language.
import { useId, useRef, useState, type FormEvent } from 'react';
import { siteErrorMessage } from '../../../shared/i18n/site-error-message.js';
import { words as errors } from '../../../shared/i18n/words/errors.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { INQUIRY_TYPES, SUPPORT_EMAIL, type InquiryType } from '../../../shared/constants.js';
import { call, failureCode } from '../../../client/api.js';
import { AuthButton } from '../../auth/auth-dialog-context.js';
import { useSession } from '../../auth/session.js';
import { sessionWait } from '../../ui/session-wait.js';
import { formatCount } from '../../../client/format.js';
import { Icon, type IconName } from '../../ui/icons.js';
import { Section } from '../../ui/PageParts.js';
import type { copy } from './copy.js';

type Copy = Pick<(typeof copy)['ko'], 'contact' | 'inquiry'>;

const CONTACT_ICONS: Record<InquiryType, IconName> = {
  tech: 'settings',
  bug: 'bug',
  feature: 'idea',
  general: 'mail',
};

/** The server's limits (POST /api/inquiries). */
const SUBJECT_MAX = 200;
const MESSAGE_MAX = 5000;

function mailto(address: string): string {
  return `mailto:${address}`;
}

// ---------------------------------------------------------------------------------------------------------
// Contact: the four kinds of inquiry, then the form (members) or a sign-in card (everyone else)

export function ContactSection({ c }: { c: Copy }) {
  const [type, setType] = useState<InquiryType>(INQUIRY_TYPES[0]);
  const area = useRef<HTMLDivElement>(null);

  /** A card's button: chooses its kind, brings the form into view and puts the cursor in it. */
  function writeAbout(next: InquiryType) {
    setType(next);
    const element = area.current;
    if (!element) return;
    element.scrollIntoView({ block: 'start' });
    element.querySelector<HTMLElement>('[data-inquiry-focus]')?.focus({ preventScroll: true });
  }

  return (
    <Section id="support-contact" title={c.contact.title} lead={c.contact.lead}>
      <p className="support-contact__note">
        <Icon name="lock" size={20} />
        <span>{c.contact.note}</span>
      </p>
      <ul className="cards cards--2 support-contact">
        {INQUIRY_TYPES.map((key) => {
          const kind = c.contact.types[key];
          return (
            <li key={key} className="card support-contact__card">
              <span className="card__icon">
                <Icon name={CONTACT_ICONS[key]} />
              </span>
              <h3>{kind.title}</h3>
              <p>{kind.when}</p>
              <p className="support-contact__label">{c.contact.includeLabel}</p>
              <ul>
                {kind.include.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--primary support-contact__action"
                onClick={() => writeAbout(key)}
                data-testid={`inquiry-write-${key}`}
              >
                {c.contact.writeAbout}
                <span className="visually-hidden">: {kind.title}</span>
              </button>
            </li>
          );
        })}
      </ul>

      <div ref={area} className="support-inquiry" id="support-inquiry">
        <h3 className="support-inquiry__title">{c.inquiry.title}</h3>
        <InquiryArea c={c} type={type} onTypeChange={setType} />
        <p className="support-contact__address">
          {c.contact.addressLabel} <a href={mailto(SUPPORT_EMAIL)}>{SUPPORT_EMAIL}</a>
        </p>
      </div>
    </Section>
  );
}

function InquiryArea({
  c,
  type,
  onTypeChange,
}: {
  c: Copy;
  type: InquiryType;
  onTypeChange(type: InquiryType): void;
}) {
  const { loading, user } = useSession();

  if (!user || loading) {
    return (
      <div
        {...sessionWait(loading)}
        className="card support-inquiry__login"
        tabIndex={-1}
        data-inquiry-focus
        data-testid="inquiry-login-required"
      >
        <p>{c.inquiry.loginRequired}</p>
        <div className="support-inquiry__login-actions">
          <AuthButton mode="login" className="button button--primary">
            {c.inquiry.login}
          </AuthButton>
          <AuthButton mode="register" className="button button--ghost">
            {c.inquiry.register}
          </AuthButton>
        </div>
      </div>
    );
  }

  return <InquiryForm c={c} email={user.email} type={type} onTypeChange={onTypeChange} />;
}

type SendState =
  { state: 'idle' } | { state: 'sending' } | { state: 'sent' } | { state: 'error'; message: string };

function InquiryForm({
  c,
  email,
  type,
  onTypeChange,
}: {
  c: Copy;
  email: string;
  type: InquiryType;
  onTypeChange(type: InquiryType): void;
}) {
  const messages = useText(errors);
  const { lang } = useLanguage();
  const ids = useId();
  const id = (part: string) => `${ids}-${part}`;

  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState<{ subject: boolean; message: boolean }>({
    subject: false,
    message: false,
  });
  const [send, setSend] = useState<SendState>({ state: 'idle' });
  const subjectRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const sending = send.state === 'sending';

  function edited(field?: 'subject' | 'message') {
    if (field && missing[field]) setMissing((current) => ({ ...current, [field]: false }));
    if (send.state === 'sent' || send.state === 'error') setSend({ state: 'idle' });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const values = { subject: subject.trim(), message: message.trim() };
    const problems = { subject: values.subject === '', message: values.message === '' };
    if (problems.subject || problems.message) {
      setMissing(problems);
      setSend({ state: 'idle' });
      (problems.subject ? subjectRef : messageRef).current?.focus();
      return;
    }
    setMissing({ subject: false, message: false });
    setSend({ state: 'sending' });
    try {
      await call('sendInquiry', { body: { type, ...values } });
      setSubject('');
      setMessage('');
      setSend({ state: 'sent' });
    } catch (error) {
      const code = failureCode(error);
      setSend({ state: 'error', message: siteErrorMessage(messages, code) });
    }
  }

  const describedBy = (...parts: (string | false)[]) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <form
      className="form support-inquiry__form"
      noValidate
      aria-label={c.inquiry.title}
      aria-busy={sending || undefined}
      onSubmit={(event) => void submit(event)}
      data-testid="inquiry-form"
    >
      <p className="support-inquiry__lead">{c.inquiry.lead}</p>

      <div className="field">
        <label htmlFor={id('type')}>{c.inquiry.typeLabel}</label>
        <select
          id={id('type')}
          value={type}
          disabled={sending}
          onChange={(event) => {
            onTypeChange(event.target.value as InquiryType);
            edited();
          }}
          data-testid="inquiry-type"
        >
          {INQUIRY_TYPES.map((key) => (
            <option key={key} value={key}>
              {c.contact.types[key].title}
            </option>
          ))}
        </select>
      </div>

      <div className="field">
        <label htmlFor={id('subject')}>{c.inquiry.subjectLabel}</label>
        <input
          ref={subjectRef}
          id={id('subject')}
          type="text"
          value={subject}
          required
          maxLength={SUBJECT_MAX}
          autoComplete="off"
          readOnly={sending}
          aria-invalid={missing.subject || undefined}
          aria-describedby={describedBy(missing.subject && id('subject-problem'))}
          onChange={(event) => {
            setSubject(event.target.value);
            edited('subject');
          }}
          data-inquiry-focus
          data-testid="inquiry-subject"
        />
        {missing.subject && (
          <p id={id('subject-problem')} className="field__problem" data-testid="inquiry-subject-problem">
            {c.inquiry.subjectMissing}
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor={id('message')}>{c.inquiry.messageLabel}</label>
        <textarea
          ref={messageRef}
          id={id('message')}
          value={message}
          required
          rows={8}
          maxLength={MESSAGE_MAX}
          readOnly={sending}
          aria-invalid={missing.message || undefined}
          aria-describedby={describedBy(id('counter'), missing.message && id('message-problem'))}
          onChange={(event) => {
            setMessage(event.target.value);
            edited('message');
          }}
          data-testid="inquiry-message"
        />
        <div className="support-inquiry__below">
          {missing.message && (
            <p id={id('message-problem')} className="field__problem" data-testid="inquiry-message-problem">
              {c.inquiry.messageMissing}
            </p>
          )}
          <p
            id={id('counter')}
            className="field__hint support-inquiry__counter"
            data-testid="inquiry-counter"
          >
            {fill(c.inquiry.counter, {
              count: formatCount(message.length, lang),
              max: formatCount(MESSAGE_MAX, lang),
            })}
          </p>
        </div>
      </div>

      {send.state === 'error' && (
        <p className="form__error" role="alert" data-testid="inquiry-error">
          {send.message}
        </p>
      )}

      {send.state === 'sent' && (
        <p className="support-inquiry__sent" role="status" data-testid="inquiry-sent">
          {fill(c.inquiry.sent, { email })}
        </p>
      )}

      <div className="support-inquiry__actions">
        <button
          type="submit"
          className="button button--primary button--large"
          aria-disabled={sending || undefined}
          data-testid="inquiry-submit"
        >
          {sending ? c.inquiry.sending : c.inquiry.submit}
        </button>
      </div>
    </form>
  );
}
