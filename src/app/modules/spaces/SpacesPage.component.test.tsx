// The spaces screen, the safety code and the removal notice in a real Chromium, in Korean and English: creating a
// space (a name within the limit and one of eight colours), answering an invitation, a joining space waiting for its
// owner's app, a refusal said in the app's words, a key rotation this device could not make; both lines of the safety code and "Mark as verified"; and what a
// removed member keeps, which cannot be taken back.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import '../../app.css';
import { ApiFailure } from '../../../client/api.js';
import { render } from '../../../client/test/render.js';
import { fill } from '../../../client/text.js';
import { plural } from '../../../shared/plural.js';
import { errorMessage } from '../../../shared/i18n/error-message.js';
import { SPACE_NAME_MAX, type SpaceColour } from '../../../shared/spaces/colours.js';
import type { SpacesState, SpaceView } from '../../spaces/model.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { spacesText } from './copy.js';
import { RemovedNotice } from './RemovedNotice.js';
import { SafetyCodeView } from './SafetyCodeView.js';
import { SpacesPage, type SpacesPageActions } from './SpacesPage.js';

const joining: SpaceView = {
  id: 'b'.repeat(32),
  name: 'Parents',
  colour: 'rose',
  role: 'editor',
  status: 'joining',
  writable: true,
  epoch: 1,
  members: [
    {
      uid: 'dad',
      email: 'dad@example.com',
      name: '아빠',
      role: 'owner',
      state: 'member',
      trust: 'not-verified',
      you: false,
    },
  ],
  invitations: [],
  rotationDue: false,
  handoverTo: null,
};

const state: SpacesState = {
  status: 'ready',
  spaces: [joining],
  invitations: [
    {
      id: 'inv1',
      spaceId: 'c'.repeat(32),
      invitedBy: 'mom@example.com',
      role: 'viewer',
      expiresAt: '2026-12-10T09:00:00Z',
    },
  ],
};

function recorder(refuse: Partial<Record<keyof SpacesPageActions, unknown>> = {}) {
  const calls: unknown[][] = [];
  const actions: SpacesPageActions = {
    create: async (name: string, colour: SpaceColour) => {
      calls.push(['create', name, colour]);
      if (refuse.create) throw refuse.create;
      return { ...joining, id: 'd'.repeat(32), name, colour, status: 'ready', role: 'owner' };
    },
    accept: async (id) => {
      calls.push(['accept', id]);
      if (refuse.accept) throw refuse.accept;
    },
    decline: async (id) => {
      calls.push(['decline', id]);
    },
  };
  return { calls, actions };
}

describe.each(['ko', 'en'] as const)('the spaces screen in %s', (lang) => {
  const text = spacesText[lang];
  const tags = spaceTagText[lang];

  it('creates a space with a name within the limit and one of eight colours', async () => {
    const { calls, actions } = recorder({ create: new ApiFailure('space/too-many-spaces', 409) });
    render(<SpacesPage state={{ ...state, invitations: [] }} actions={actions} onOpen={() => undefined} />, {
      lang,
    });
    const swatches = page.getByRole('group', { name: text.create.colour }).getByRole('radio');
    expect(swatches.elements()).toHaveLength(8);
    await page.getByRole('button', { name: text.create.submit }).click();
    await expect.element(page.getByText(text.create.nameRequired)).toBeVisible();
    const name = page.getByRole('textbox', { name: text.create.name });
    await name.fill('가'.repeat(SPACE_NAME_MAX + 1));
    await page.getByRole('button', { name: text.create.submit }).click();
    await expect
      .element(page.getByText(fill(text.create.nameTooLong, { max: SPACE_NAME_MAX })))
      .toBeVisible();
    expect(calls).toEqual([]);

    await name.fill('  우리집 ');
    await page.getByText(tags.colours.indigo).click();
    await page.getByRole('button', { name: text.create.submit }).click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(errorMessage(lang, 'space/too-many-spaces'));
    expect(calls).toEqual([['create', '우리집', 'indigo']]);
  });

  it('says a created space’s name, and a joining space waits for its owner’s app', async () => {
    const { actions } = recorder();
    render(<SpacesPage state={state} actions={actions} onOpen={() => undefined} />, { lang });
    await expect.element(page.getByText(fill(text.page.joining, { name: '아빠' }))).toBeVisible();
    // A joining space has no settings to open yet.
    expect(
      page.getByRole('button', { name: fill(text.page.open, { name: 'Parents' }) }).elements(),
    ).toHaveLength(0);
    await page.getByRole('textbox', { name: text.create.name }).fill('Home');
    await page.getByRole('button', { name: text.create.submit }).click();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(fill(text.create.created, { name: 'Home' }));
  });

  it('answers an invitation, and says a refusal in the member’s language', async () => {
    const { calls, actions } = recorder({ accept: new ApiFailure('space/invitation-not-found', 404) });
    render(<SpacesPage state={state} actions={actions} onOpen={() => undefined} />, { lang });
    const invitations = page.getByRole('region', { name: text.invitations.title });
    await expect
      .element(invitations)
      .toHaveTextContent(fill(text.invitations.from, { from: 'mom@example.com', role: tags.roles.viewer }));
    await invitations.getByRole('button', { name: text.invitations.accept }).click();
    await expect
      .element(invitations.getByRole('alert'))
      .toHaveTextContent(errorMessage(lang, 'space/invitation-not-found'));
    await invitations.getByRole('button', { name: text.invitations.decline }).click();
    await expect.element(invitations.getByRole('status')).toHaveTextContent(text.invitations.declined);
    expect(calls).toEqual([
      ['accept', 'inv1'],
      ['decline', 'inv1'],
    ]);
  });

  it('says why this device could not change a space’s key, and that it tries again', async () => {
    const { actions } = recorder();
    const due: SpaceView = { ...joining, status: 'ready', role: 'owner', rotationDue: true };
    const spaces = [{ ...due, rotationFailed: 'network' }];
    render(<SpacesPage state={{ ...state, spaces }} actions={actions} onOpen={() => undefined} />, { lang });
    await expect.element(page.getByText(text.page.rotationDue)).toBeVisible();
    await expect
      .element(page.getByText(fill(text.page.rotationFailed, { reason: errorMessage(lang, 'network') })))
      .toBeVisible();
  });

  it('says spaces need sync when it is off', async () => {
    const { actions } = recorder();
    render(
      <SpacesPage
        state={{ status: 'off', spaces: [], invitations: [] }}
        actions={actions}
        onOpen={() => undefined}
      />,
      {
        lang,
      },
    );
    await expect.element(page.getByRole('status')).toHaveTextContent(text.page.off);
    expect(page.getByRole('button').elements()).toHaveLength(0);
  });

  it('shows both lines of the safety code and marks the member verified', async () => {
    const groups = [
      '12345',
      '67890',
      '13579',
      '24680',
      '11223',
      '34455',
      '99887',
      '76655',
      '44332',
      '21100',
      '55555',
      '00001',
    ];
    const marked: string[] = [];
    render(
      <SafetyCodeView
        code={{ groups, text: '' }}
        lineNames={['엄마', '지민']}
        memberName="엄마"
        trust="not-verified"
        onMarkVerified={async () => void marked.push('엄마')}
      />,
      { lang },
    );
    const code = page.getByRole('definition');
    expect(code.elements().map((group) => group.textContent)).toEqual(groups);
    await expect.element(page.getByText(fill(text.safety.line, { name: '엄마' }))).toBeVisible();
    await expect.element(page.getByText(fill(text.safety.line, { name: '지민' }))).toBeVisible();
    await expect.element(page.getByText(text.settings.notVerified)).toBeVisible();
    await page.getByRole('button', { name: text.safety.markVerified }).click();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(fill(text.safety.verified, { name: '엄마' }));
    expect(marked).toEqual(['엄마']);
  });

  it('tells a removed member what they keep, that it cannot be taken back, and clears the space when read', async () => {
    const acknowledged: string[] = [];
    render(
      <RemovedNotice
        space={{ id: 'a'.repeat(32), name: '우리집', colour: 'teal' }}
        unsent={2}
        onAcknowledge={async () => void acknowledged.push('home')}
      />,
      { lang },
    );
    const notice = page.getByRole('alertdialog', { name: fill(text.removal.title, { name: '우리집' }) });
    await expect.element(notice).toHaveTextContent(text.removal.keeps);
    await expect.element(notice).toHaveTextContent(plural(text.removal.unsent, 2, lang));
    await notice.getByRole('button', { name: text.removal.acknowledge }).click();
    await expect.poll(() => acknowledged).toEqual(['home']);
  });
});
