// The safety code two members compare (Signal's way): both lines of six 5-digit groups, the same on both screens,
// each line named by whose keys it comes from; "Mark as verified" once they match. A QR for comparing in person is
// still to come (docs/spaces-plan.md §9).
import { useState } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { SafetyCode } from '../../spaces/safety-code.js';
import type { KeyTrust } from '../../spaces/model.js';
import { spacesText } from './copy.js';
import { spaceFailureMessage } from './failure.js';
import { TrustBadge } from './SpaceMembers.js';
import './spaces.css';

const GROUPS_PER_LINE = 6;

export function SafetyCodeView({
  code,
  lineNames,
  memberName,
  trust,
  onMarkVerified,
}: {
  code: SafetyCode;
  /** Whose keys each line comes from, in the code's order (the lower uid first): e.g. ['엄마', '나']. */
  lineNames: readonly [string, string];
  /** The other member. */
  memberName: string;
  trust: KeyTrust;
  onMarkVerified: () => Promise<void>;
}) {
  const text = useText(spacesText);
  const { lang } = useLanguage();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ message: string; failed: boolean } | null>(null);
  const lines = [code.groups.slice(0, GROUPS_PER_LINE), code.groups.slice(GROUPS_PER_LINE)];

  async function mark() {
    setBusy(true);
    setSaid(null);
    try {
      await onMarkVerified();
      setSaid({ message: fill(text.safety.verified, { name: memberName }), failed: false });
    } catch (error) {
      setSaid({ message: spaceFailureMessage(lang, error), failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel safety" aria-label={fill(text.safety.title, { name: memberName })}>
      <h2>{fill(text.safety.title, { name: memberName })}</h2>
      <p>{text.safety.lead}</p>
      <p>
        <TrustBadge trust={trust} />
      </p>
      <dl className="safety-code" aria-label={text.safety.code}>
        {lines.map((groups, index) => (
          <div key={index} className="safety-code__line" data-line={index}>
            <dt>{fill(text.safety.line, { name: lineNames[index]! })}</dt>
            {groups.map((group, at) => (
              <dd key={at}>{group}</dd>
            ))}
          </div>
        ))}
      </dl>
      <p className="field__hint">{text.safety.different}</p>
      {trust === 'verified' ? (
        <p className="space-note">{text.safety.already}</p>
      ) : (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void mark()}>
          {text.safety.markVerified}
        </button>
      )}
      {said && (
        <p className={said.failed ? 'form__error' : 'space-note'} role={said.failed ? 'alert' : 'status'}>
          {said.message}
        </p>
      )}
    </section>
  );
}
