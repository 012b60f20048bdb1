// Shared end-to-end-encrypted spaces (issue 47) between members, each a browser of their own with sync on, against
// the real server: a space made, a member invited by e-mail and let in by the owner's app, the same safety code on
// both screens, ledger entries written offline on both sides meeting once online, a viewer refused by the app and the
// server alike, a logout that would lose a space's unsent entry asking first; and a member removed, whose removal
// rotates the key, who is told so and receives nothing of the space after.
import { describe, expect, it } from 'vitest';
import { syncText } from '../src/app/modules/sync/copy.js';
import type { SpaceList } from '../src/shared/schemas/spaces.js';
import { spacesMember, CROSSING, type SpacesModel } from './pages/spaces.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();

/** The owner's app lets `member` in once they accepted: waited for on both sides, the list read again on theirs. */
async function letIn(owner: SpacesModel, member: SpacesModel, space: string): Promise<void> {
  // The owner's section, opened again until it lists them as a member let in (each opening reads the list).
  await expect
    .poll(
      async () => {
        await owner.app.go('home');
        await owner.open();
        await owner.openSpace(space);
        return owner.isIn(member.email);
      },
      { timeout: CROSSING, interval: 2000 },
    )
    .toBe(true);
  await expect
    .poll(
      async () => {
        if ((await member.opener(space).count()) > 0) return true;
        await member.app.go('home');
        await member.open();
        return (await member.opener(space).count()) > 0;
      },
      { timeout: CROSSING, interval: 2000 },
    )
    .toBe(true);
}

describe('shared spaces in ko', () => {
  it('makes 우리집, lets an invited editor in, shows both the same safety code, merges offline entries and keeps a viewer out', async () => {
    const a = await spacesMember(suite, 'ko');
    const b = await spacesMember(suite, 'ko');
    await a.open();
    await a.create('우리집');
    await a.openSpace('우리집');
    await a.invite(b.email, 'editor');

    await b.open();
    await b.accept(a.email);
    await letIn(a, b, '우리집');

    // Both see the same two lines, and each marks the other verified.
    const seenByA = await a.safetyCode(b.email);
    await b.openSpace('우리집');
    const seenByB = await b.safetyCode(a.email);
    expect(seenByA).toHaveLength(2);
    expect(seenByA[0]).toMatch(/^(\d{5} ){5}\d{5}$/);
    expect(seenByB).toEqual(seenByA);
    await a.markVerified(b.email);
    await b.markVerified(a.email);
    await a.page.getByText(a.text.safety.already).waitFor();

    // Offline, each adds an entry in the space; back online, both have both.
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await a.addExpense('12000', '장보기 (엄마)', '우리집');
    await b.addExpense('3500', '붕어빵 (아이)', '우리집');
    await a.context.setOffline(false);
    await b.context.setOffline(false);
    for (const member of [a, b]) {
      await member.app.go('ledger');
      await member.page.getByText('장보기 (엄마)').waitFor({ timeout: CROSSING });
      await member.page.getByText('붕어빵 (아이)').waitFor({ timeout: CROSSING });
    }

    // A viewer: the space is shown, but no form offers it, and the server refuses what the app would not send.
    const c = await spacesMember(suite, 'ko');
    await a.open();
    await a.openSpace('우리집');
    await a.invite(c.email, 'viewer');
    await c.open();
    await c.accept(a.email);
    await letIn(a, c, '우리집');
    await c.app.go('ledger');
    await c.page.getByText('장보기 (엄마)').waitFor({ timeout: CROSSING });
    expect(await c.offeredPlaces()).toEqual([c.tags.mine]);
    await c.page.getByRole('group', { name: c.tags.filter.label }).getByText('우리집').click();
    await c.page.getByText(c.tags.viewerNote).waitFor();
    await c.open();
    const space = await c.spaceId('우리집');
    expect(await c.ask('POST', `/api/spaces/${space}/changes`, { device: 'x', changes: [] })).toEqual([
      403,
      'space/read-only',
    ]);

    // A logout with an entry of the space still unsent asks first (the space's stores leave with the vault); back
    // online, the logout sends it up before it goes.
    await b.context.setOffline(true);
    await b.addExpense('8000', '마지막 장보기 (아빠)', '우리집');
    const logout = b.page.getByRole('button', { name: b.app.text.header.logout });
    await logout.click();
    const asked = b.page.getByRole('alertdialog', { name: b.app.text.header.logout });
    await asked.getByText(syncText.ko.logout.unsent).waitFor();
    await asked.getByRole('button', { name: b.app.text.cancel }).click();
    await b.context.setOffline(false);
    await logout.click();
    await b.page.waitForURL(/\/\?lang=ko/);
    await a.app.go('ledger');
    await a.page.getByText('마지막 장보기 (아빠)').waitFor({ timeout: CROSSING });
  });
});

describe('shared spaces in en', () => {
  it('removes a member, who is told so and receives nothing of the space after', async () => {
    const owner = await spacesMember(suite, 'en');
    const stays = await spacesMember(suite, 'en');
    const leaves = await spacesMember(suite, 'en');
    await owner.open();
    await owner.create('Home');
    await owner.openSpace('Home');
    await owner.invite(stays.email, 'editor');
    await owner.invite(leaves.email, 'editor');
    for (const member of [stays, leaves]) {
      await member.open();
      await member.accept(owner.email);
    }
    await letIn(owner, stays, 'Home');
    await letIn(owner, leaves, 'Home');

    await owner.addExpense('40', 'Groceries before', 'Home');
    for (const member of [stays, leaves]) {
      await member.app.go('ledger');
      await member.page.getByText('Groceries before').waitFor({ timeout: CROSSING });
    }
    await leaves.open();
    const space = await leaves.spaceId('Home');

    await owner.open();
    await owner.openSpace('Home');
    await owner.remove(leaves.email);
    await expect.poll(() => owner.member(leaves.email).count(), { timeout: CROSSING }).toBe(0);

    // The removal rotated the space's key: the signed log ends with the owner's `remove` and `rotate`, and the
    // space is on its second epoch, with a series of its own.
    const [, { spaces }] = await owner.read<SpaceList>('/api/spaces');
    const home = spaces.find((summary) => summary.id === space)!;
    expect(home.epoch).toBe(2);
    expect(home.members.map((member) => member.email).sort()).toEqual([owner.email, stays.email].sort());
    const [, log] = await owner.read<{ entries: { kind: string }[] }>(`/api/spaces/${space}/log?after=0`);
    expect(log.entries.slice(-2).map((entry) => entry.kind)).toEqual(['remove', 'rotate']);

    // The removed member's app says so (the list read again when the section opens).
    await expect
      .poll(
        async () => {
          if ((await leaves.removal('Home').count()) > 0) return true;
          await leaves.app.go('home');
          await leaves.open();
          return (await leaves.removal('Home').count()) > 0;
        },
        { timeout: CROSSING, interval: 2000 },
      )
      .toBe(true);
    await leaves.removal('Home').getByText(leaves.text.removal.keeps).waitFor();

    // What the owner writes after reaches the member who stayed, never the one removed: the server no longer
    // answers them anything of the space.
    await owner.addExpense('15', 'Groceries after', 'Home');
    await stays.app.go('ledger');
    await stays.page.getByText('Groceries after').waitFor({ timeout: CROSSING });
    expect(await leaves.ask('GET', `/api/spaces/${space}/changes?epoch=1&after=0`)).toEqual([
      404,
      'space/not-found',
    ]);
    expect(await leaves.ask('GET', `/api/spaces/${space}/changes?epoch=2&after=0`)).toEqual([
      404,
      'space/not-found',
    ]);
    // The member who stayed reads the new epoch's series, where what came after was sealed with the new key.
    const [status, after] = await stays.read<{ latest: number }>(
      `/api/spaces/${space}/changes?epoch=2&after=0`,
    );
    expect(status).toBe(200);
    expect(after.latest).toBeGreaterThan(0);
    await leaves.app.go('ledger');
    await leaves.page.getByRole('heading', { name: leaves.ledger.title, level: 1 }).waitFor();
    expect(await leaves.page.getByText('Groceries after').count()).toBe(0);

    // Acknowledged, the notice goes and the space's records leave this device.
    await leaves.open();
    await leaves.removal('Home').getByRole('button', { name: leaves.text.removal.acknowledge }).click();
    await leaves.removal('Home').waitFor({ state: 'detached', timeout: CROSSING });
    await leaves.app.go('ledger');
    await expect.poll(() => leaves.page.getByText('Groceries before').count(), { timeout: CROSSING }).toBe(0);
  });
});
