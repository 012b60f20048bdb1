// What a removed member's device says: no new records of the space come; what this device already received stays
// readable to whoever holds it and cannot be taken back; unsent edits are kept as the member's own. Acknowledging it
// deletes the space's stores from the device.
import { useState } from 'react';
import { usePlural } from '../../../client/plural.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { spacesText } from './copy.js';
import { spaceFailureMessage } from './failure.js';
import { SpaceChip } from '../../ui/spaces/SpaceChip.js';
import './spaces.css';

export function RemovedNotice({
  space,
  unsent = 0,
  onAcknowledge,
}: {
  space: SpaceTag;
  /** The member's edits that never reached the space, kept as their own records. */
  unsent?: number;
  onAcknowledge: () => Promise<void>;
}) {
  const text = useText(spacesText);
  const plural = usePlural();
  const { lang } = useLanguage();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  async function acknowledge() {
    setBusy(true);
    setFailure('');
    try {
      await onAcknowledge();
    } catch (error) {
      setFailure(spaceFailureMessage(lang, error));
      setBusy(false);
    }
  }

  return (
    <section
      className="panel space-removed"
      role="alertdialog"
      aria-label={fill(text.removal.title, { name: space.name })}
    >
      <h2>
        {fill(text.removal.title, { name: space.name })} <SpaceChip space={space} />
      </h2>
      <p>{text.removal.lead}</p>
      <p className="space-warning">{text.removal.keeps}</p>
      <p>{text.removal.othersKeep}</p>
      {unsent > 0 && <p>{plural(text.removal.unsent, unsent)}</p>}
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => void acknowledge()}
      >
        {text.removal.acknowledge}
      </button>
    </section>
  );
}
