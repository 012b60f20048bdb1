// A space's members as its settings list them: name and role, whether this member compared their safety code
// ("확인 안 됨" until then, a red "키가 바뀌었어요" when their key is not the one seen before), and, for the owner, the
// role to change and a removal that says what cannot be taken back.
import { useState } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { SpaceRole } from '../../../shared/spaces/log.js';
import type { KeyTrust, SpaceMemberView, SpacesActions, SpaceView } from '../../spaces/model.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { FormFooter } from '../../ui/FormFooter.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { spacesText } from './copy.js';
import { spaceFailureMessage } from './failure.js';

export function TrustBadge({ trust }: { trust: KeyTrust }) {
  const text = useText(spacesText).settings;
  if (trust === 'verified') return <span className="space-badge space-badge--verified">{text.verified}</span>;
  if (trust === 'key-changed') {
    return <span className="space-badge space-badge--key-changed">{text.keyChanged}</span>;
  }
  return <span className="space-badge space-badge--not-verified">{text.notVerified}</span>;
}

export type MemberActions = Pick<SpacesActions, 'setRole' | 'remove'>;

export function SpaceMembers({
  space,
  actions,
  onCompare,
  onFailure,
  onDone,
}: {
  space: SpaceView;
  actions: MemberActions;
  onCompare: (uid: string) => void;
  onFailure: (message: string) => void;
  onDone: (message: string) => void;
}) {
  const text = useText(spacesText);
  const tags = useText(spaceTagText);
  const { lang } = useLanguage();
  const owner = space.role === 'owner';
  const [removing, setRemoving] = useState<SpaceMemberView | null>(null);
  const [busy, setBusy] = useState(false);

  async function changeRole(member: SpaceMemberView, role: Exclude<SpaceRole, 'owner'>) {
    setBusy(true);
    try {
      await actions.setRole(space.id, member.uid, role);
      onDone(text.settings.roleChanged);
    } catch (error) {
      onFailure(spaceFailureMessage(lang, error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(member: SpaceMemberView) {
    setBusy(true);
    try {
      await actions.remove(space.id, member.uid);
      setRemoving(null);
      onDone(fill(text.settings.removed, { name: member.name }));
    } catch (error) {
      setRemoving(null);
      onFailure(spaceFailureMessage(lang, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ul className="space-members">
        {space.members.map((member) => {
          const managed = owner && !member.you && member.role !== 'owner';
          return (
            <li key={member.uid} className="space-member" data-member={member.uid}>
              <p className="space-member__name">
                {member.name}
                {member.you && ` (${text.settings.you})`}
                {member.name !== member.email && <span className="list__meta"> · {member.email}</span>}
              </p>
              {managed ? (
                <select
                  className="space-member__role"
                  aria-label={fill(text.settings.role, { name: member.name })}
                  value={member.role}
                  disabled={busy}
                  onChange={(event) =>
                    void changeRole(member, event.target.value as Exclude<SpaceRole, 'owner'>)
                  }
                >
                  <option value="editor">{tags.roles.editor}</option>
                  <option value="viewer">{tags.roles.viewer}</option>
                </select>
              ) : (
                <span>{tags.roles[member.role]}</span>
              )}
              {member.state === 'joining' && <span className="space-badge">{text.settings.joining}</span>}
              {!member.you && <TrustBadge trust={member.trust} />}
              {!member.you && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => onCompare(member.uid)}
                >
                  {text.settings.compare}
                </button>
              )}
              {managed && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={fill(text.settings.removeMember, { name: member.name })}
                  disabled={busy}
                  onClick={() => setRemoving(member)}
                >
                  {text.settings.remove}
                </button>
              )}
              {member.trust === 'key-changed' && !member.you && (
                <p className="space-warning" role="alert">
                  {fill(text.settings.keyChangedDetail, { name: member.name })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {removing && (
        <FormDialog
          title={fill(text.settings.removeTitle, { name: removing.name })}
          onClose={() => setRemoving(null)}
        >
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              void remove(removing);
            }}
          >
            <p>{fill(text.settings.removeDetail, { name: removing.name })}</p>
            <FormFooter
              busy={busy}
              busyLabel={text.settings.working}
              submitLabel={text.settings.remove}
              cancelLabel={text.settings.cancel}
              onCancel={() => setRemoving(null)}
            />
          </form>
        </FormDialog>
      )}
    </>
  );
}
