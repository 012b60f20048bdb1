// The page bench/spaces.mjs drives, one per device (a browser context of its own, the member's cookies), served on
// the server's origin so the app's own clients call the real API: the member's synced vault (the app's Vault and
// SyncEngine), their identity for spaces taken as the app takes it, the membership client (SpaceMembers: create,
// invite, accept, let in), and a space's epoch opened from the member's wrap and synced by the app's real space
// engine (openSpaceEpoch, openSpaceSeries), hearing the space's news on /api/events when it listens.
import { browserSyncEnvironment, httpApi } from '../../src/app/sync/browser.js';
import { call } from '../../src/client/api.js';
import { listenLive } from '../../src/client/live-events.js';
import { SNAPSHOT_EVERY, SyncEngine } from '../../src/app/sync/engine.js';
import { memberSeries, type SyncIdentity } from '../../src/app/sync/identity.js';
import { Vault } from '../../src/app/vault/vault.js';
import { browserPlatform, spacePlatform } from '../../src/app/platform/vault-platform.js';
import { EpochKeys } from '../../src/app/spaces/epoch-keys.js';
import { takeIdentity } from '../../src/app/spaces/identity.js';
import type { MemberIdentity } from '../../src/app/spaces/identity-keys.js';
import { SpaceMembers } from '../../src/app/spaces/members.js';
import { httpMembershipApi, identityServer } from '../../src/app/spaces/space-api.js';
import {
  openSpaceEpoch,
  openSpaceSeries,
  spaceNews,
  SpaceLogBook,
  type SpaceSeries,
} from '../../src/app/spaces/space-sync.js';
import type { LedgerEntry } from '../../src/app/records/ledger.js';

const PASSWORD = 'bench master password 2026!';
const now = () => performance.timeOrigin + performance.now();

interface Member {
  uid: string;
  vault: Vault;
  engine: SyncEngine;
  identity: MemberIdentity;
  members: SpaceMembers;
}
let member: Member | null = null;
let space: SpaceSeries | null = null;
const me = () => {
  if (!member) throw new Error('not signed in');
  return member;
};
const open = () => {
  if (!space) throw new Error('no space open');
  return space;
};

function ledger(index: number): Omit<LedgerEntry, 'id'> {
  return {
    date: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
    type: index % 9 === 0 ? 'income' : 'expense',
    amount: 1000 + ((index * 7919) % 250_000),
    currency: 'KRW',
    category: ['food', 'cafe', 'transport', 'shopping', 'utilities'][index % 5]!,
    payment: 'card',
    memo: `장보기 ${index} — groceries for the week`,
  };
}

/**
 * The member's app on this device: their synced vault (made and published on their first device, joined with the
 * master password on the others), then their identity for spaces (made and published on the first device that
 * needs it) and the membership client.
 */
async function signIn(options: { name: string }) {
  const started = now();
  const { user } = (await (await fetch('/api/session')).json()) as { user: { uid: string } };
  const uid = user.uid;
  const vault = new Vault(uid, browserPlatform(uid));
  await vault.load();
  const env = browserSyncEnvironment(() => options.name);
  const series = memberSeries(vault, env);
  const engine = new SyncEngine(vault, env, series);
  const state = await call('syncState');
  const joining = now();
  if (state.vault) {
    const joined = await engine.join(state, PASSWORD);
    if (joined !== 'ok') throw new Error(joined);
  } else {
    await vault.create(PASSWORD);
    await engine.enable();
  }
  if (!(await engine.flush())) throw new Error(`member vault not synced: ${JSON.stringify(engine.status)}`);
  // A device joining the member's vault: its first sync, the key derivation (the master password) apart.
  const joinMs = now() - joining - engine.timings.unlockMs;
  const signing = series.identity as SyncIdentity;
  const api = httpMembershipApi();
  const taken = await takeIdentity({
    uid,
    vault,
    server: identityServer(api),
    vaultSigningKey: async () => {
      const key = await signing.signingKey();
      if (!key) throw new Error('the synced vault has no signing key');
      return key;
    },
  });
  if (!taken.ok) throw new Error(`identity: ${taken.reason}`);
  const keys = new EpochKeys(uid, vault);
  const members = new SpaceMembers({ uid, identity: taken.identity, api, vault, keys });
  member = { uid, vault, engine, identity: taken.identity, members };
  return {
    uid,
    ms: now() - started,
    joinMs,
    kdfMs: engine.timings.unlockMs,
    records: vault.recordCount,
  };
}

/** The ledger entries `ledger-<at>`… of `count` in all, up to 1,000 of them (one `putMany`). */
const entries = (count: number, at: number) =>
  Array.from({ length: Math.min(1000, count - at) }, (_, index) => ({
    id: `ledger-${at + index}`,
    value: { id: `ledger-${at + index}`, ...ledger(at + index) },
  }));

/**
 * The member's own vault gets `count` ledger entries, synced: the baseline a space's first sync is set beside (the
 * same entries, the member's own series, on the same new device).
 */
async function seedOwn(options: { count: number }) {
  const { vault, engine } = me();
  for (let at = 0; at < options.count; at += 1000) await vault.putMany('ledger', entries(options.count, at));
  for (let attempt = 0; attempt < 20; attempt++) {
    if (!(await engine.flush())) throw new Error(`not sent: ${JSON.stringify(engine.status)}`);
    const state = await call('syncState');
    if (state.latest < SNAPSHOT_EVERY || state.snapshot?.covers === state.latest) break;
  }
  return { records: vault.recordCount };
}

const create = () => me().members.create();
const invite = (options: { spaceId: string; email: string }) =>
  me().members.invite(options.spaceId, options.email, 'editor');
async function accept(options: { invitation: string }) {
  await me().members.refresh();
  await me().members.accept(options.invitation);
}
/** An owner's device reads its spaces and lets in whoever accepted. */
async function refresh() {
  const { spaces } = await me().members.refresh();
  return spaces.map((view) => ({ id: view.id, status: view.status }));
}

/**
 * Opens the space's current epoch on this device: K_e from the member's wrap (checked against the log), the epoch's
 * keyed vault, its engine, until the first run is done and `expect` records are here. `listen`: the engine hears the
 * space's news (its `space` events on /api/events), as the app's does.
 */
async function openSpace(options: { spaceId: string; expect: number; listen: boolean }) {
  const { uid, identity } = me();
  const api = httpApi();
  const started = now();
  const book = new SpaceLogBook(options.spaceId, api);
  const opened = await openSpaceEpoch({ spaceId: options.spaceId, me: { uid, identity }, api, book });
  if (!opened.ok) throw new Error(`the space's key did not open: ${opened.reason}`);
  const keyed = now();
  const { id, platform } = await spacePlatform(uid, options.spaceId, opened.epoch);
  const { server: _server, ...env } = browserSyncEnvironment(() => 'Bench');
  space = await openSpaceSeries({
    spaceId: options.spaceId,
    epoch: opened.epoch,
    series: opened.series,
    key: opened.key,
    me: { uid, identity },
    vault: new Vault(id, platform),
    env: { ...env, news: options.listen ? spaceNews(options.spaceId) : null },
    api,
    book,
  });
  while (space.vault.recordCount < options.expect) {
    await space.engine.settled();
    if (space.vault.recordCount >= options.expect) break;
    if (space.engine.status.state === 'error') throw new Error(JSON.stringify(space.engine.status));
    space.engine.syncNow();
  }
  const done = now();
  return {
    totalMs: done - started,
    keyMs: keyed - started,
    syncMs: done - keyed,
    records: space.vault.recordCount,
    timings: space.engine.timings,
  };
}

/**
 * The owner's device writes `count` ledger entries into the space and sends them; it syncs again until a snapshot
 * covers them (a new member's first sync then takes the snapshot, not the changes one by one) — when there are
 * SNAPSHOT_EVERY of them at least, as the app makes one.
 */
async function fill(options: { spaceId: string; count: number }) {
  const { vault, engine } = open();
  const started = now();
  for (let at = 0; at < options.count; at += 1000) await vault.putMany('ledger', entries(options.count, at));
  const written = now();
  for (let attempt = 0; attempt < 20; attempt++) {
    if (!(await engine.flush())) throw new Error(`not sent: ${JSON.stringify(engine.status)}`);
    const state = await call('spaceSync', { params: { id: options.spaceId } });
    // Fewer changes than a snapshot is made for (a smoke run): a new device takes the changes themselves.
    if (state.latest < SNAPSHOT_EVERY || state.snapshot?.covers === state.latest) break;
  }
  const state = await call('spaceSync', { params: { id: options.spaceId } });
  return {
    writeMs: written - started,
    sendMs: now() - written,
    latest: state.latest,
    snapshot: state.snapshot,
  };
}

/** The same bytes a new device takes, fetched raw by this browser: the space's state, its snapshot, the changes after. */
async function rawDownload(options: { spaceId: string }) {
  const started = now();
  const state = await (await fetch(`/api/spaces/${options.spaceId}/sync`)).json();
  let bytes = 0;
  if (state.snapshot) {
    const snapshot = await fetch(`/api/spaces/${options.spaceId}/snapshots/${state.snapshot.id}`);
    bytes += (await snapshot.arrayBuffer()).byteLength;
  }
  const after = state.snapshot?.covers ?? 0;
  const changes = await fetch(`/api/spaces/${options.spaceId}/changes?epoch=${state.epoch}&after=${after}`);
  bytes += (await changes.arrayBuffer()).byteLength;
  return { ms: now() - started, bytes };
}

/** Edits of entries awaited here: the entry's id and the memo that edit gives it. */
const awaited = new Map<number, { id: string; memo: string }>();
/** When each awaited edit arrived here (this page's clock is the wall clock: every page's compares). */
const arrived = new Map<number, number>();
let watching: (() => void) | null = null;

/** Awaits edit `edit` (entry `id`'s memo becoming `memo`), as the member would see it on the vault's next change. */
function expectEdit(options: { edit: number; id: string; memo: string }) {
  const { vault } = open();
  awaited.set(options.edit, { id: options.id, memo: options.memo });
  watching ??= vault.subscribe(() => {
    for (const [edit, { id, memo }] of awaited) {
      if (vault.get<LedgerEntry>(id)?.value.memo !== memo) continue;
      arrived.set(edit, now());
      awaited.delete(edit);
    }
  });
}

/**
 * When the space's news reached this page, each time (the same event stream the engine hears: the server's part of
 * an edit's way, apart from this device's run that takes it in).
 */
const heard: number[] = [];
function hearNews(options: { spaceId: string }) {
  listenLive({
    space: (data) => {
      if ((data as { id?: unknown } | undefined)?.id === options.spaceId) heard.push(now());
    },
  });
}

/** When each edit of `edits` arrived here (null: not yet), and the first news heard after each of `since`. */
const arrivals = (options: { edits: number[]; since: number[] }) => ({
  arrived: options.edits.map((edit) => arrived.get(edit) ?? null),
  news: options.since.map((at) => heard.find((time) => time >= at) ?? null),
});

/** This member edits an entry of the space (its memo); answers when the edit was made. */
async function edit(options: { id: string; memo: string }) {
  const { vault } = open();
  const entry = vault.get<LedgerEntry>(options.id);
  if (!entry) throw new Error(`no entry ${options.id} here`);
  const at = now();
  await vault.put('ledger', options.id, { ...entry.value, memo: options.memo });
  return at;
}

const status = () => ({
  records: space?.vault.recordCount ?? 0,
  engine: space?.engine.status ?? null,
});

Object.assign(window, {
  signIn,
  seedOwn,
  create,
  invite,
  accept,
  refresh,
  openSpace,
  fill,
  rawDownload,
  expectEdit,
  hearNews,
  arrivals,
  edit,
  status,
});
document.getElementById('status')!.textContent = 'ready';
