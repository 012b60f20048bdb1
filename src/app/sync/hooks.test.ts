// The engine given a series other than the member's own vault as it is (docs/spaces-plan.md §3, "Engine
// generalisation"): its identity and lock name, the hooks a series adds to its changes and checks them with, and the
// author a conflict copy names. On simulated devices (src/app/test/devices.ts) against the in-memory server.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { syncChangeBody } from '../../shared/schemas/sync.js';
import type { VaultHeader } from '../vault/crypto.js';
import type { Vault } from '../vault/vault.js';
import { newHeader, SimulatedDevice } from '../test/devices.js';
import { MemorySyncServer } from '../test/memory-sync-server.js';
import { memberSeries, type VaultIdentity } from './identity.js';
import type {
  PublishedSeries,
  ReceivedChange,
  SeriesHooks,
  SyncEngineOptions,
  SyncEnvironment,
  SyncServer,
} from './ports.js';

let header: VaultHeader;
const open: SimulatedDevice[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const device of open.splice(0)) device.close();
});

/** The member's vault's identity, telling which of its parts the engine used. */
class WatchedIdentity implements VaultIdentity {
  readonly used = new Set<string>();
  readonly #inner: VaultIdentity;

  constructor(inner: VaultIdentity) {
    this.#inner = inner;
  }

  syncKey(): Promise<CryptoKey> {
    this.used.add('syncKey');
    return this.#inner.syncKey();
  }
  signingKey(): Promise<CryptoKey | null> {
    this.used.add('signingKey');
    return this.#inner.signingKey();
  }
  takeSigning(series: PublishedSeries): Promise<void> {
    this.used.add('takeSigning');
    return this.#inner.takeSigning(series);
  }
  register(series: string, device: string): Promise<void> {
    this.used.add('register');
    return this.#inner.register(series, device);
  }
  catchUp(): Promise<void> {
    this.used.add('catchUp');
    return this.#inner.catchUp();
  }
  heardNews(): void {
    this.used.add('heardNews');
    this.#inner.heardNews();
  }
  forget(): void {
    this.used.add('forget');
    this.#inner.forget();
  }
  makeSigning(): ReturnType<VaultIdentity['makeSigning']> {
    this.used.add('makeSigning');
    return this.#inner.makeSigning();
  }
  sendHeader(...args: Parameters<VaultIdentity['sendHeader']>): Promise<void> {
    this.used.add('sendHeader');
    return this.#inner.sendHeader(...args);
  }
  withPassword(
    ...args: Parameters<VaultIdentity['withPassword']>
  ): ReturnType<VaultIdentity['withPassword']> {
    this.used.add('withPassword');
    return this.#inner.withPassword(...args);
  }
}

/** A change as a space's routes take it (the plan's `spaceChangeBody`): the chain's fields and the series' own. */
const seriesChange = syncChangeBody.extend({ writer: z.string(), madeAs: z.string() });
const CHAIN_FIELDS = new Set(Object.keys(syncChangeBody.shape));

/**
 * The in-memory server as a space's routes will be (step 7): each change pushed carries fields of its series, which
 * the server checks, keeps beside it and sends back with it, adding who pushed it (`author`, by session). The
 * member's routes in front of it take none.
 */
class SeriesServer {
  /** What the server keeps beside each change, by `device:seq`. */
  readonly kept = new Map<string, Record<string, unknown>>();

  constructor(readonly inner: MemorySyncServer) {}

  as(session: string, author: string): SyncServer {
    const server = this.inner.as(session);
    const call = async (name: string, input?: { body?: unknown }) => {
      if (name === 'syncPush') {
        const body = input!.body as { device: string; changes: Array<Record<string, unknown>> };
        const changes = body.changes.map((change) => {
          const checked = seriesChange.parse(change);
          const chain = Object.fromEntries(Object.entries(checked).filter(([key]) => CHAIN_FIELDS.has(key)));
          const own = Object.fromEntries(Object.entries(checked).filter(([key]) => !CHAIN_FIELDS.has(key)));
          this.kept.set(`${body.device}:${checked.seq}`, { ...own, author });
          return chain;
        });
        return server.call('syncPush', { body: { ...body, changes } as never });
      }
      const answer = await (server.call as (name: string, input?: unknown) => Promise<unknown>)(name, input);
      if (name !== 'syncChanges') return answer;
      const page = answer as { changes: Array<{ device: string; seq: number }> };
      return {
        ...page,
        changes: page.changes.map((change) => ({
          ...this.kept.get(`${change.device}:${change.seq}`),
          ...change,
        })),
      };
    };
    return { call: call as SyncServer['call'], upload: server.upload, download: server.download };
  }
}

/** A series over the member's vault with `hooks`, as a space's engine is given them. */
function withHooks(hooks: SeriesHooks) {
  return (vault: Vault, env: SyncEnvironment): SyncEngineOptions<VaultIdentity> => ({
    ...memberSeries(vault, env),
    hooks,
  });
}

/** Two devices of one member over `server`, each with its series: the first publishes the vault, the other joins. */
async function twoDevices(
  servers: [SyncServer, SyncServer],
  series: [Parameters<typeof withHooks>[0], Parameters<typeof withHooks>[0]],
) {
  const devices = servers.map((server, index) => {
    const device = new SimulatedDevice(`Device ${index + 1}`, 'member-1', server, {
      series: withHooks(series[index]!),
    });
    open.push(device);
    return device;
  }) as [SimulatedDevice, SimulatedDevice];
  const [first, second] = devices;
  await first.openVault(header);
  await first.engine.enable();
  await first.engine.settled();
  expect(await second.join()).toBe('ok');
  return devices;
}

describe('an engine given its series', () => {
  it('syncs two devices through the identity and lock name it was given', async () => {
    const server = new MemorySyncServer();
    const identities: WatchedIdentity[] = [];
    const series = (vault: Vault, env: SyncEnvironment): SyncEngineOptions<VaultIdentity> => {
      const identity = new WatchedIdentity(memberSeries(vault, env).identity);
      identities.push(identity);
      return { identity, lockName: 'mygenie-sync-a-series' };
    };
    const devices = [1, 2].map((index) => {
      const device = new SimulatedDevice(`Device ${index}`, 'member-1', server.as(`session-${index}`), {
        series,
      });
      open.push(device);
      return device;
    });
    const [a, b] = devices as [SimulatedDevice, SimulatedDevice];
    await a.openVault(header);
    await a.engine.enable();
    await a.engine.settled();
    expect(await b.join()).toBe('ok');
    await a.vault.save('memo', 'm1', undefined, { title: 'Lunch', body: 'Bibimbap' });
    await a.sync();
    await b.sync();
    expect(b.vault.get('m1')?.value).toEqual({ title: 'Lunch', body: 'Bibimbap' });
    expect(b.engine.status.state).toBe('synced');
    expect([...a.lockNames]).toEqual(['mygenie-sync-a-series']);
    expect([...b.lockNames]).toEqual(['mygenie-sync-a-series']);
    // The first device published the vault with a new signing key; the second took it from the server.
    const [publisher, joiner] = identities as [WatchedIdentity, WatchedIdentity];
    const runs = ['syncKey', 'register', 'catchUp', 'heardNews'];
    expect([...publisher.used]).toEqual(expect.arrayContaining([...runs, 'makeSigning', 'sendHeader']));
    expect([...joiner.used]).toEqual(expect.arrayContaining([...runs, 'takeSigning']));
  });

  it('syncs the member’s vault under the lock it always had', async () => {
    const server = new MemorySyncServer();
    const a = new SimulatedDevice('Device 1', 'member-1', server.as('session-1'));
    open.push(a);
    await a.openVault(header);
    await a.engine.enable();
    await a.engine.settled();
    expect([...a.lockNames]).toEqual(['mygenie-sync-member-1']);
  });
});

describe('a series’ hooks', () => {
  /** Hooks as a space's: each change says who wrote it and as which change; what the guard saw is kept. */
  function spaceLike(writer: () => string, refuse: (change: ReceivedChange) => boolean = () => false) {
    const seen: ReceivedChange[] = [];
    const hooks: SeriesHooks = {
      attest: async (change, meta) => ({ writer: writer(), madeAs: `${meta.device}:${change.seq}` }),
      guard: async (change) => {
        seen.push(change);
        return refuse(change) ? 'altered' : 'ok';
      },
      authorOf: (change) => (typeof change.author === 'string' ? change.author : undefined),
    };
    return { hooks, seen };
  }

  it('send what attest adds with each change, and the other device’s guard sees it', async () => {
    const server = new SeriesServer(new MemorySyncServer());
    const mum = spaceLike(() => 'Mum');
    const jimin = spaceLike(() => 'Jimin');
    const [a, b] = await twoDevices(
      [server.as('session-1', 'mum'), server.as('session-2', 'jimin')],
      [mum.hooks, jimin.hooks],
    );
    await a.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    await a.sync();
    const device = (await a.syncStore.syncMeta())!.device;
    expect(server.kept.get(`${device}:1`)).toEqual({ writer: 'Mum', madeAs: `${device}:1`, author: 'mum' });
    await b.sync();
    expect(b.vault.get('m1')?.value).toEqual({ title: 'Lunch' });
    expect(jimin.seen).toHaveLength(1);
    expect(jimin.seen[0]).toMatchObject({
      device,
      seq: 1,
      writer: 'Mum',
      madeAs: `${device}:1`,
      author: 'mum',
    });
    // A device's own changes come back to it, and are not checked again.
    expect(mum.seen).toEqual([]);
  });

  it('cannot alter what a change’s MAC covers', async () => {
    const server = new SeriesServer(new MemorySyncServer());
    const forging: SeriesHooks = {
      attest: async (change, meta) => ({
        writer: 'Mum',
        madeAs: `${meta.device}:${change.seq}`,
        mac: 'Zm9yZ2Vk',
        rid: 'forged',
      }),
    };
    const [a, b] = await twoDevices(
      [server.as('session-1', 'mum'), server.as('session-2', 'jimin')],
      [forging, spaceLike(() => 'Jimin').hooks],
    );
    await a.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    await a.sync();
    await b.sync();
    expect(b.engine.status.state).toBe('synced');
    expect(b.vault.get('m1')?.value).toEqual({ title: 'Lunch' });
  });

  it('stop the run at a change the guard refuses, with nothing of its page applied', async () => {
    const server = new SeriesServer(new MemorySyncServer());
    let writer = 'Mum';
    const mum = spaceLike(() => writer);
    const jimin = spaceLike(
      () => 'Jimin',
      (change) => change.writer === 'Viewer',
    );
    const [a, b] = await twoDevices(
      [server.as('session-1', 'mum'), server.as('session-2', 'jimin')],
      [mum.hooks, jimin.hooks],
    );
    await a.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    await a.sync();
    await b.sync();
    expect(b.vault.get('m1')?.value).toEqual({ title: 'Lunch' });
    const before = (await b.syncStore.syncMeta())!.after;
    // Two changes in one page: an ordinary one, then one the guard refuses.
    await a.vault.save('memo', 'm2', undefined, { title: 'Dinner' });
    await a.sync();
    writer = 'Viewer';
    await a.vault.save('memo', 'm3', undefined, { title: 'Not yours to write' });
    await a.sync();
    await b.sync();
    expect(b.engine.status).toEqual({ state: 'error', cause: 'refused', refused: 'altered' });
    expect(jimin.seen.map((change) => change.writer)).toEqual(['Mum', 'Mum', 'Viewer']);
    expect(b.vault.get('m2')).toBeUndefined();
    expect(b.vault.get('m3')).toBeUndefined();
    expect((await b.syncStore.syncMeta())!.after).toBe(before);
    expect(b.vault.get('m1')?.value).toEqual({ title: 'Lunch' });
  });

  it('name who made the other side in a conflict copy', async () => {
    const server = new SeriesServer(new MemorySyncServer());
    const [a, b] = await twoDevices(
      [server.as('session-1', 'mum'), server.as('session-2', 'jimin')],
      [spaceLike(() => 'Mum').hooks, spaceLike(() => 'Jimin').hooks],
    );
    await a.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    await a.sync();
    await b.sync();
    await a.vault.save('memo', 'm1', { title: 'Lunch' }, { title: 'Dinner' });
    await b.vault.save('memo', 'm1', { title: 'Lunch' }, { title: 'Brunch' });
    await a.sync();
    await b.sync();
    expect(b.engine.status.state).toBe('synced');
    expect(b.vault.get('m1')?.value).toEqual({ title: 'Dinner' });
    const copies = b.vault.list('memo').filter((entry) => entry.id !== 'm1');
    expect(copies.map((entry) => entry.value)).toEqual([
      { title: 'Brunch', conflictOf: 'm1', conflictBy: 'mum' },
    ]);
    // The copy is a record like any other: the other device gets it as it is.
    await a.sync();
    expect(a.vault.get(copies[0]!.id)?.value).toEqual({
      title: 'Brunch',
      conflictOf: 'm1',
      conflictBy: 'mum',
    });
  });

  it('are none for the member’s vault: its conflict copies name no one', async () => {
    const server = new MemorySyncServer();
    const [a, b] = await twoDevices([server.as('session-1'), server.as('session-2')], [{}, {}]);
    await a.vault.save('memo', 'm1', undefined, { title: 'Lunch' });
    await a.sync();
    await b.sync();
    await a.vault.save('memo', 'm1', { title: 'Lunch' }, { title: 'Dinner' });
    await b.vault.save('memo', 'm1', { title: 'Lunch' }, { title: 'Brunch' });
    await a.sync();
    await b.sync();
    const copies = b.vault.list('memo').filter((entry) => entry.id !== 'm1');
    expect(copies.map((entry) => entry.value)).toEqual([{ title: 'Brunch', conflictOf: 'm1' }]);
  });
});
