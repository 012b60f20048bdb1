// Random schedules of what a member does on three devices — edits, deletions, forms left open and saved later,
// offline periods, restarts, lost answers and a server that goes down — run on simulated devices
// (src/app/test/devices.ts) against the in-memory server, then checked: every device ends with the same vault, and
// every value any device saved is still where the member can see it (its record, or a conflict copy of it) unless
// an edit of that very field, made on a device that had seen the value, replaced it.
import fc from 'fast-check';
import type { SyncStatus } from '../sync/engine.js';
import type { VaultHeader } from '../vault/crypto.js';
import { MemorySyncServer } from './memory-sync-server.js';
import { SimulatedDevice } from './devices.js';

export const FIELDS = ['a', 'b', 'c'] as const;
type Field = (typeof FIELDS)[number];
type Value = Record<Field, string>;
const KIND = 'memo';

/** `d`: the device; `tab`: which of its two tabs of the app. */
export type Step =
  | { t: 'create'; d: number; tab: number }
  | { t: 'edit'; d: number; tab: number; r: number; f: Field }
  | { t: 'open'; d: number; tab: number; r: number; slot: number }
  | { t: 'submit'; d: number; tab: number; slot: number; f: Field }
  | { t: 'delete'; d: number; tab: number; r: number }
  /** The member settles a conflict: keeps the copy's version, or the other. */
  | { t: 'resolve'; d: number; tab: number; keep: 'copy' | 'other' }
  | { t: 'sync'; d: number; tab: number }
  /** A run started and not waited for: what follows happens while it runs. */
  | { t: 'start'; d: number; tab: number }
  /** The device is removed from sync on another one; the member turns sync on again there later. */
  | { t: 'remove'; d: number }
  | { t: 'offline'; d: number }
  | { t: 'online'; d: number }
  | { t: 'restart'; d: number }
  | { t: 'lose'; d: number }
  | { t: 'down' }
  | { t: 'up' }
  | { t: 'wait'; ms: number };

const DEVICES = 3;
const TABS = 2;
/** Snapshots are made this often here (every 1,000 changes in the app), so schedules meet them. */
const SNAPSHOT_EVERY = 6;
/** Records on every device before the schedule starts. */
const START_RECORDS = 3;
const device = fc.nat({ max: DEVICES - 1 });
const record = fc.nat({ max: 9 });
const field = fc.constantFrom(...FIELDS);
const slot = fc.nat({ max: 1 });
const tab = fc.nat({ max: TABS - 1 });

/** One step, weighted toward edits and syncs (what members mostly do). */
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ t: fc.constant('create' as const), d: device, tab }) },
  {
    weight: 6,
    arbitrary: fc.record({ t: fc.constant('edit' as const), d: device, tab, r: record, f: field }),
  },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('open' as const), d: device, tab, r: record, slot }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('submit' as const), d: device, tab, slot, f: field }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), d: device, tab, r: record }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('resolve' as const),
      d: device,
      tab,
      keep: fc.constantFrom('copy' as const, 'other' as const),
    }),
  },
  { weight: 6, arbitrary: fc.record({ t: fc.constant('sync' as const), d: device, tab }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('start' as const), d: device, tab }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('remove' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('offline' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('online' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('restart' as const), d: device }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('lose' as const), d: device }) },
  { weight: 1, arbitrary: fc.constant({ t: 'down' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'up' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('wait' as const), ms: fc.constantFrom(200, 3000, 70_000) }),
  },
);

export const scheduleArbitrary = fc.array(stepArbitrary, { minLength: 5, maxLength: 60 });

/** A value saved by a device: which record's field, and what the device saw there when it made the edit. */
interface Saved {
  id: string;
  field: Field;
  value: string;
  /** The value of that field in the copy the edit was made from (undefined: a new record). */
  saw: string | undefined;
}

interface Form {
  id: string;
  from: Value;
}

export interface Outcome {
  /** Every device's vault, as id → value (the same on all when they converged). */
  vaults: Array<Map<string, unknown>>;
  /** Values saved and not replaced by an edit made from a copy showing them, missing from the member's vault. */
  lost: Saved[];
  /** Why a device did not end synced, if one did not. */
  unsettled: string[];
}

/**
 * Random bytes from `seed` while a schedule runs (ids, IVs, stamps): the same schedule then runs the same way again,
 * so a failure found once is found every time, and shrinks. Answers the way back to the real source.
 */
function seededRandom(seed: number): () => void {
  let state = seed | 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const real = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    if (!array) return array;
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let index = 0; index < bytes.length; index++) bytes[index] = next() & 0xff;
    return array;
  };
  return () => {
    crypto.getRandomValues = real;
  };
}

/** Runs a schedule on a member with three devices, settles them, and reports what the checks look at. */
export async function runSchedule(
  header: VaultHeader,
  steps: Step[],
  password: string,
  seed = 1,
): Promise<Outcome> {
  const restore = seededRandom(seed);
  const server = new MemorySyncServer();
  const devices = Array.from(
    { length: DEVICES },
    (_, index) =>
      new SimulatedDevice(`Device ${index + 1}`, 'member', server.as(`session-${index}`), {
        tabs: TABS,
        snapshotEvery: SNAPSHOT_EVERY,
      }),
  );
  try {
    const [first, ...others] = devices as [SimulatedDevice, ...SimulatedDevice[]];
    await first.openVault(header, password);
    const ids: string[] = [];
    const saved: Saved[] = [];
    /** The forms open in each tab of each device, by slot. */
    const forms = new Map<string, Form | undefined>();
    let tokens = 0;
    const token = (d: number) => `${'ABC'[d]}${++tokens}`;
    const pick = (r: number) => (ids.length === 0 ? undefined : ids[r % ids.length]);
    const remember = (id: string, from: Value | undefined, value: Value) => {
      for (const f of FIELDS) {
        if (from?.[f] !== value[f]) saved.push({ id, field: f, value: value[f], saw: from?.[f] });
      }
    };
    // A few records every device holds to begin with, so edits meet from the first step: the first ones in the
    // vault before it is published (they go up in its publication), the others sent as changes after.
    const addStart = async (count: number) => {
      for (let index = 0; index < count; index++) {
        const id = `r${ids.length + 1}`;
        const value = { a: token(0), b: token(0), c: token(0) };
        ids.push(id);
        await first.vault.save(KIND, id, undefined, value);
        remember(id, undefined, value);
      }
    };
    await addStart(START_RECORDS - 1);
    await first.engine.enable();
    await first.engine.settled();
    for (const other of others) {
      const joined = await other.join(password);
      if (joined !== 'ok') throw new Error(`join: ${joined}`);
    }
    for (const each of devices) await each.openTabs(password);
    await addStart(1);
    for (const each of devices) await each.sync();

    for (const step of steps) {
      const at = 'd' in step ? devices[step.d]! : undefined;
      const vault = 'tab' in step ? at!.tabs[step.tab]!.vault : undefined;
      const formKey = 'tab' in step && 'slot' in step ? `${step.d}/${step.tab}/${step.slot}` : '';
      switch (step.t) {
        case 'create': {
          const id = `r${ids.length + 1}`;
          const value = { a: token(step.d), b: token(step.d), c: token(step.d) };
          ids.push(id);
          await vault!.save(KIND, id, undefined, value);
          remember(id, undefined, value);
          break;
        }
        case 'edit': {
          const id = pick(step.r);
          const from = id ? vault!.get<Value>(id)?.value : undefined;
          if (!id || !from) break;
          const value = { ...from, [step.f]: token(step.d) };
          await vault!.save(KIND, id, from, value);
          remember(id, from, value);
          break;
        }
        case 'open': {
          const id = pick(step.r);
          const from = id ? vault!.get<Value>(id)?.value : undefined;
          forms.set(formKey, id && from ? { id, from } : undefined);
          break;
        }
        case 'submit': {
          const form = forms.get(formKey);
          if (!form) break;
          forms.delete(formKey);
          const value = { ...form.from, [step.f]: token(step.d) };
          await vault!.save(KIND, form.id, form.from, value);
          remember(form.id, form.from, value);
          break;
        }
        case 'delete': {
          const id = pick(step.r);
          const entry = id ? vault!.get<Value>(id) : undefined;
          if (!id || !entry) break;
          // What the member saw goes with it, by their choice.
          if (await vault!.remove(id, entry.updatedAt)) {
            for (const f of FIELDS) saved.push({ id, field: f, value: '', saw: entry.value[f] });
          }
          break;
        }
        case 'resolve': {
          const copy = vault!
            .list<Value & { conflictOf?: string }>(KIND)
            .find((entry) => typeof entry.value.conflictOf === 'string');
          if (!copy) break;
          const { conflictOf, ...copyValue } = copy.value;
          const original = vault!.get<Value>(conflictOf!)?.value;
          if (step.keep === 'copy') {
            await vault!.save(KIND, conflictOf!, original, copyValue);
            for (const f of FIELDS) {
              if (original?.[f] !== copyValue[f]) {
                saved.push({ id: conflictOf!, field: f, value: copyValue[f], saw: original?.[f] });
              }
            }
          }
          // The copy goes: what it held, seen by the member, goes with it by their choice.
          if (await vault!.remove(copy.id, copy.updatedAt)) {
            for (const f of FIELDS) saved.push({ id: conflictOf!, field: f, value: '', saw: copyValue[f] });
          }
          break;
        }
        case 'sync':
          await at!.sync(step.tab);
          break;
        case 'start':
          at!.tabs[step.tab]!.engine.syncNow();
          break;
        case 'remove': {
          const meta = await at!.syncStore.syncMeta();
          if (meta) {
            await server
              .as('another device')
              .call('syncRemoveDevice', { params: { id: meta.device } })
              .catch(() => undefined);
          }
          break;
        }
        case 'offline':
          at!.online = false;
          break;
        case 'online':
          at!.online = true;
          for (const each of at!.tabs) each.engine.syncNow();
          break;
        case 'restart':
          for (const key of [...forms.keys()]) if (key.startsWith(`${step.d}/`)) forms.delete(key);
          await at!.restart(password);
          break;
        case 'lose':
          server.loseNextAnswer.add(`session-${step.d}`);
          break;
        case 'down':
          server.down = true;
          break;
        case 'up':
          server.down = false;
          break;
        case 'wait':
          for (const each of devices) each.clock.advance(step.ms);
          break;
      }
    }

    // Everyone back online with the server up, then runs until nothing moves.
    server.down = false;
    server.loseNextAnswer.clear();
    for (const each of devices) each.online = true;
    for (let round = 0; round < 6; round++) {
      for (const each of devices) {
        await each.settled();
        // A device removed from sync: the member turns it on again there.
        if (each.tabs.some((one) => failureOf(one.engine.status) === 'sync/unknown-device')) {
          await each.engine.rejoin();
        }
        for (const [index] of each.tabs.entries()) await each.sync(index);
      }
    }
    for (const each of devices) await each.settled();
    const unsettled: string[] = [];
    for (const each of devices) {
      await each.settled();
      const meta = await each.syncStore.syncMeta();
      const dirty = await each.syncStore.dirtyCount();
      const outbox = (await each.syncStore.outbox()).length;
      if (each.engine.status.state !== 'synced' || dirty > 0 || outbox > 0 || meta?.after !== server.latest) {
        unsettled.push(
          `${each.name}: ${JSON.stringify(each.engine.status)} dirty ${dirty} outbox ${outbox} after ${meta?.after} of ${server.latest}`,
        );
      }
    }
    // Every tab of every device: what the member sees in each.
    const vaults = devices.flatMap((each) =>
      each.tabs.map(
        (one) => new Map(one.vault.all().map((entry) => [entry.id, entry.value] as [string, unknown])),
      ),
    );
    // A value is replaced when an edit (or the deletion) of that field was made from a copy showing it.
    const replaced = new Set(saved.map((item) => `${item.id}/${item.field}/${item.saw}`));
    const records = [...vaults[0]!.values()] as Array<Value & { conflictOf?: string }>;
    const lost = saved.filter((item) => {
      if (item.value === '' || replaced.has(`${item.id}/${item.field}/${item.value}`)) return false;
      const kept = vaults[0]!.get(item.id) as Value | undefined;
      if (kept?.[item.field] === item.value) return false;
      return !records.some((value) => value.conflictOf === item.id && value[item.field] === item.value);
    });
    return { vaults, lost, unsettled };
  } finally {
    for (const each of devices) each.close();
    restore();
  }
}

const failureOf = (status: SyncStatus) => (status.state === 'error' ? status.cause : null);

/** JSON with every object's keys in order: two equal values read the same whoever made them. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether every device holds the same records with the same values. */
export function converged(vaults: Array<Map<string, unknown>>): boolean {
  const [first, ...others] = vaults.map((vault) =>
    canonical([...vault].sort(([a], [b]) => (a < b ? -1 : 1))),
  );
  return others.every((other) => other === first);
}
