// The shared spaces screen: the member's spaces (name, colour, role, members), the invitations to them with accept
// and decline, and a form to create one (a name and one of eight colours). It draws what the spaces service holds and
// calls its actions; every refusal is said through the app's error messages, in the member's language.
import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../client/format.js';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import {
  isSpaceName,
  SPACE_COLOURS,
  SPACE_NAME_MAX,
  type SpaceColour,
} from '../../../shared/spaces/colours.js';
import type { InvitationToMe, SpacesActions, SpacesState, SpaceView } from '../../spaces/model.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { spacesText, type SpacesCopy } from './copy.js';
import { spaceFailureMessage } from './failure.js';
import { SpaceChip } from '../../ui/spaces/SpaceChip.js';
import './spaces.css';

export type SpacesPageActions = Pick<SpacesActions, 'create' | 'accept' | 'decline'>;

/** Who lets a joining member in: the space's owner as the member list names them, when it does. */
function joiningText(space: SpaceView, text: SpacesCopy): string {
  const owner = space.members.find((member) => member.role === 'owner' && !member.you);
  return owner ? fill(text.page.joining, { name: owner.name }) : text.page.joiningSomeone;
}

export function SpacesPage({
  state,
  actions,
  onOpen,
}: {
  state: SpacesState;
  actions: SpacesPageActions;
  /** Opens a space's settings. */
  onOpen: (spaceId: string) => void;
}) {
  const text = useText(spacesText);
  const tags = useText(spaceTagText);
  const { lang } = useLanguage();
  const plural = usePlural();
  const titleId = useId();
  const listId = useId();
  // What the last answer to an invitation said, kept here: once accepted the invitation leaves the list (the
  // server's list read again), and the message must not go with it.
  const [answered, setAnswered] = useState<Said | null>(null);

  if (state.status === 'off' || state.status === 'loading') {
    return (
      <section className="spaces" aria-labelledby={titleId}>
        <h1 id={titleId}>{text.page.title}</h1>
        <p className="space-note" role="status">
          {state.status === 'off' ? text.page.off : text.page.loading}
        </p>
      </section>
    );
  }
  const offline = state.status === 'offline';

  return (
    <section className="spaces" aria-labelledby={titleId}>
      <div className="screen-head">
        <h1 id={titleId}>{text.page.title}</h1>
      </div>
      <p>{text.page.lead}</p>
      {offline && (
        <p className="space-note" role="status">
          {text.page.offline}
        </p>
      )}

      {(state.invitations.length > 0 || answered) && (
        <Invitations
          invitations={state.invitations}
          actions={actions}
          disabled={offline}
          said={answered}
          onSaid={setAnswered}
        />
      )}

      <section className="panel" aria-labelledby={listId}>
        <h2 id={listId}>{text.page.list}</h2>
        {state.spaces.length === 0 ? (
          <p className="empty">{text.page.empty}</p>
        ) : (
          <ul className="list spaces-list">
            {state.spaces.map((space) => (
              <li key={space.id} className="list__item" data-space={space.id}>
                <div className="list__main">
                  <p className="list__title">
                    <SpaceChip space={space} /> <span>{tags.roles[space.role]}</span>
                  </p>
                  <p className="list__meta">{plural(text.page.members, space.members.length)}</p>
                  {space.status === 'joining' && <p className="space-note">{joiningText(space, text)}</p>}
                  {space.status === 'removed' && <p className="space-warning">{text.page.removed}</p>}
                  {space.status === 'ready' && space.rotationDue && (
                    <p className="list__meta">{text.page.rotationDue}</p>
                  )}
                  {space.status === 'ready' && space.rotationFailed && (
                    <p className="space-warning" role="status">
                      {fill(text.page.rotationFailed, {
                        reason: spaceFailureMessage(lang, { code: space.rotationFailed }),
                      })}
                    </p>
                  )}
                  {space.status === 'ready' && !space.writable && (
                    <p className="list__meta">{tags.viewerNote}</p>
                  )}
                </div>
                {space.status !== 'joining' && (
                  <div className="list__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={fill(text.page.open, { name: space.name })}
                      onClick={() => onOpen(space.id)}
                    >
                      {text.settings.members}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <CreateSpace create={actions.create} disabled={offline} />
    </section>
  );
}

interface Said {
  message: string;
  failed: boolean;
}

function Invitations({
  invitations,
  actions,
  disabled,
  said,
  onSaid: setSaid,
}: {
  invitations: readonly InvitationToMe[];
  actions: SpacesPageActions;
  disabled: boolean;
  said: Said | null;
  onSaid: (said: Said | null) => void;
}) {
  const text = useText(spacesText);
  const tags = useText(spaceTagText);
  const { lang } = useLanguage();
  const titleId = useId();
  const [busy, setBusy] = useState<string | null>(null);

  async function answer(invitation: InvitationToMe, accept: boolean) {
    setBusy(invitation.id);
    setSaid(null);
    try {
      await (accept ? actions.accept(invitation.id) : actions.decline(invitation.id));
      setSaid({ message: accept ? text.invitations.accepted : text.invitations.declined, failed: false });
    } catch (error) {
      setSaid({ message: spaceFailureMessage(lang, error), failed: true });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{text.invitations.title}</h2>
      {invitations.length > 0 && (
        <ul className="list space-invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="list__item">
              <div className="list__main">
                <p className="list__title">
                  {fill(text.invitations.from, {
                    from: invitation.invitedBy,
                    role: tags.roles[invitation.role],
                  })}
                </p>
                <p className="list__meta">
                  {fill(text.invitations.expires, { date: formatDateTime(invitation.expiresAt, lang) })}
                </p>
              </div>
              <div className="list__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={disabled || busy !== null}
                  onClick={() => void answer(invitation, true)}
                >
                  {text.invitations.accept}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={disabled || busy !== null}
                  onClick={() => void answer(invitation, false)}
                >
                  {text.invitations.decline}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {said && (
        <p className={said.failed ? 'field__problem' : 'space-note'} role={said.failed ? 'alert' : 'status'}>
          {said.message}
        </p>
      )}
    </section>
  );
}

/** The form that creates a space: a name of at most SPACE_NAME_MAX characters and one of the eight colours. */
export function CreateSpace({
  create,
  disabled = false,
}: {
  create: SpacesActions['create'];
  disabled?: boolean;
}) {
  const text = useText(spacesText);
  const tags = useText(spaceTagText);
  const { lang } = useLanguage();
  const ids = { title: useId(), name: useId(), hint: useId(), problem: useId() };
  const [name, setName] = useState('');
  const [colour, setColour] = useState<SpaceColour>(SPACE_COLOURS[0]);
  const [problem, setProblem] = useState('');
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    setDone('');
    const trimmed = name.trim();
    if (!isSpaceName(trimmed)) {
      setProblem(
        trimmed === '' ? text.create.nameRequired : fill(text.create.nameTooLong, { max: SPACE_NAME_MAX }),
      );
      return;
    }
    setBusy(true);
    try {
      const space = await create(trimmed, colour);
      setName('');
      setDone(fill(text.create.created, { name: space.name }));
    } catch (error) {
      setFailure(spaceFailureMessage(lang, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{text.create.title}</h2>
      <form className="form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.name}>{text.create.name}</label>
          <input
            id={ids.name}
            type="text"
            autoComplete="off"
            value={name}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[problem ? ids.problem : '', ids.hint].filter(Boolean).join(' ')}
            onChange={(event) => {
              setName(event.target.value);
              setProblem('');
            }}
          />
          <p className="field__hint" id={ids.hint}>
            {fill(text.create.nameHint, { max: SPACE_NAME_MAX })}
          </p>
          {problem && (
            <p className="field__problem" id={ids.problem}>
              {problem}
            </p>
          )}
        </div>
        <fieldset className="field space-swatches">
          <legend>{text.create.colour}</legend>
          {SPACE_COLOURS.map((option) => (
            <label key={option} className={`space-swatch space-swatch--${option}`}>
              <input
                type="radio"
                name={`${ids.name}-colour`}
                value={option}
                checked={colour === option}
                onChange={() => setColour(option)}
              />
              <span className="space-swatch__dot" aria-hidden="true" />
              {tags.colours[option]}
            </label>
          ))}
        </fieldset>
        {failure && (
          <p className="field__problem" role="alert">
            {failure}
          </p>
        )}
        {done && (
          <p className="space-note" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={disabled || busy}>
          {busy ? text.create.creating : text.create.submit}
        </button>
      </form>
    </section>
  );
}
