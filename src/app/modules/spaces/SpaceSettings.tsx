// One space's settings: its members with their roles and key trust, and what this member's role may do there. The
// owner invites (by e-mail, with a role), withdraws pending invitations, changes roles, removes, hands over and
// deletes; everyone else sees the members and may leave. A viewer is told they can only view.
import { useId, useState, type FormEvent } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { SpaceRole } from '../../../shared/spaces/log.js';
import type { SpacesActions, SpaceView } from '../../spaces/model.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { spacesText } from './copy.js';
import { DeleteSpace, type SpaceRecordCounts } from './DeleteSpace.js';
import { spaceFailureMessage } from './failure.js';
import { SpaceChip } from '../../ui/spaces/SpaceChip.js';
import { SpaceMembers } from './SpaceMembers.js';
import './spaces.css';

export type SpaceSettingsActions = Pick<
  SpacesActions,
  'invite' | 'withdraw' | 'setRole' | 'remove' | 'leave' | 'deleteSpace' | 'offerHandover' | 'acceptHandover'
>;

/** A plain check that an address has a name, an @ and a domain: the server's is the one that counts. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SpaceSettings({
  space,
  actions,
  counts,
  onCompare,
  onGone,
}: {
  space: SpaceView;
  actions: SpaceSettingsActions;
  /** What the space holds per kind, for the delete warning. */
  counts: SpaceRecordCounts;
  /** Opens the safety code with a member. */
  onCompare: (uid: string) => void;
  /** The member left or deleted the space. */
  onGone: () => void;
}) {
  const text = useText(spacesText);
  const tags = useText(spaceTagText);
  const { lang } = useLanguage();
  const ids = { title: useId(), members: useId(), invite: useId(), pending: useId() };
  const owner = space.role === 'owner';
  const [said, setSaid] = useState<{ message: string; failed: boolean } | null>(null);
  const [dialog, setDialog] = useState<'leave' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const done = (message: string) => setSaid({ message, failed: false });
  const failed = (message: string) => setSaid({ message, failed: true });
  const you = space.members.find((member) => member.you);
  const handoverName = space.members.find((member) => member.uid === space.handoverTo)?.name;

  async function run(action: () => Promise<void>, message: string, after?: () => void) {
    setBusy(true);
    setSaid(null);
    try {
      await action();
      done(message);
      after?.();
    } catch (error) {
      failed(spaceFailureMessage(lang, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-settings" aria-labelledby={ids.title}>
      <div className="screen-head">
        <h1 id={ids.title}>{fill(text.settings.title, { name: space.name })}</h1>
        <SpaceChip space={space} />
      </div>
      {!space.writable && (
        <p className="space-note" role="note">
          {tags.viewerNote}
        </p>
      )}
      {said && (
        <p className={said.failed ? 'form__error' : 'space-note'} role={said.failed ? 'alert' : 'status'}>
          {said.message}
        </p>
      )}

      <section className="panel" aria-labelledby={ids.members}>
        <h2 id={ids.members}>{text.settings.members}</h2>
        <SpaceMembers
          space={space}
          actions={actions}
          onCompare={onCompare}
          onFailure={failed}
          onDone={done}
        />
      </section>

      {owner && (
        <InviteForm
          space={space}
          invite={actions.invite}
          onDone={done}
          onFailure={failed}
          headingId={ids.invite}
        />
      )}

      {owner && (
        <section className="panel" aria-labelledby={ids.pending}>
          <h2 id={ids.pending}>{text.settings.pending}</h2>
          {space.invitations.length === 0 ? (
            <p className="empty">{text.settings.noPending}</p>
          ) : (
            <ul className="list space-invitations">
              {space.invitations.map((invitation) => (
                <li key={invitation.id} className="list__item">
                  <div className="list__main">
                    <p className="list__title">{invitation.email}</p>
                    <p className="list__meta">{tags.roles[invitation.role]}</p>
                  </div>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={fill(text.settings.withdrawInvitation, { email: invitation.email })}
                    disabled={busy}
                    onClick={() =>
                      void run(() => actions.withdraw(space.id, invitation.id), text.settings.withdrawn)
                    }
                  >
                    {text.settings.withdraw}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {owner && (
        <Handover
          space={space}
          busy={busy}
          onOffer={(uid, name) =>
            void run(
              () => actions.offerHandover(space.id, uid),
              fill(text.settings.handoverOffered, { name }),
            )
          }
        />
      )}
      {owner && space.handoverTo && handoverName && (
        <p className="space-note">{fill(text.settings.handoverWaiting, { name: handoverName })}</p>
      )}
      {!owner && you && space.handoverTo === you.uid && (
        <p className="space-note">
          {text.settings.handoverToYou}{' '}
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => void run(() => actions.acceptHandover(space.id), text.settings.handoverAccepted)}
          >
            {text.settings.handoverAccept}
          </button>
        </p>
      )}

      <div className="form__actions">
        {owner ? (
          <p className="field__hint">{text.settings.lastOwner}</p>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setDialog('leave')}>
            {text.settings.leave}
          </button>
        )}
        {owner && (
          <button
            type="button"
            className="button button--ghost space-settings__delete"
            onClick={() => setDialog('delete')}
          >
            {text.settings.delete}
          </button>
        )}
      </div>

      {dialog === 'leave' && (
        <FormDialog
          title={fill(text.settings.leaveTitle, { name: space.name })}
          onClose={() => setDialog(null)}
        >
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              void run(() => actions.leave(space.id), text.settings.left, onGone).then(() => setDialog(null));
            }}
          >
            <p>{text.settings.leaveDetail}</p>
            <FormFooter
              busy={busy}
              busyLabel={text.settings.working}
              submitLabel={text.settings.leave}
              cancelLabel={text.settings.cancel}
              onCancel={() => setDialog(null)}
            />
          </form>
        </FormDialog>
      )}
      {dialog === 'delete' && (
        <DeleteSpace
          space={space}
          counts={counts}
          deleteSpace={actions.deleteSpace}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            done(text.settings.deleted);
            onGone();
          }}
        />
      )}
    </section>
  );
}

function InviteForm({
  space,
  invite,
  onDone,
  onFailure,
  headingId,
}: {
  space: SpaceView;
  invite: SpacesActions['invite'];
  onDone: (message: string) => void;
  onFailure: (message: string) => void;
  headingId: string;
}) {
  const text = useText(spacesText);
  const tags = useText(spaceTagText);
  const { lang } = useLanguage();
  const ids = { email: useId(), role: useId(), problem: useId() };
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Exclude<SpaceRole, 'owner'>>('editor');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setProblem(text.settings.emailInvalid);
      return;
    }
    setBusy(true);
    try {
      await invite(space.id, address, role);
      setEmail('');
      onDone(fill(text.settings.invited, { email: address }));
    } catch (error) {
      onFailure(spaceFailureMessage(lang, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.settings.invite}</h2>
      <form className="form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.email}>{text.settings.inviteEmail}</label>
          <input
            id={ids.email}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem('');
            }}
          />
          {problem && (
            <p className="field__problem" id={ids.problem}>
              {problem}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.role}>{text.settings.inviteRole}</label>
          <select
            id={ids.role}
            value={role}
            onChange={(event) => setRole(event.target.value as Exclude<SpaceRole, 'owner'>)}
          >
            <option value="editor">{tags.roles.editor}</option>
            <option value="viewer">{tags.roles.viewer}</option>
          </select>
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {text.settings.inviteSubmit}
        </button>
      </form>
    </section>
  );
}

function Handover({
  space,
  busy,
  onOffer,
}: {
  space: SpaceView;
  busy: boolean;
  onOffer: (uid: string, name: string) => void;
}) {
  const text = useText(spacesText);
  const id = useId();
  const candidates = space.members.filter((member) => !member.you && member.state === 'member');
  const [chosen, setChosen] = useState('');
  if (candidates.length === 0) return null;
  const member = candidates.find((candidate) => candidate.uid === chosen);
  return (
    <section className="panel">
      <h2>{text.settings.handover}</h2>
      <div className="field">
        <label htmlFor={id}>{text.settings.handoverTo}</label>
        <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{text.settings.handoverChoose}</option>
          {candidates.map((candidate) => (
            <option key={candidate.uid} value={candidate.uid}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--ghost"
        disabled={busy || !member}
        onClick={() => member && onOffer(member.uid, member.name)}
      >
        {text.settings.handoverSubmit}
      </button>
    </section>
  );
}
