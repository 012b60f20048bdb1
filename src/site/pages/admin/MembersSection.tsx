// Members (GET /api/admin/members and the actions on one, issue 45): everyone who signed up, newest first, 50 at a
// time with "show more", searched by part of an address as the admin types. Each row says when the member joined
// and was last seen, whether they verified their address, are an admin or are disabled, what they keep and on how
// many browsers they are signed in; and offers to sign them out everywhere, to disable or enable the account, and
// to delete it (their address typed again). The admin's own row offers none of it. A member deleted meanwhile (in
// another tab, by another admin) leaves the list with a word saying so. A phone shows each member as a card.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { catalog, siteErrorMessage } from '../../../shared/i18n/index.js';
import { normalizeEmail } from '../../../shared/email.js';
import type { Member } from '../../../shared/schemas/members.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import { call, failureCode } from '../../../client/api.js';
import { useLoad } from '../../../client/use-load.js';
import { formatBytes, formatDateTime, formatInstantDate } from '../../../client/format.js';
import { useToast } from '../../../client/ui/Toast.js';
import { Popup } from '../../../client/ui/Popup.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { useSession } from '../../auth/session.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { LoadFailed } from '../../ui/ErrorNote.js';
import { membersCopy, type MembersCopy } from './members-copy.js';
import './members.css';

/** How long typing pauses before the list is searched. */
const SEARCH_PAUSE_MS = 250;

type Asking = { kind: 'end' | 'disable' | 'delete'; member: Member } | null;

export function MembersSection({ onChanged }: { onChanged(): void }) {
  const c = useText(membersCopy).members;
  const t = useText(catalog);
  const { lang } = useLanguage();
  const counted = usePlural();
  const toast = useToast();
  const { user } = useSession();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const list = useLoad(() => call('members', { query: { q: query, offset: 0 } }), query);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => {
    const pause = setTimeout(() => setQuery(typed.trim().toLowerCase()), SEARCH_PAUSE_MS);
    return () => clearTimeout(pause);
  }, [typed]);

  async function showMore() {
    const shown = list.data?.members.length ?? 0;
    setMore(true);
    setError(null);
    try {
      const page = await call('members', { query: { q: query, offset: shown } });
      list.update((current) => {
        const known = new Set(current.members.map((member) => member.id));
        return {
          members: [...current.members, ...page.members.filter((member) => !known.has(member.id))],
          total: page.total,
        };
      });
    } catch (failure) {
      setError(`${c.loadFailed} ${siteErrorMessage(t.errors, failureCode(failure))}`);
    } finally {
      setMore(false);
    }
  }

  const replace = (member: Member) =>
    list.update((current) => ({
      ...current,
      members: current.members.map((item) => (item.id === member.id ? member : item)),
    }));
  const drop = (member: Member) =>
    list.update((current) => ({
      members: current.members.filter((item) => item.id !== member.id),
      total: Math.max(0, current.total - 1),
    }));

  /** Runs an action on a member: the row is busy meanwhile; a member deleted meanwhile leaves the list. */
  async function act(member: Member, action: () => Promise<string>) {
    setAsking(null);
    setError(null);
    setBusy((current) => new Set(current).add(member.id));
    try {
      toast(await action());
      onChanged();
    } catch (failure) {
      const code = failureCode(failure);
      if (code === 'member/not-found') {
        drop(member);
        setError(fill(c.gone, { email: member.email }));
      } else {
        setError(`${c.failed} ${siteErrorMessage(t.errors, code)}`);
      }
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(member.id);
        return next;
      });
    }
  }

  const params = (member: Member) => ({ params: { id: member.id } });
  const endSessions = (member: Member) =>
    act(member, async () => {
      const answer = await call('endMemberSessions', params(member));
      replace(answer.member);
      return counted(c.ended, answer.ended, { email: member.email });
    });
  const disable = (member: Member) =>
    act(member, async () => {
      replace((await call('disableMember', params(member))).member);
      return fill(c.disabledDone, { email: member.email });
    });
  const enable = (member: Member) =>
    act(member, async () => {
      replace((await call('enableMember', params(member))).member);
      return fill(c.enabledDone, { email: member.email });
    });
  const remove = (member: Member, email: string) =>
    act(member, async () => {
      await call('deleteMember', { params: { id: member.id }, query: { email } });
      drop(member);
      return fill(c.deleted, { email: member.email });
    });

  function invite() {
    const field = document.getElementById('admin-invite-email');
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  }

  const data = list.data;
  const columns = c.columns;

  return (
    <Section id="admin-members" title={c.title} lead={c.lead}>
      <div className="admin-members" data-testid="admin-members">
        <div className="admin-members__tools">
          <div className="field admin-members__search">
            <label htmlFor={searchId}>{c.searchLabel}</label>
            <input
              id={searchId}
              type="search"
              value={typed}
              maxLength={254}
              autoComplete="off"
              placeholder={c.searchPlaceholder}
              onChange={(event) => setTyped(event.target.value)}
              data-testid="admin-members-search"
            />
          </div>
          <button type="button" className="button button--ghost" onClick={invite}>
            {c.invite}
          </button>
        </div>

        {data && (
          <p className="admin-members__count" aria-live="polite" data-testid="admin-members-count">
            {counted(query ? c.found : c.total, data.total)}
          </p>
        )}

        {error && (
          <p className="form__error" role="alert" data-testid="admin-members-error">
            {error}
          </p>
        )}

        {!data && !list.error && <Spinner />}

        {list.error && (
          <LoadFailed
            message={c.loadFailed}
            code={list.error}
            retryLabel={c.retry}
            onRetry={list.reload}
            testId="admin-members-load-error"
          />
        )}

        {!list.error && data?.members.length === 0 && (
          <p className="admin-files__empty" data-testid="admin-members-empty">
            {query ? fill(c.noMatch, { query }) : c.empty}
          </p>
        )}

        {!list.error && data && data.members.length > 0 && (
          <table className="admin-table admin-members__table" data-testid="admin-members-table">
            <caption className="visually-hidden">{c.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{columns.member}</th>
                <th scope="col">{columns.joined}</th>
                <th scope="col">{columns.lastSeen}</th>
                <th scope="col" className="admin-table__number">
                  {columns.storage}
                </th>
                <th scope="col" className="admin-table__number">
                  {columns.devices}
                </th>
                <th scope="col">{columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <MemberRow
                  key={member.id}
                  c={c}
                  member={member}
                  own={member.id === user?.uid}
                  busy={busy.has(member.id)}
                  lang={lang}
                  devices={counted(c.devices, member.devices)}
                  onEnd={() => setAsking({ kind: 'end', member })}
                  onDisable={() => setAsking({ kind: 'disable', member })}
                  onEnable={() => void enable(member)}
                  onDelete={() => setAsking({ kind: 'delete', member })}
                />
              ))}
            </tbody>
          </table>
        )}

        {!list.error && data && data.members.length < data.total && (
          <button
            type="button"
            className="button button--ghost admin-members__more"
            disabled={more}
            onClick={() => void showMore()}
            data-testid="admin-members-more"
          >
            {more ? c.loading : c.more}
          </button>
        )}
      </div>

      {asking?.kind === 'end' && (
        <Popup
          title={fill(c.confirmEnd.title, { email: asking.member.email })}
          message={c.confirmEnd.message}
          confirmLabel={c.confirmEnd.confirm}
          cancelLabel={c.cancel}
          onConfirm={() => void endSessions(asking.member)}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking?.kind === 'disable' && (
        <Popup
          title={fill(c.confirmDisable.title, { email: asking.member.email })}
          message={c.confirmDisable.message}
          confirmLabel={c.confirmDisable.confirm}
          cancelLabel={c.cancel}
          onConfirm={() => void disable(asking.member)}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking?.kind === 'delete' && (
        <DeleteDialog
          c={c}
          member={asking.member}
          onDelete={(email) => void remove(asking.member, email)}
          onClose={() => setAsking(null)}
        />
      )}
    </Section>
  );
}

function MemberRow({
  c,
  member,
  own,
  busy,
  lang,
  devices,
  onEnd,
  onDisable,
  onEnable,
  onDelete,
}: {
  c: MembersCopy['members'];
  member: Member;
  own: boolean;
  busy: boolean;
  lang: 'ko' | 'en';
  devices: string;
  onEnd(): void;
  onDisable(): void;
  onEnable(): void;
  onDelete(): void;
}) {
  const columns = c.columns;
  const label = (template: string) => fill(template, { email: member.email });
  return (
    <tr
      data-testid="admin-member-row"
      data-email={member.email}
      className={member.disabledAt ? 'admin-members__row--disabled' : undefined}
    >
      <th scope="row" className="admin-table__name">
        <span>{member.email}</span>
        <span className="admin-members__badges">
          {own && <span className="admin-badge admin-badge--plain">{c.you}</span>}
          {member.admin && (
            <span className="admin-badge" data-testid="admin-member-admin">
              {member.adminBySettings ? c.adminBySettings : c.admin}
            </span>
          )}
          {member.disabledAt && (
            <span className="admin-badge admin-badge--danger" data-testid="admin-member-disabled">
              {c.disabled}
            </span>
          )}
          {!member.verified && <span className="admin-badge admin-badge--muted">{c.unverified}</span>}
        </span>
      </th>
      <td className="admin-table__nowrap" data-label={columns.joined}>
        {formatInstantDate(member.joinedAt, lang)}
      </td>
      <td className="admin-table__nowrap" data-label={columns.lastSeen}>
        {member.lastSeenAt ? formatDateTime(member.lastSeenAt, lang) : c.never}
      </td>
      <td className="admin-table__number" data-label={columns.storage}>
        {formatBytes(member.storageBytes, lang)}
      </td>
      <td className="admin-table__number" data-label={columns.devices} data-testid="admin-member-devices">
        {devices}
      </td>
      <td className="admin-members__actions" data-label={columns.actions}>
        {own ? (
          <span className="admin-table__meta">{c.yourself}</span>
        ) : (
          <div className="admin-members__buttons">
            <RowButton
              busy={busy}
              label={label(c.endSessionsLabel)}
              onClick={onEnd}
              testId="admin-member-end"
            >
              {c.endSessions}
            </RowButton>
            {member.disabledAt ? (
              <RowButton
                busy={busy}
                label={label(c.enableLabel)}
                onClick={onEnable}
                testId="admin-member-enable"
              >
                {c.enable}
              </RowButton>
            ) : (
              <RowButton
                busy={busy}
                label={label(c.disableLabel)}
                onClick={onDisable}
                testId="admin-member-disable"
              >
                {c.disable}
              </RowButton>
            )}
            <RowButton
              busy={busy}
              label={label(c.deleteLabel)}
              onClick={onDelete}
              testId="admin-member-delete"
              danger
            >
              {busy ? c.working : c.delete}
            </RowButton>
          </div>
        )}
      </td>
    </tr>
  );
}

/** One of a row's actions: named for the member it acts on, idle while one of them runs. */
function RowButton({
  busy,
  label,
  onClick,
  testId,
  danger = false,
  children,
}: {
  busy: boolean;
  label: string;
  onClick(): void;
  testId: string;
  danger?: boolean;
  children: string;
}) {
  return (
    <button
      type="button"
      className={`button button--ghost button--small${danger ? ' admin-delete' : ''}`}
      disabled={busy}
      aria-label={label}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** Deleting asks for the member's address typed again; the button waits for it (and the server checks it too). */
function DeleteDialog({
  c,
  member,
  onDelete,
  onClose,
}: {
  c: MembersCopy['members'];
  member: Member;
  onDelete(email: string): void;
  onClose(): void;
}) {
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const ids = { field: useId(), error: useId() };
  const matches = normalizeEmail(typed) === member.email;
  const words = c.deleteDialog;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (matches) onDelete(typed);
  }

  return (
    <FormDialog title={fill(words.title, { email: member.email })} onClose={onClose}>
      <form className="form admin-members__delete" onSubmit={submit} noValidate>
        <p>{words.message}</p>
        <div className="field">
          <label htmlFor={ids.field}>{words.label}</label>
          <input
            id={ids.field}
            type="email"
            value={typed}
            autoComplete="off"
            aria-invalid={tried && !matches ? true : undefined}
            aria-describedby={tried && !matches ? ids.error : undefined}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="admin-member-delete-email"
          />
        </div>
        {tried && !matches && (
          <p id={ids.error} className="form__error" role="alert">
            {fill(words.mismatch, { email: member.email })}
          </p>
        )}
        <div className="admin-members__dialog-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {c.cancel}
          </button>
          <button
            type="submit"
            className="button button--primary admin-members__erase"
            disabled={!matches}
            data-testid="admin-member-delete-confirm"
          >
            {words.confirm}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
