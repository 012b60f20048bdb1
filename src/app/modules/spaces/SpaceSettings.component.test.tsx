// A space's settings in a real Chromium, in Korean and English, as its owner and as a viewer see them: each member's
// key trust ("not verified", verified, a red "key changed" warning), what the owner may do (roles, removal, invite,
// withdraw, delete with a warning that counts what is lost and asks for the password), and a viewer who is offered
// none of it. The actions are the service's interface, recorded; a refusal is said through the app's error messages.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import '../../app.css';
import { ApiFailure } from '../../../client/api.js';
import { render } from '../../../client/test/render.js';
import { fill } from '../../../client/text.js';
import { plural } from '../../../shared/plural.js';
import { errorMessage } from '../../../shared/i18n/error-message.js';
import type { SpaceMemberView, SpaceView } from '../../spaces/model.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { spacesText } from './copy.js';
import { SpaceSettings, type SpaceSettingsActions } from './SpaceSettings.js';

const member = (
  uid: string,
  name: string,
  role: SpaceMemberView['role'],
  extra: Partial<SpaceMemberView> = {},
) => ({
  uid,
  email: `${uid}@example.com`,
  name,
  role,
  state: 'member' as const,
  trust: 'not-verified' as const,
  you: false,
  ...extra,
});

function home(role: SpaceView['role']): SpaceView {
  return {
    id: 'a'.repeat(32),
    name: '우리집',
    colour: 'teal',
    role,
    status: 'ready',
    writable: role !== 'viewer',
    epoch: 1,
    members: [
      member('mom', '엄마', 'owner', { you: role === 'owner', trust: 'verified' }),
      member('jimin', '지민', role === 'owner' ? 'editor' : role, { you: role !== 'owner' }),
      member('dad', '아빠', 'editor', { trust: 'verified' }),
      member('grandma', '할머니', 'viewer', { trust: 'key-changed' }),
    ],
    invitations:
      role === 'owner'
        ? [{ id: 'inv1', email: 'aunt@example.com', role: 'viewer', expiresAt: '2026-12-10T00:00:00Z' }]
        : [],
    rotationDue: false,
    handoverTo: null,
  };
}

function recorder(fail?: unknown) {
  const calls: unknown[][] = [];
  const act =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      if (fail) throw fail;
    };
  const actions = Object.fromEntries(
    [
      'invite',
      'withdraw',
      'setRole',
      'remove',
      'leave',
      'deleteSpace',
      'offerHandover',
      'acceptHandover',
    ].map((name) => [name, act(name)]),
  ) as unknown as SpaceSettingsActions;
  return { calls, actions };
}

const counts = { ledger: 120, event: 14, anniversaries: 1 };

describe.each(['ko', 'en'] as const)('space settings in %s', (lang) => {
  const text = spacesText[lang];
  const tags = spaceTagText[lang];

  it('badges every other member’s key trust and warns in words of a changed key', async () => {
    const { actions } = recorder();
    const compared: string[] = [];
    render(
      <SpaceSettings
        space={home('owner')}
        actions={actions}
        counts={counts}
        onCompare={(uid) => compared.push(uid)}
        onGone={() => undefined}
      />,
      { lang },
    );
    const row = (uid: string) => page.getByRole('listitem').filter({ hasText: uid === 'mom' ? '엄마' : uid });
    await expect
      .element(page.getByRole('heading', { level: 1 }))
      .toHaveTextContent(fill(text.settings.title, { name: '우리집' }));
    await expect.element(row('지민')).toHaveTextContent(text.settings.notVerified);
    await expect.element(row('아빠')).toHaveTextContent(text.settings.verified);
    await expect.element(row('할머니')).toHaveTextContent(text.settings.keyChanged);
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent(fill(text.settings.keyChangedDetail, { name: '할머니' }));
    // The member's own row has no badge: one's own key is not compared with oneself.
    expect(row('mom').element().textContent).not.toContain(text.settings.notVerified);
    await row('할머니').getByRole('button', { name: text.settings.compare }).click();
    expect(compared).toEqual(['grandma']);
  });

  it('lets the owner change a role, remove a member after the warning, invite and withdraw', async () => {
    const { calls, actions } = recorder();
    render(
      <SpaceSettings
        space={home('owner')}
        actions={actions}
        counts={counts}
        onCompare={() => undefined}
        onGone={() => undefined}
      />,
      { lang },
    );
    await page
      .getByRole('combobox', { name: fill(text.settings.role, { name: '지민' }) })
      .selectOptions('viewer');
    await expect.element(page.getByRole('status')).toHaveTextContent(text.settings.roleChanged);

    await page.getByRole('button', { name: fill(text.settings.removeMember, { name: '아빠' }) }).click();
    const dialog = page.getByRole('dialog', { name: fill(text.settings.removeTitle, { name: '아빠' }) });
    await expect.element(dialog).toHaveTextContent(fill(text.settings.removeDetail, { name: '아빠' }));
    await dialog.getByRole('button', { name: text.settings.remove }).click();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(fill(text.settings.removed, { name: '아빠' }));

    await page.getByRole('textbox', { name: text.settings.inviteEmail }).fill('not-an-address');
    await page.getByRole('button', { name: text.settings.inviteSubmit }).click();
    await expect.element(page.getByText(text.settings.emailInvalid)).toBeVisible();
    await page.getByRole('textbox', { name: text.settings.inviteEmail }).fill('uncle@example.com');
    await page.getByRole('combobox', { name: text.settings.inviteRole, exact: true }).selectOptions('viewer');
    await page.getByRole('button', { name: text.settings.inviteSubmit }).click();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(fill(text.settings.invited, { email: 'uncle@example.com' }));

    await page
      .getByRole('button', { name: fill(text.settings.withdrawInvitation, { email: 'aunt@example.com' }) })
      .click();
    await expect.element(page.getByRole('status')).toHaveTextContent(text.settings.withdrawn);
    expect(calls).toEqual([
      ['setRole', 'a'.repeat(32), 'jimin', 'viewer'],
      ['remove', 'a'.repeat(32), 'dad'],
      ['invite', 'a'.repeat(32), 'uncle@example.com', 'viewer'],
      ['withdraw', 'a'.repeat(32), 'inv1'],
    ]);
    // Nobody removes or demotes the owner, nor themselves.
    expect(
      page.getByRole('button', { name: fill(text.settings.removeMember, { name: '엄마' }) }).elements(),
    ).toHaveLength(0);
  });

  it('warns before deleting with what is lost per kind and who loses it, and asks for the password', async () => {
    const { calls, actions } = recorder(new ApiFailure('auth/wrong-password', 403));
    render(
      <SpaceSettings
        space={home('owner')}
        actions={actions}
        counts={counts}
        onCompare={() => undefined}
        onGone={() => undefined}
      />,
      { lang },
    );
    await page.getByRole('button', { name: text.settings.delete }).click();
    const dialog = page.getByRole('dialog', { name: fill(text.settings.deleteTitle, { name: '우리집' }) });
    for (const [kind, count] of Object.entries(counts)) {
      await expect
        .element(dialog)
        .toHaveTextContent(plural(text.kinds[kind as keyof typeof counts], count, lang));
    }
    await expect
      .element(dialog)
      .toHaveTextContent(
        fill(text.settings.deleteWho, { names: `${text.settings.you}, 지민, 아빠, 할머니` }),
      );
    await dialog.getByRole('button', { name: text.settings.deleteConfirm }).click();
    await expect.element(dialog.getByText(text.settings.passwordRequired)).toBeVisible();
    expect(calls).toEqual([]);
    await dialog.getByLabelText(text.settings.password, { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: text.settings.deleteConfirm }).click();
    await expect
      .element(dialog.getByRole('alert'))
      .toHaveTextContent(errorMessage(lang, 'auth/wrong-password'));
    expect(calls).toEqual([['deleteSpace', 'a'.repeat(32), 'not my password']]);
  });

  it('offers a viewer nothing to change: a "can view" note, the members, and leaving', async () => {
    const { calls, actions } = recorder();
    const gone: string[] = [];
    render(
      <SpaceSettings
        space={home('viewer')}
        actions={actions}
        counts={counts}
        onCompare={() => undefined}
        onGone={() => gone.push('gone')}
      />,
      { lang },
    );
    await expect.element(page.getByRole('note')).toHaveTextContent(tags.viewerNote);
    await expect.element(page.getByRole('listitem').filter({ hasText: '할머니' })).toBeVisible();
    expect(page.getByRole('combobox').elements()).toHaveLength(0);
    for (const name of [
      text.settings.remove,
      text.settings.inviteSubmit,
      text.settings.delete,
      text.settings.withdraw,
    ]) {
      expect(page.getByRole('button', { name, exact: true }).elements()).toHaveLength(0);
    }
    expect(
      page.getByRole('button', { name: text.settings.removeMember.replace('{{name}}', '') }).elements(),
    ).toHaveLength(0);
    await page.getByRole('button', { name: text.settings.leave }).click();
    const dialog = page.getByRole('dialog', { name: fill(text.settings.leaveTitle, { name: '우리집' }) });
    await dialog.getByRole('button', { name: text.settings.leave }).click();
    await expect.poll(() => gone).toEqual(['gone']);
    expect(calls).toEqual([['leave', 'a'.repeat(32)]]);
  });
});
