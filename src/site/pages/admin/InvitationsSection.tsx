// Invitations to sign up (GET/POST/DELETE /api/admin/invitations): who may sign up here now, a form that
// invites an address (its mail goes out in the chosen language; inviting it again renews it), and the list of
// invitations, each waiting, used or expired, with a button that withdraws it.
import { useId, useRef, useState, type FormEvent } from 'react';
import { catalog, siteErrorMessage } from '../../../shared/i18n/index.js';
import type { Invitation, SignupPolicy } from '../../../shared/schemas/auth.js';
import type { Language } from '../../../shared/constants.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { call, failureCode } from '../../../client/api.js';
import { useLoad } from '../../../client/use-load.js';
import { formatDateTime, formatDomains, formatInstantDate } from '../../../client/format.js';
import { useToast } from '../../../client/ui/Toast.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { LoadFailed } from '../../ui/ErrorNote.js';
import type { AdminCopy as Copy } from './copy.js';

function policyLine(c: Copy, policy: SignupPolicy, lang: Language): string {
  if (policy.domains.length > 0) {
    return fill(c.invitations.policyDomains, { domains: formatDomains(policy.domains, lang, 'conjunction') });
  }
  return policy.open ? c.invitations.policyOpen : c.invitations.policyClosed;
}

/** `onChanged`: an invitation was sent or withdrawn (the admins' log has a new entry). */
export function InvitationsSection({ c, onChanged }: { c: Copy; onChanged(): void }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const toast = useToast();
  const list = useLoad(() => call('invitations'));
  const [email, setEmail] = useState('');
  const [mailLang, setMailLang] = useState<Language>(lang);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<ReadonlySet<string>>(() => new Set());
  const emailField = useRef<HTMLInputElement>(null);
  // A fixed id: the members section's "invite" button brings the admin here.
  const ids = { email: 'admin-invite-email', lang: useId(), error: useId() };

  async function invite(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      const { invitation } = await call('invite', { body: { email: email.trim(), lang: mailLang } });
      list.update((current) => ({
        ...current,
        invitations: [invitation, ...current.invitations.filter((item) => item.id !== invitation.id)],
      }));
      setEmail('');
      toast(fill(c.invitations.sent, { email: invitation.email }));
      onChanged();
    } catch (failure) {
      setError(`${c.invitations.failed} ${siteErrorMessage(t.errors, failureCode(failure))}`);
      emailField.current?.focus();
    } finally {
      setSending(false);
    }
  }

  async function withdraw(invitation: Invitation) {
    setError(null);
    setWithdrawing((current) => new Set(current).add(invitation.id));
    try {
      await call('withdrawInvitation', { params: { id: invitation.id } });
      toast(c.invitations.withdrawn);
      onChanged();
    } catch (failure) {
      const code = failureCode(failure);
      // Withdrawn elsewhere meanwhile: the list below shows it gone all the same.
      if (code !== 'invitation/not-found') {
        setError(`${c.invitations.withdrawFailed} ${siteErrorMessage(t.errors, code)}`);
        return;
      }
    } finally {
      setWithdrawing((current) => {
        const next = new Set(current);
        next.delete(invitation.id);
        return next;
      });
    }
    list.update((current) => ({
      ...current,
      invitations: current.invitations.filter((item) => item.id !== invitation.id),
    }));
  }

  const now = new Date().toISOString();
  const columns = c.invitations.columns;

  return (
    <Section id="admin-invitations" title={c.invitations.title} lead={c.invitations.lead}>
      <div className="admin-invitations" data-testid="admin-invitations">
        {list.data && (
          <p className="admin-invitations__policy" data-testid="admin-signup-policy">
            {policyLine(c, list.data.policy, lang)}
          </p>
        )}

        <form className="form admin-invite" onSubmit={(event) => void invite(event)} noValidate>
          <div className="field admin-invite__email">
            <label htmlFor={ids.email}>{c.invitations.emailLabel}</label>
            <input
              ref={emailField}
              id={ids.email}
              type="email"
              value={email}
              required
              maxLength={254}
              autoComplete="off"
              placeholder="name@example.com"
              disabled={sending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
              data-testid="admin-invite-email"
            />
          </div>
          <div className="field">
            <label htmlFor={ids.lang}>{c.invitations.langLabel}</label>
            <select
              id={ids.lang}
              value={mailLang}
              disabled={sending}
              onChange={(event) => setMailLang(event.target.value === 'en' ? 'en' : 'ko')}
              data-testid="admin-invite-lang"
            >
              <option value="ko">{c.languages.ko}</option>
              <option value="en">{c.languages.en}</option>
            </select>
          </div>
          <button
            type="submit"
            className="button button--primary admin-invite__submit"
            disabled={sending || email.trim() === ''}
            data-testid="admin-invite-submit"
          >
            {sending ? c.invitations.sending : c.invitations.submit}
          </button>
        </form>

        {error && (
          <p id={ids.error} className="form__error" role="alert" data-testid="admin-invite-error">
            {error}
          </p>
        )}

        {!list.data && !list.error && <Spinner />}

        {list.error && (
          <LoadFailed
            message={c.invitations.loadFailed}
            code={list.error}
            retryLabel={c.invitations.retry}
            onRetry={list.reload}
            testId="admin-invitations-error"
          />
        )}

        {!list.error && list.data?.invitations.length === 0 && (
          <p className="admin-files__empty" data-testid="admin-invitations-empty">
            {c.invitations.empty}
          </p>
        )}

        {!list.error && list.data && list.data.invitations.length > 0 && (
          <div className="admin-table-wrap" role="region" aria-label={c.invitations.caption} tabIndex={0}>
            <table className="admin-table" data-testid="admin-invitations-table">
              <caption className="visually-hidden">{c.invitations.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.email}</th>
                  <th scope="col">{columns.invitedBy}</th>
                  <th scope="col">{columns.state}</th>
                  <th scope="col">{columns.withdraw}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.invitations.map((invitation) => {
                  const busy = withdrawing.has(invitation.id);
                  const state = invitation.usedAt
                    ? fill(c.invitations.joined, { date: formatInstantDate(invitation.usedAt, lang) })
                    : invitation.expiresAt <= now
                      ? c.invitations.expired
                      : fill(c.invitations.waiting, { date: formatDateTime(invitation.expiresAt, lang) });
                  return (
                    <tr key={invitation.id} data-testid="admin-invitation-row" data-email={invitation.email}>
                      <th scope="row" className="admin-table__name">
                        <span>{invitation.email}</span>
                        <span className="admin-table__meta">{c.languages[invitation.lang]}</span>
                      </th>
                      <td>{invitation.invitedBy ?? c.invitations.unknownAdmin}</td>
                      <td className="admin-table__nowrap" data-testid="admin-invitation-state">
                        {state}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button button--ghost button--small admin-delete"
                          disabled={busy}
                          aria-label={fill(c.invitations.withdrawLabel, { email: invitation.email })}
                          onClick={() => void withdraw(invitation)}
                          data-testid="admin-invitation-withdraw"
                        >
                          {invitation.usedAt ? c.invitations.remove : c.invitations.withdraw}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Section>
  );
}
