// Who added and who last changed each record of a shared space (docs/spaces-plan.md §3, "Who, when, conflicts"):
// the app's real keyed vaults and sync engines of two members (test/space-devices.ts) against the real server's
// space routes (SQLite, or PostgreSQL when DATABASE_URL is set). A save here notes this member at the record's
// stamp; a verified change received notes its author at the time it was made (`madeAt`), in the transaction that
// applies it; a deletion takes the note away; the member's own vault notes nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../server/test/harness.js';
import type { SpaceDevice } from '../test/space-devices.js';
import { createSpace, deviceOf, letIn, person } from '../test/space-people.js';
import { recordAuthors } from '../vault/use-authors.js';

let t: TestApp;
const devices: SpaceDevice[] = [];

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
});
afterEach(() => {
  for (const device of devices.splice(0)) device.close();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe("a space's records name their authors", () => {
  it('as each member saved them here, and as the changes received say who made them and when', async () => {
    const [mum, jimin] = [await person(t, 'mum'), await person(t, 'jimin')];
    const space = await createSpace(t, mum);
    await letIn(t, mum, space, jimin, 'editor');
    const mine = await deviceOf(t, mum, space, devices);
    const theirs = await deviceOf(t, jimin, space, devices);

    const before = Date.now();
    await mine.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    const saved = mine.vault.get('m1')!.updatedAt;
    expect(await recordAuthors(mine.vault, 'm1')).toEqual({
      id: 'm1',
      addedBy: mum.uid,
      addedAt: saved,
      changedBy: mum.uid,
      changedAt: saved,
    });
    expect(saved).toBeGreaterThanOrEqual(before);
    // Sent at the device's clock's time: the change's `madeAt`, which the other device notes.
    const madeAt = mine.clock.now();
    await mine.sync();
    await theirs.sync();
    expect(theirs.vault.get('m1')?.value).toEqual({ title: 'Lunch' });
    expect(await recordAuthors(theirs.vault, 'm1')).toEqual({
      id: 'm1',
      addedBy: mum.uid,
      addedAt: madeAt,
      changedBy: mum.uid,
      changedAt: madeAt,
    });

    // Jimin changes it a day later: his device notes him, Mum's notes him at his change's time.
    theirs.clock.advance(DAY);
    await theirs.vault.save('memo', 'm1', { title: 'Lunch' }, { title: 'Dinner' });
    const changedAt = theirs.clock.now();
    await theirs.sync();
    await mine.sync();
    expect(mine.vault.get('m1')?.value).toEqual({ title: 'Dinner' });
    expect(await recordAuthors(mine.vault, 'm1')).toEqual({
      id: 'm1',
      addedBy: mum.uid,
      addedAt: saved,
      changedBy: jimin.uid,
      changedAt,
    });
    expect(await recordAuthors(theirs.vault, 'm1')).toMatchObject({
      addedBy: mum.uid,
      addedAt: madeAt,
      changedBy: jimin.uid,
    });

    // A deletion received takes the record's note with it.
    await theirs.vault.remove('m1');
    expect(await recordAuthors(theirs.vault, 'm1')).toBeUndefined();
    await theirs.sync();
    await mine.sync();
    expect(mine.vault.get('m1')).toBeUndefined();
    expect(await recordAuthors(mine.vault, 'm1')).toBeUndefined();
  });
});
