// The "공간" section (docs/spaces-plan.md §5): the spaces page, a space's settings, the safety code with one of its
// members, and the notice of a removal, drawn from the spaces service the shell runs (context.tsx). The list is read
// again from the server each time the section opens; without sync there are no spaces, and the way to turn it on.
import { useEffect, useMemo, useState } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { SafetyCode } from '../../spaces/safety-code.js';
import type { SpacesService, SpaceView } from '../../spaces/model.js';
import { useOpenSync } from '../../ui/open-sync.js';
import { spacesText } from './copy.js';
import { useSpacesService, useSpacesState, wakeSpaces } from './context.js';
import type { SpaceRecordCounts } from './DeleteSpace.js';
import { spaceFailureMessage } from './failure.js';
import { RemovedNotice } from './RemovedNotice.js';
import { SafetyCodeView } from './SafetyCodeView.js';
import { SpaceSettings } from './SpaceSettings.js';
import { SpacesPage } from './SpacesPage.js';
import './spaces.css';

type View = { at: 'list' } | { at: 'space'; id: string } | { at: 'safety'; id: string; uid: string };

/** The kinds the delete warning names; every other kind but the space's own settings counts as "other". */
const NAMED = ['ledger', 'event', 'anniversaries'] as const;

/** What a space's vault on this device holds, per kind (nothing when it is not open here). */
function recordCounts(service: SpacesService | null, spaceId: string): SpaceRecordCounts {
  const vault = service?.spaces().find((space) => space.tag.id === spaceId)?.vault;
  if (!vault) return {};
  const counts: SpaceRecordCounts = { other: 0 };
  for (const kind of NAMED) counts[kind] = vault.list(kind).length;
  for (const entry of vault.all()) {
    if (entry.kind !== 'settings' && !(NAMED as readonly string[]).includes(entry.kind))
      counts.other = (counts.other ?? 0) + 1;
  }
  return counts;
}

export default function SpacesScreen() {
  const text = useText(spacesText);
  const { lang } = useLanguage();
  const service = useSpacesService();
  const state = useSpacesState();
  const openSync = useOpenSync();
  const [view, setView] = useState<View>({ at: 'list' });
  const [failure, setFailure] = useState('');

  // Opening the section reads the server's list again (an invitation or a removal may have come meanwhile), or
  // starts the spaces once more when there was no network at the unlock.
  useEffect(() => {
    if (!service) return;
    let live = true;
    wakeSpaces(service).catch((error: unknown) => {
      // Offline, the page says so already; the list is what the device holds.
      if (live && navigator.onLine) setFailure(spaceFailureMessage(lang, error));
    });
    return () => {
      live = false;
    };
    // Once per opening (and per service): not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [service]);

  const space = view.at === 'list' ? undefined : state.spaces.find((each) => each.id === view.id);
  const removed = state.spaces.filter((each) => each.status === 'removed');

  if (!service || state.status === 'off' || state.status === 'loading') {
    return (
      <>
        <SpacesPage state={state} actions={noActions} onOpen={() => undefined} />
        {state.status === 'off' && (
          <p>
            <button type="button" className="button button--primary" onClick={() => openSync('status')}>
              {text.page.turnOnSync}
            </button>
          </p>
        )}
      </>
    );
  }

  if (view.at !== 'list') {
    if (!space || space.status !== 'ready') {
      return (
        <section className="spaces">
          <p className="space-note" role="status">
            {text.page.gone}
          </p>
          <BackButton label={text.page.back} onClick={() => setView({ at: 'list' })} />
        </section>
      );
    }
    if (view.at === 'safety') {
      return (
        <section className="spaces">
          <BackButton
            label={fill(text.page.backToSpace, { name: space.name })}
            onClick={() => setView({ at: 'space', id: space.id })}
          />
          <Safety service={service} space={space} uid={view.uid} />
        </section>
      );
    }
    return (
      <section className="spaces">
        <BackButton label={text.page.back} onClick={() => setView({ at: 'list' })} />
        <SpaceSettings
          space={space}
          actions={service}
          counts={recordCounts(service, space.id)}
          onCompare={(uid) => setView({ at: 'safety', id: space.id, uid })}
          onGone={() => setView({ at: 'list' })}
        />
      </section>
    );
  }

  return (
    <>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      {removed.map((each) => (
        <RemovedNotice key={each.id} space={each} onAcknowledge={() => service.acknowledgeRemoval(each.id)} />
      ))}
      <SpacesPage state={state} actions={service} onOpen={(id) => setView({ at: 'space', id })} />
    </>
  );
}

/** Without a service nothing can be asked of it: the page shows only the "off" or "loading" note then. */
const noActions = {
  create: () => Promise.reject(Object.assign(new Error('spaces off'), { code: 'network' })),
  accept: () => Promise.resolve(),
  decline: () => Promise.resolve(),
};

function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <p>
      <button type="button" className="button button--ghost button--small" onClick={onClick}>
        {label}
      </button>
    </p>
  );
}

/** The safety code with one member, computed by the service (it reads both members' keys). */
function Safety({ service, space, uid }: { service: SpacesService; space: SpaceView; uid: string }) {
  const text = useText(spacesText);
  const { lang } = useLanguage();
  const [code, setCode] = useState<SafetyCode | null>(null);
  const [failure, setFailure] = useState('');
  const member = space.members.find((each) => each.uid === uid);
  const you = space.members.find((each) => each.you);
  useEffect(() => {
    let live = true;
    service.safetyCode(space.id, uid).then(
      (made) => live && setCode(made),
      (error: unknown) => live && setFailure(spaceFailureMessage(lang, error)),
    );
    return () => {
      live = false;
    };
    // Computed once per member shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [service, space.id, uid]);
  // The code's lines come lower uid first; each is named by whose keys it comes from.
  const lineNames = useMemo((): [string, string] | null => {
    if (!member || !you) return null;
    const mine = text.settings.you;
    return you.uid < member.uid ? [mine, member.name] : [member.name, mine];
  }, [member, you, text]);

  if (failure) {
    return (
      <p className="form__error" role="alert">
        {failure}
      </p>
    );
  }
  if (!member || !lineNames) {
    return (
      <p className="space-note" role="status">
        {text.page.gone}
      </p>
    );
  }
  if (!code) {
    return (
      <p className="space-note" role="status">
        {text.page.loading}
      </p>
    );
  }
  return (
    <SafetyCodeView
      code={code}
      lineNames={lineNames}
      memberName={member.name}
      trust={member.trust}
      onMarkVerified={() => service.markVerified(space.id, uid)}
    />
  );
}
