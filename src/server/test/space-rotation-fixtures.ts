// What the tests of a space's rotation and hand-over send, made as a member's device makes it (docs/spaces-plan.md
// §3 "Rotation"): devices in an epoch pushing signed changes, snapshots (published, regular or staged for the next
// epoch) proven by the member's identity, and rotations — the signed entries and the next key's wraps — built from
// what the rotating member reads of the space.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { entryHash, type LogEntry } from '../../shared/spaces/log.js';
import {
  keyFingerprint,
  SPACE_CHANGE,
  SPACE_DEVICE,
  SPACE_SNAPSHOT,
  statementBytes,
  type MemberKey,
} from '../../shared/spaces/statements.js';
import type { TestApp } from './harness.js';
import {
  nextPlace,
  randomB64url,
  randomHex,
  signedEntry,
  signedWrap,
  type Identity,
  type SpaceMember,
} from './space-fixtures.js';
import { chain, syncId } from './sync-fixtures.js';

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** A member of a space as its summary lists them. */
export interface Listed {
  uid: string;
  role: string;
  state: string;
  key: MemberKey;
}

export function rotationKit(t: TestApp) {
  const send = (who: SpaceMember, method: Method, url: string, body?: unknown, app: TestApp = t) =>
    app.request({ method, url, cookie: who.cookie, ...(body === undefined ? {} : { body }) });

  /** The space's series as `who` reads it (epoch, series, latest, snapshot, devices, wrap). */
  const syncState = async (who: SpaceMember, spaceId: string) => {
    const answer = await send(who, 'GET', `/api/spaces/${spaceId}/sync`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      epoch: number;
      series: string;
      latest: number;
      snapshot: { id: string; covers: number; size: number } | null;
      wrap: string | null;
    };
  };

  /** The space as `who` lists it (undefined: not among theirs). */
  const listed = async (who: SpaceMember, spaceId: string) =>
    (
      (await send(who, 'GET', '/api/spaces')).json().spaces as Array<{
        id: string;
        role: string;
        owner: string;
        epoch: number;
        members: Listed[];
      }>
    ).find((space) => space.id === spaceId);

  /** A device of `who` in the space's `epoch`: registered with their identity, pushing signed changes. */
  async function device(who: SpaceMember, spaceId: string, epoch: number) {
    const id = syncId();
    const sign = who.identity!.sign;
    const registered = await send(who, 'PUT', `/api/spaces/${spaceId}/devices/${id}`, {
      epoch,
      proof: sign(statementBytes([SPACE_DEVICE, spaceId, epoch, id])),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const changes = chain(id);
    return {
      id,
      /** Pushes `count` new changes; refused, the device forgets them (its chain stays where the server has it). */
      async push(count = 1) {
        const list = Array.from({ length: count }, () => {
          const change = changes.next();
          const madeAt = new Date(t.now()).toISOString();
          const logHead = 'a'.repeat(64);
          const sig = sign(
            statementBytes([SPACE_CHANGE, spaceId, epoch, id, change.seq, change.mac, madeAt, logHead]),
          );
          return { ...change, madeAt, logHead, sig };
        });
        const answer = await send(who, 'POST', `/api/spaces/${spaceId}/changes`, {
          epoch,
          device: id,
          changes: list,
        });
        if (answer.statusCode !== 200) for (let n = 0; n < count; n++) changes.back();
        return answer;
      },
    };
  }

  /** Uploads a snapshot of `bytes` (`kind`: regular, the epoch's publication, or staged for the next epoch). */
  const upload = (
    who: SpaceMember,
    spaceId: string,
    query: { epoch: number; device: string; covers: number; kind?: 'publish' | 'stage'; signer?: Identity },
    bytes: Buffer,
  ) => {
    const digest = crypto.createHash('sha256').update(bytes).digest('base64');
    const proof = (query.signer ?? who.identity!).sign(
      statementBytes([SPACE_SNAPSHOT, spaceId, query.epoch, query.device, query.covers, digest]),
    );
    const kind = query.kind ? `&${query.kind}=1` : '';
    return t.app.inject({
      method: 'PUT',
      url: `/api/spaces/${spaceId}/snapshots?epoch=${query.epoch}&device=${query.device}&covers=${query.covers}${kind}&proof=${proof}`,
      payload: bytes,
      headers: { origin: t.origin, cookie: who.cookie, 'content-type': 'application/octet-stream' },
    });
  };

  /** Stages the next epoch's snapshot from `device` (answered 201, or the test fails): its id and bytes. */
  async function staged(who: SpaceMember, spaceId: string, deviceId: string, size = 3000) {
    const { epoch } = await syncState(who, spaceId);
    const bytes = crypto.randomBytes(size);
    const answer = await upload(
      who,
      spaceId,
      { epoch: epoch + 1, device: deviceId, covers: 1, kind: 'stage' },
      bytes,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return { id: (answer.json() as { id: string }).id, bytes };
  }

  /**
   * A rotation by `by` as its device makes it, from what `by` reads of the space: a `remove` of `remove` first
   * (when given), the `rotate` naming every member who stays, and the next key wrapped to each. Options forge it:
   * another signer of the `rotate`, other wraps, another epoch or newest change than the space's.
   */
  async function rotationOf(
    by: SpaceMember,
    spaceId: string,
    options: {
      snapshot: string;
      remove?: SpaceMember;
      signer?: Identity;
      wraps?: (
        staying: Listed[],
        next: number,
      ) => Array<{ uid: string; wrap: ReturnType<typeof signedWrap> }>;
      epoch?: number;
      covers?: number;
    },
  ) {
    const state = await syncState(by, spaceId);
    const space = (await listed(by, spaceId))!;
    const staying = space.members.filter(
      (member) => member.state === 'member' && member.uid !== options.remove?.uid,
    );
    const next = state.epoch + 1;
    let place = await nextPlace(t, by, spaceId);
    const entries: LogEntry[] = [];
    if (options.remove) {
      const removal = signedEntry(
        spaceId,
        { ...place, kind: 'remove', author: by.uid, body: { uid: options.remove.uid } },
        by.identity!,
      );
      entries.push(removal);
      place = { seq: place.seq + 1, prev: await entryHash(removal) };
    }
    const wrappedTo = await Promise.all(staying.map((member) => keyFingerprint(member.key)));
    const series = randomHex();
    entries.push(
      signedEntry(
        spaceId,
        {
          ...place,
          kind: 'rotate',
          author: by.uid,
          body: { epoch: next, series, commit: randomB64url(32), wrappedTo },
        },
        options.signer ?? by.identity!,
      ),
    );
    const wraps =
      options.wraps?.(staying, next) ??
      staying.map((member) => ({
        uid: member.uid,
        wrap: signedWrap(spaceId, next, member.uid, member.key.version, by),
      }));
    return {
      series,
      body: {
        epoch: options.epoch ?? state.epoch,
        covers: options.covers ?? state.latest,
        snapshot: options.snapshot,
        entries,
        wraps,
      },
    };
  }

  const rotate = (by: SpaceMember, spaceId: string, body: unknown, app: TestApp = t) =>
    send(by, 'POST', `/api/spaces/${spaceId}/rotate`, body, app);

  /** How many rows of the space's epoch `epoch` each table keeps. */
  async function rowsOfEpoch(spaceId: string, epoch: number) {
    const db = t.database.db;
    const count = async (
      table:
        | 'space_changes'
        | 'space_heads'
        | 'space_devices'
        | 'space_retired_devices'
        | 'space_snapshots'
        | 'space_keys',
    ) =>
      Number(
        (
          await db
            .selectFrom(table as 'space_heads')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('space_id', '=', spaceId)
            .where('epoch', '=', epoch)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      changes: await count('space_changes'),
      heads: await count('space_heads'),
      devices: await count('space_devices'),
      retired: await count('space_retired_devices'),
      snapshots: await count('space_snapshots'),
      wraps: await count('space_keys'),
    };
  }

  return { send, syncState, listed, device, upload, staged, rotationOf, rotate, rowsOfEpoch };
}
