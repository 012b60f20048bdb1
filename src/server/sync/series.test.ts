// The rules of a series (series.ts) on a series held in memory, as a store would hold it: a device's chain taken
// in order and once, a change made from an older version held back, the history read a page of bytes at a time,
// and a snapshot replacing it only when allowed and signed. Who may write, the lock and the quota are the callers'
// (sync-service.test.ts for a member's series, on the database).
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SYNC_PAGE_BYTES, SYNC_PAGE_CHANGES } from '../../shared/constants.js';
import { originVersion, type SyncChangeBody } from '../../shared/schemas/sync.js';
import { ApiError } from '../http/errors.js';
import { chain, signingPair, syncId } from '../test/sync-fixtures.js';
import { DEVICE_PROOF, SNAPSHOT_PROOF } from './proofs.js';
import {
  CHANGE_ROW_BYTES,
  changesAfter,
  HEAD_BYTES,
  keepSnapshot,
  proveDevice,
  pushChanges,
  snapshotAllowed,
  type SeriesChange,
  type SeriesDevice,
  type SeriesSnapshot,
  type SeriesStore,
} from './series.js';

const AT = '2025-01-01T00:00:00.000Z';

/** The code a rule refuses with, or 'done'. */
async function answer(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'done';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

/** A series' rows in memory (the database's are store.ts's), with the key it takes signatures by. */
function memorySeries(signingKey: string | null = null) {
  const id = syncId();
  const rows = {
    latest: 0,
    changes: [] as SeriesChange[],
    heads: new Map<string, string>(),
    devices: new Map<string, SeriesDevice>(),
    snapshots: [] as SeriesSnapshot[],
    usage: 0,
  };
  const store: SeriesStore = {
    async findChange(device, deviceSeq) {
      const row = rows.changes.find((change) => change.device === device && change.device_seq === deviceSeq);
      return row && { seq: row.seq, mac: row.mac };
    },
    async headsOf(rids) {
      return new Map(rids.flatMap((rid) => (rows.heads.has(rid) ? [[rid, rows.heads.get(rid)!]] : [])));
    },
    async insertChanges(changes) {
      rows.changes.push(...changes);
    },
    async setHeads(heads) {
      for (const [rid, version] of heads) rows.heads.set(rid, version);
    },
    async setLatest(latest) {
      rows.latest = latest;
    },
    async updateDevice(device, end) {
      rows.devices.set(device, { id: device, last_seq: end.last_seq, last_mac: end.last_mac });
    },
    async changeSizes(after, limit) {
      return rows.changes
        .filter((change) => change.seq > after)
        .slice(0, limit)
        .map(({ seq, size }) => ({ seq, size }));
    },
    async changesThrough(after, last) {
      return rows.changes.filter((change) => change.seq > after && change.seq <= last);
    },
    async newestSnapshot() {
      return rows.snapshots.toSorted((a, b) => b.covers - a.covers)[0];
    },
    async insertSnapshot(snapshot) {
      rows.snapshots.push(snapshot);
    },
    async deleteChangesThrough(covers) {
      const gone = rows.changes.filter((change) => change.seq <= covers);
      rows.changes = rows.changes.filter((change) => change.seq > covers);
      return gone.reduce((sum, change) => sum + change.size, 0);
    },
    async deleteOlderSnapshots(keep) {
      const old = rows.snapshots.filter((snapshot) => snapshot.id !== keep);
      rows.snapshots = rows.snapshots.filter((snapshot) => snapshot.id === keep);
      return {
        files: old.map((snapshot) => snapshot.storage_key),
        bytes: old.reduce((sum, snapshot) => sum + snapshot.size, 0),
      };
    },
    async addUsage(delta) {
      rows.usage += delta;
    },
  };
  const series = () => ({ id, latest: rows.latest, signingKey });
  /** A device's chain end as its caller reads it under the lock. */
  const device = (name: string) => rows.devices.get(name) ?? { id: name, last_seq: 0, last_mac: null };
  let asked = 0;
  return {
    id,
    rows,
    store,
    series,
    /** How many times the quota was asked for room, refused or not. */
    asked: () => asked,
    push: (name: string, changes: SyncChangeBody[], room = Infinity) =>
      pushChanges(store, series(), {
        device: device(name),
        changes,
        at: AT,
        ensureRoom: async (adding) => {
          asked += 1;
          if (adding > room) throw new ApiError('storage/quota-exceeded');
        },
      }),
    changes: (after: number) => changesAfter(store, series(), after),
  };
}

describe('a series', () => {
  it('numbers each device’s chain in order across devices, and counts each change and each new record', async () => {
    const s = memorySeries();
    const laptop = chain(syncId());
    const phone = chain(syncId());
    const first = laptop.next();
    expect(await s.push(laptop.device, [first, laptop.next()])).toEqual({
      stored: [1, 2],
      latest: 2,
      stale: null,
      added: 2,
    });
    const edit = phone.next(200, { rid: first.rid, base: `${laptop.device}:1` });
    expect(await s.push(phone.device, [edit])).toEqual({ stored: [3], latest: 3, stale: null, added: 1 });
    expect(await s.push(laptop.device, [laptop.next()])).toMatchObject({ stored: [4], latest: 4 });
    expect(s.rows.latest).toBe(4);
    expect(s.rows.heads.get(first.rid)).toBe(`${phone.device}:1`);
    expect(s.rows.devices.get(laptop.device)).toMatchObject({ last_seq: 3 });
    // Three records written (the phone's edit was of one already there).
    const sizes = s.rows.changes.reduce((sum, change) => sum + change.size, 0);
    expect(s.rows.usage).toBe(sizes + 3 * HEAD_BYTES);
    expect(s.rows.changes[0]!.size).toBe(Buffer.byteLength(s.rows.changes[0]!.body) + CHANGE_ROW_BYTES);
    // Read back as the device sent it, with its number in the series.
    const [read] = (await s.changes(2)).changes;
    expect(read).toEqual({ ...edit, at: 3, device: phone.device });
  });

  it('answers a retry as the first time and stores nothing twice; another change under a sent number is refused', async () => {
    const s = memorySeries();
    const laptop = chain(syncId());
    const [first, second] = [laptop.next(), laptop.next()];
    const answered = await s.push(laptop.device, [first, second]);
    expect(await s.push(laptop.device, [first, second])).toEqual({ ...answered, added: 0 });
    const third = laptop.next();
    expect(await s.push(laptop.device, [second, third])).toEqual({
      stored: [2, 3],
      latest: 3,
      stale: null,
      added: 1,
    });
    expect(s.rows.changes.map((change) => change.device_seq)).toEqual([1, 2, 3]);
    expect(
      await answer(s.push(laptop.device, [{ ...first, mac: crypto.randomBytes(32).toString('base64') }])),
    ).toBe('sync/out-of-order');
  });

  it('refuses a gap or a broken link in a chain, storing none of the push', async () => {
    const s = memorySeries();
    const laptop = chain(syncId());
    const [first, second] = [laptop.next(), laptop.next()];
    expect(await answer(s.push(laptop.device, [second]))).toBe('sync/out-of-order');
    expect(await answer(s.push(laptop.device, [first, { ...second, prev: null }]))).toBe('sync/out-of-order');
    expect([s.rows.changes, s.rows.latest, s.rows.usage, s.asked()]).toEqual([[], 0, 0, 0]);
  });

  it('holds back a change made from an older version, and the rest of the push with it', async () => {
    const s = memorySeries();
    const laptop = chain(syncId());
    const phone = chain(syncId());
    const note = laptop.next();
    await s.push(laptop.device, [note]);
    const late = phone.next(200, { rid: note.rid, base: null });
    expect(await s.push(phone.device, [late, phone.next()])).toEqual({
      stored: [],
      latest: 1,
      stale: 1,
      added: 0,
    });
    expect(s.rows.devices.get(phone.device)).toMatchObject({ last_seq: 0, last_mac: null });
    // Merged and sent again from the newest version; a record of the series' publication from its origin's.
    phone.back();
    phone.back();
    const merged = phone.next(200, { rid: note.rid, base: `${laptop.device}:1` });
    const published = phone.next(200, { base: originVersion(s.id) });
    expect(await s.push(phone.device, [merged, published])).toMatchObject({ stored: [2, 3], stale: null });
    // The origin's version only names a record never changed since the publication.
    expect(
      await s.push(laptop.device, [laptop.next(200, { rid: note.rid, base: originVersion(s.id) })]),
    ).toMatchObject({ stored: [], stale: 2 });
  });

  it('writes nothing the quota has no room for', async () => {
    const s = memorySeries();
    const laptop = chain(syncId());
    expect(await answer(s.push(laptop.device, [laptop.next()], 100))).toBe('storage/quota-exceeded');
    expect([s.rows.changes, s.rows.latest, s.rows.usage, s.rows.heads.size]).toEqual([[], 0, 0, 0]);
  });

  it('reads the history a page of bytes at a time, a change larger than a page alone', async () => {
    const s = memorySeries();
    const laptop = chain(syncId());
    // Three of these fit in a page, four do not (a payload is base64: 4 characters for 3 bytes); the last is larger
    // than a page.
    const big = Math.floor(((SYNC_PAGE_BYTES / 3.5) * 3) / 4);
    const changes = Array.from({ length: 10 }, () => laptop.next(big));
    await s.push(laptop.device, [...changes, laptop.next(SYNC_PAGE_BYTES)]);
    const pages: number[][] = [];
    for (let after = 0; after < s.rows.latest;) {
      const page = await s.changes(after);
      pages.push(page.changes.map((change) => change.at));
      after = page.changes.at(-1)!.at;
    }
    expect(pages).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10], [11]]);
    expect(await s.changes(11)).toEqual({ changes: [], latest: 11, snapshot: null });
  });

  it('reads at most a page’s count of changes, however small', async () => {
    const s = memorySeries();
    const laptop = chain(syncId());
    await s.push(
      laptop.device,
      Array.from({ length: SYNC_PAGE_CHANGES + 1 }, () => laptop.next(1)),
    );
    expect((await s.changes(0)).changes).toHaveLength(SYNC_PAGE_CHANGES);
    expect((await s.changes(SYNC_PAGE_CHANGES)).changes.map((change) => change.at)).toEqual([
      SYNC_PAGE_CHANGES + 1,
    ]);
  });

  it('lets a device join only with the series key’s signature naming it, once the series has a key', () => {
    const keys = signingPair();
    const s = memorySeries(keys.signing.publicKey);
    const device = syncId();
    const proof = keys.deviceProof(s.id, device);
    expect(() => proveDevice(s.series(), [DEVICE_PROOF, s.id, device], proof)).not.toThrow();
    for (const [named, sent] of [
      [syncId(), proof],
      [device, undefined],
      [device, signingPair().deviceProof(s.id, device)],
    ] as const) {
      expect(() => proveDevice(s.series(), [DEVICE_PROOF, s.id, named], sent)).toThrow(
        expect.objectContaining({ code: 'sync/unproven' }) as ApiError,
      );
    }
    // A vault an older app published without a key takes its devices unsigned.
    const keyless = memorySeries();
    expect(() => proveDevice(keyless.series(), [DEVICE_PROOF, keyless.id, device], undefined)).not.toThrow();
  });

  describe('snapshots', () => {
    const keys = signingPair();
    const device = syncId();
    const statement = (id: string, covers: number, bytes: Buffer) => [
      SNAPSHOT_PROOF,
      id,
      device,
      covers,
      crypto.createHash('sha256').update(bytes).digest('base64'),
    ];
    /** Keeps `bytes` as a snapshot covering `covers`, signed over `signed` (its own bytes unless said). */
    const keep = (
      s: ReturnType<typeof memorySeries>,
      covers: number,
      bytes: Buffer,
      extra: { publish?: '1'; signed?: Buffer } = {},
    ) => {
      const id = syncId();
      const offer = {
        covers,
        publish: extra.publish,
        proof: keys.snapshotProof(s.id, device, covers, extra.signed ?? bytes),
      };
      return keepSnapshot(
        s.store,
        s.series(),
        offer,
        { id, size: bytes.length, storage_key: `files/${id}`, created_at: AT },
        statement(s.id, covers, bytes),
      );
    };

    it('takes the publication only as the first number of an empty series', async () => {
      const s = memorySeries(keys.signing.publicKey);
      const proof = 'x';
      expect(await answer(snapshotAllowed(s.store, s.series(), { covers: 1, publish: '1', proof }))).toBe(
        'done',
      );
      expect(await answer(snapshotAllowed(s.store, s.series(), { covers: 2, publish: '1', proof }))).toBe(
        'sync/stale-snapshot',
      );
      expect(await keep(s, 1, Buffer.from('the whole vault'), { publish: '1' })).toEqual([]);
      expect([s.rows.latest, s.rows.usage]).toEqual([1, 15]);
      // Once the series has begun, too late.
      expect(await answer(keep(s, 1, Buffer.from('again'), { publish: '1' }))).toBe('sync/stale-snapshot');
      const laptop = chain(syncId());
      await s.push(laptop.device, [laptop.next()]);
      expect(await answer(keep(s, 1, Buffer.from('later'), { publish: '1' }))).toBe('sync/stale-snapshot');
    });

    it('replaces the history through what it covers, and the snapshot before it', async () => {
      const s = memorySeries(keys.signing.publicKey);
      const laptop = chain(syncId());
      await s.push(
        laptop.device,
        Array.from({ length: 5 }, () => laptop.next()),
      );
      const before = s.rows.usage;
      const [third, fourth] = [s.rows.changes[2]!, s.rows.changes[3]!];
      const compacted = s.rows.changes.slice(0, 3).reduce((sum, change) => sum + change.size, 0);
      expect(await keep(s, 3, Buffer.from('three'))).toEqual([]);
      expect(s.rows.changes.map((change) => change.seq)).toEqual([4, 5]);
      expect(s.rows.usage).toBe(before - compacted + 5);
      // A device behind the snapshot reads it first; one past it reads on.
      expect(await s.changes(2)).toEqual({
        changes: [],
        latest: 5,
        snapshot: { id: s.rows.snapshots[0]!.id, covers: 3, size: 5 },
      });
      expect((await s.changes(third.seq)).changes[0]).toMatchObject({ at: fourth.seq, mac: fourth.mac });
      const older = s.rows.snapshots[0]!.storage_key;
      expect(await keep(s, 5, Buffer.from('five!'))).toEqual([older]);
      expect([s.rows.changes, s.rows.snapshots.map((snapshot) => snapshot.covers)]).toEqual([[], [5]]);
    });

    it('refuses one covering what the series has not handed out, or no more than the newest', async () => {
      const s = memorySeries(keys.signing.publicKey);
      const laptop = chain(syncId());
      await s.push(laptop.device, [laptop.next(), laptop.next()]);
      expect(await answer(keep(s, 3, Buffer.from('ahead')))).toBe('request/invalid');
      await keep(s, 2, Buffer.from('two'));
      await s.push(laptop.device, [laptop.next()]);
      expect(await answer(keep(s, 2, Buffer.from('same')))).toBe('sync/stale-snapshot');
      expect(await answer(keep(s, 1, Buffer.from('older')))).toBe('sync/stale-snapshot');
    });

    it('refuses one unsigned, signed over other bytes, or to a series without a key, touching nothing', async () => {
      const s = memorySeries(keys.signing.publicKey);
      const laptop = chain(syncId());
      await s.push(laptop.device, [laptop.next(), laptop.next()]);
      const before = structuredClone(s.rows);
      expect(await answer(snapshotAllowed(s.store, s.series(), { covers: 2 }))).toBe('sync/unproven');
      expect(await answer(keep(s, 2, Buffer.from('junk'), { signed: Buffer.from('snapshot') }))).toBe(
        'sync/unproven',
      );
      const keyless = memorySeries();
      expect(
        await answer(
          snapshotAllowed(keyless.store, keyless.series(), { covers: 1, publish: '1', proof: 'x' }),
        ),
      ).toBe('sync/unproven');
      expect(s.rows).toEqual(before);
    });
  });
});
