// Sync between a member's devices (docs/sync.md, "On the server"): the server is an ordered buffer of sealed
// changes. It hands out one series of numbers per member, keeps each device's chain contiguous, stores snapshots
// and documents' chunks as files, counts all of it against the member's quota, and tells the member's other
// devices at once through the live bus. It reads nothing sealed.
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { API } from '../../shared/api.js';
import {
  SYNC_CHUNK_MAX_BYTES,
  SYNC_MAX_DEVICES,
  SYNC_PAGE_BYTES,
  SYNC_PAGE_CHANGES,
  SYNC_PUSH_BODY_LIMIT_BYTES,
} from '../../shared/constants.js';
import { originVersion, type SyncChangeBody, type SyncVaultHeaderJson } from '../../shared/schemas/sync.js';
import { caller, deviceKey } from '../accounts/access.js';
import type { AccountService, SignedIn } from '../accounts/service.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import {
  heldNow,
  storeWithinQuota,
  usedBytes,
  withMemberLocked,
  type QuotaDeps,
} from '../documents/store.js';
import { ApiError } from '../http/errors.js';
import { route } from '../http/route.js';
import { newId } from '../ids.js';
import type { LiveBus } from '../live/bus.js';
import { declaredLength, sendStored, uploadBody } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';
import { DEVICE_PROOF, hashing, proven, signingKey, SNAPSHOT_PROOF } from './proofs.js';
import * as store from './store.js';

export interface SyncDeps extends QuotaDeps {
  accounts: AccountService;
  storage: FileStorage;
  live: LiveBus;
}

/** The live bus topic of a member's sync news. */
export const syncTopic = (uid: string) => `sync:${uid}`;

/** A stored change as devices read it. */
function present(row: store.ChangeRow) {
  const body = JSON.parse(row.body) as Omit<SyncChangeBody, 'seq' | 'mac'>;
  return { ...body, seq: Number(row.device_seq), mac: row.mac, at: Number(row.seq), device: row.device };
}

/** The vault as devices read it. */
function presentVault(row: store.VaultRow) {
  return {
    id: row.vault_id,
    header: JSON.parse(row.header) as SyncVaultHeaderJson,
    headerMac: row.header_mac,
    signing:
      row.signing_public_key && row.signing_sealed_key
        ? { publicKey: row.signing_public_key, sealedKey: row.signing_sealed_key }
        : null,
    updated: row.updated_at,
  };
}

/** A signature sent in base64 or base64url, as bytes. */
const signatureBytes = (proof: string, encoding: 'base64' | 'base64url') => Buffer.from(proof, encoding);

function presentSnapshot(row: store.SnapshotRow | undefined) {
  return row ? { id: row.id, covers: Number(row.covers), size: Number(row.size) } : null;
}

export function syncRoutes(app: FastifyInstance, deps: SyncDeps): void {
  const { db, accounts, storage, clock, live } = deps;
  const locked = <T>(userId: string, work: (trx: Transaction<Database>) => Promise<T>) =>
    withMemberLocked(db, deps.dialect, userId, work);
  const announce = (userId: string) => live.publish(syncTopic(userId));
  /** Refuses `adding` more bytes when the member's quota (documents, sync, uploads in flight) has no room for them. */
  const ensureRoom = async (trx: Transaction<Database>, userId: string, adding: number) => {
    if (adding <= 0) return;
    const used = (await usedBytes(trx, userId)) + (await heldNow(deps, trx, userId));
    if (used + adding > deps.quotaBytes) throw new ApiError('storage/quota-exceeded');
  };
  const removeFiles = async (keys: string[], log: FastifyInstance['log']) => {
    for (const key of keys) {
      await storage.delete(key).catch((err: unknown) => log.warn({ err }, 'synced file not deleted'));
    }
  };

  /** The device, known to this member's sync: sending for a removed device is refused. */
  const knownDevice = async (trx: Kysely<Database> | Transaction<Database>, userId: string, id: string) => {
    const device = await store.findDevice(trx, userId, id);
    if (!device) throw new ApiError('sync/unknown-device');
    return device;
  };

  /**
   * The caller's own device: registered by this very session. Another session of the member (a stolen cookie among
   * them) may list, rename and remove it, never write as it.
   */
  const ownDevice = async (trx: Transaction<Database>, signedIn: SignedIn, id: string) => {
    const device = await knownDevice(trx, signedIn.user.uid, id);
    if (device.session_id !== signedIn.sessionId) throw new ApiError('sync/not-your-device');
    return device;
  };

  /**
   * Retires the member's devices whose session ended (logged out, ended from another device, refused at the
   * new-device check, ended by a password change or reset, expired): a device syncs only while the session that
   * registered it lasts. In a transaction of its own, so a request refused afterwards does not undo it; the
   * member's devices hear of it.
   */
  const retireEnded = async (userId: string): Promise<void> => {
    if ((await store.devicesOfEndedSessions(db, userId, isoAt(clock))).length === 0) return;
    const retired = await locked(userId, async (trx) => {
      const vault = await store.findVault(trx, userId);
      if (!vault) return [];
      const at = isoAt(clock);
      const ended = await store.devicesOfEndedSessions(trx, userId, at);
      return store.retireDevices(trx, userId, ended, vault.vault_id, at);
    });
    if (retired.length > 0) await announce(userId);
  };
  // A member's sessions changed (on any process): their ended sessions' devices go at once. Expired sessions
  // announce nothing; the member's next sync request retires their devices, and the device list leaves them out.
  const unsubscribe = live.subscribeAll((topic) => {
    if (!topic.startsWith('devices:')) return;
    retireEnded(topic.slice('devices:'.length)).catch((err: unknown) =>
      app.log.warn({ err }, 'devices of ended sessions not retired'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());

  route(app, accounts, API.syncState, async ({ signedIn: { user, sessionId } }) => {
    await retireEnded(user.uid);
    const vault = await store.findVault(db, user.uid);
    const devices = await store.listDevices(db, user.uid, isoAt(clock));
    return {
      vault: vault ? presentVault(vault) : null,
      devices: devices.map((device) => ({
        id: device.id,
        name: device.name,
        current: device.session_id === sessionId,
        added: device.created_at,
        lastSeen: device.last_seen_at,
      })),
      latest: Number(vault?.latest ?? 0),
      snapshot: presentSnapshot(await store.newestSnapshot(db, user.uid)),
      usedBytes: await usedBytes(db, user.uid),
      quotaBytes: deps.quotaBytes,
    };
  });

  route(app, accounts, API.syncPublishVault, async ({ signedIn: { user }, body }) => {
    const at = isoAt(clock);
    const header = JSON.stringify(body.header);
    if (body.signing && !signingKey(body.signing.publicKey)) throw new ApiError('request/invalid');
    const answer = await locked(user.uid, async (trx) => {
      const vault = await store.findVault(trx, user.uid);
      if (vault && vault.vault_id !== body.id) throw new ApiError('sync/other-vault');
      // The signing key is set once: with the vault, or later by the first device that has one (a vault an older
      // app published). Another one is another vault's; none sent keeps the one there.
      let signing = { public: vault?.signing_public_key ?? null, sealed: vault?.signing_sealed_key ?? null };
      if (body.signing) {
        const sent = { public: body.signing.publicKey, sealed: body.signing.sealedKey };
        if (signing.public !== null && (signing.public !== sent.public || signing.sealed !== sent.sealed)) {
          throw new ApiError('sync/other-vault');
        }
        signing = sent;
      }
      const row = {
        header,
        header_mac: body.headerMac,
        signing_public_key: signing.public,
        signing_sealed_key: signing.sealed,
        updated_at: at,
      };
      const adding = store.vaultBytes(row) - (vault ? store.vaultBytes(vault) : 0);
      await ensureRoom(trx, user.uid, adding);
      await store.addUsage(trx, user.uid, adding);
      if (!vault) {
        await store.forgetOtherVaultsDevices(trx, user.uid, body.id);
        await store.insertVault(trx, {
          user_id: user.uid,
          vault_id: body.id,
          ...row,
          latest: 0,
          created_at: at,
        });
      } else {
        await store.updateVault(trx, user.uid, row);
      }
      return presentVault({
        ...(vault ?? { user_id: user.uid, latest: 0, created_at: at }),
        vault_id: body.id,
        ...row,
      });
    });
    await announce(user.uid);
    return answer;
  });

  // A sensitive change, as a password's or a passkey's: a fresh proof of the member, counted against the login
  // limits when it is the password.
  route(app, accounts, API.syncDeleteVault, async ({ signedIn, body, request }) => {
    const { user } = signedIn;
    await accounts.proveMember(signedIn, body.currentPassword, caller(request));
    const files = await locked(user.uid, (trx) => store.deleteSynced(trx, user.uid, isoAt(clock)));
    await announce(user.uid);
    await removeFiles(files, request.log);
  });

  route(app, accounts, API.syncRegisterDevice, async ({ signedIn, params, body, request }) => {
    const { user } = signedIn;
    const at = isoAt(clock);
    await retireEnded(user.uid);
    const row = await locked(user.uid, async (trx) => {
      const vault = await store.findVault(trx, user.uid);
      if (!vault) throw new ApiError('sync/no-vault');
      // Only a device that opened the vault can sign its joining (once the vault has a signing key).
      if (
        vault.signing_public_key !== null &&
        (body.proof === undefined ||
          !proven(
            vault.signing_public_key,
            [DEVICE_PROOF, vault.vault_id, params.id],
            signatureBytes(body.proof, 'base64'),
          ))
      ) {
        throw new ApiError('sync/unproven');
      }
      // Removed once, gone for good: its chain cannot start over under numbers its old changes hold.
      if (await store.isRetired(trx, user.uid, params.id)) throw new ApiError('sync/device-removed');
      const known = await store.findDevice(trx, user.uid, params.id);
      if (known) {
        // Registered again (renamed) only by the session that registered it.
        if (known.session_id !== signedIn.sessionId) throw new ApiError('sync/not-your-device');
        await store.updateDevice(trx, user.uid, params.id, { name: body.name, last_seen_at: at });
        return { ...known, name: body.name, last_seen_at: at };
      }
      const added: store.DeviceRow = {
        user_id: user.uid,
        id: params.id,
        name: body.name,
        session_device: deviceKey(request),
        session_id: signedIn.sessionId,
        last_seq: 0,
        last_mac: null,
        created_at: at,
        last_seen_at: at,
      };
      // Counted under the member's lock, so registrations sent at once cannot pass it; devices of ended sessions
      // were retired above (and one whose session ended since is not counted).
      if ((await store.listDevices(trx, user.uid, at)).length >= SYNC_MAX_DEVICES) {
        throw new ApiError('sync/too-many-devices');
      }
      await ensureRoom(trx, user.uid, store.DEVICE_BYTES);
      await store.insertDevice(trx, added);
      await store.addUsage(trx, user.uid, store.DEVICE_BYTES);
      return added;
    });
    await announce(user.uid);
    return {
      id: row.id,
      name: row.name,
      current: true,
      added: row.created_at,
      lastSeen: row.last_seen_at,
    };
  });

  // Any of the member's sessions may remove any of the member's devices: a lost phone stops syncing at once.
  route(app, accounts, API.syncRemoveDevice, async ({ signedIn: { user }, params }) => {
    await retireEnded(user.uid);
    await locked(user.uid, async (trx) => {
      const vault = await store.findVault(trx, user.uid);
      const removed = vault
        ? await store.retireDevices(trx, user.uid, [params.id], vault.vault_id, isoAt(clock))
        : [];
      if (removed.length === 0) throw new ApiError('sync/unknown-device');
    });
    await announce(user.uid);
  });

  // Any of the member's sessions may rename any of the member's devices (the app names them by browser and system).
  route(app, accounts, API.syncRenameDevice, async ({ signedIn: { user, sessionId }, params, body }) => {
    await retireEnded(user.uid);
    const row = await locked(user.uid, async (trx) => {
      const device = await knownDevice(trx, user.uid, params.id);
      await store.updateDevice(trx, user.uid, params.id, { name: body.name });
      return { ...device, name: body.name };
    });
    await announce(user.uid);
    return {
      id: row.id,
      name: row.name,
      current: row.session_id === sessionId,
      added: row.created_at,
      lastSeen: row.last_seen_at,
    };
  });

  route(
    app,
    accounts,
    API.syncPush,
    async ({ signedIn, body }) => {
      const { user } = signedIn;
      const at = isoAt(clock);
      await retireEnded(user.uid);
      const result = await locked(user.uid, async (trx) => {
        const vault = await store.findVault(trx, user.uid);
        if (!vault) throw new ApiError('sync/no-vault');
        const device = await ownDevice(trx, signedIn, body.device);
        let lastSeq = Number(device.last_seq);
        let lastMac = device.last_mac;
        let latest = Number(vault.latest);
        const stored: number[] = [];
        const rows: store.ChangeRow[] = [];
        let stale: number | null = null;
        const fresh = body.changes.filter((change) => change.seq > lastSeq);
        const heads = await store.headsOf(trx, user.uid, [...new Set(fresh.map((change) => change.rid))]);
        const known = new Set(heads.keys());
        const moved = new Map<string, string>();
        for (const change of body.changes) {
          if (change.seq <= lastSeq) {
            // Sent before (its answer was lost): the same change is not stored twice; a different one is refused.
            // One compacted away since can only be compared when it is the device's last.
            const earlier = await store.findChange(trx, user.uid, body.device, change.seq);
            const expected = earlier?.mac ?? (change.seq === lastSeq ? lastMac : change.mac);
            if (change.mac !== expected) throw new ApiError('sync/out-of-order');
            stored.push(Number(earlier?.seq ?? 0));
            continue;
          }
          if (change.seq !== lastSeq + 1 || change.prev !== lastMac) throw new ApiError('sync/out-of-order');
          // Made from an older version than the record's newest: another device was first. It and the rest wait.
          // A record of the vault's publication has no version here until it first changes: its origin's.
          const head = heads.get(change.rid) ?? null;
          if (change.base !== head && !(head === null && change.base === originVersion(vault.vault_id))) {
            stale = change.seq;
            break;
          }
          const version = `${body.device}:${change.seq}`;
          heads.set(change.rid, version);
          moved.set(change.rid, version);
          const text = JSON.stringify({
            prev: change.prev,
            rid: change.rid,
            base: change.base,
            heads: change.heads,
            hash: change.hash,
            payload: change.payload,
          });
          latest += 1;
          rows.push({
            user_id: user.uid,
            seq: latest,
            device: body.device,
            device_seq: change.seq,
            mac: change.mac,
            size: Buffer.byteLength(text) + store.CHANGE_ROW_BYTES,
            body: text,
            created_at: at,
          });
          stored.push(latest);
          lastSeq = change.seq;
          lastMac = change.mac;
        }
        if (rows.length > 0) {
          // Each change, and each record's newest version the first time the record is written.
          const newRecords = [...moved.keys()].filter((rid) => !known.has(rid)).length;
          const adding = rows.reduce((sum, row) => sum + row.size, 0) + newRecords * store.HEAD_BYTES;
          await ensureRoom(trx, user.uid, adding);
          await store.addUsage(trx, user.uid, adding);
          await store.insertChanges(trx, rows);
          await store.setHeads(trx, user.uid, moved);
          await store.setLatest(trx, user.uid, latest);
        }
        await store.updateDevice(trx, user.uid, body.device, {
          last_seq: lastSeq,
          last_mac: lastMac,
          last_seen_at: at,
        });
        return { stored, latest, stale, added: rows.length };
      });
      if (result.added > 0) await announce(user.uid);
      return { stored: result.stored, latest: result.latest, stale: result.stale };
    },
    { bodyLimit: SYNC_PUSH_BODY_LIMIT_BYTES },
  );

  route(app, accounts, API.syncChanges, async ({ signedIn: { user }, query }) => {
    const vault = await store.findVault(db, user.uid);
    if (!vault) return { changes: [], latest: 0, snapshot: null };
    const snapshot = await store.newestSnapshot(db, user.uid);
    // The changes right after `after` were compacted: the device reads the snapshot first.
    if (snapshot && query.after < Number(snapshot.covers)) {
      return { changes: [], latest: Number(vault.latest), snapshot: presentSnapshot(snapshot) };
    }
    const rows = await store.changePage(db, user.uid, query.after, SYNC_PAGE_BYTES, SYNC_PAGE_CHANGES);
    const page = rows.map(present);
    return { changes: page, latest: Number(vault.latest), snapshot: null };
  });

  route(app, accounts, API.syncUploadSnapshot, async ({ signedIn, query, request }) => {
    const { user } = signedIn;
    await retireEnded(user.uid);
    const check = async (trx: Transaction<Database>) => {
      const vault = await store.findVault(trx, user.uid);
      if (!vault) throw new ApiError('sync/no-vault');
      // Only a device of this session's may replace the history with its snapshot.
      await ownDevice(trx, signedIn, query.device);
      const newest = await store.newestSnapshot(trx, user.uid);
      // The vault's publication: its first device sends it whole as the series' first number, before any change. Once
      // the series has begun it is too late (it would pass for a snapshot of changes it never saw).
      if (query.publish) {
        if (Number(vault.latest) !== 0 || newest || query.covers !== 1)
          throw new ApiError('sync/stale-snapshot');
      } else if (query.covers > Number(vault.latest)) {
        throw new ApiError('request/invalid');
      }
      if (newest && query.covers <= Number(newest.covers)) throw new ApiError('sync/stale-snapshot');
      if (vault.signing_public_key !== null && query.proof === undefined) throw new ApiError('sync/unproven');
      return vault;
    };
    await db.transaction().execute(check);
    // Hashed as it streams to storage; the signature is checked before anything of the history goes.
    const body = hashing(uploadBody(request, deps.maxUploadBytes));
    const id = newId();
    const key = `sync/${user.uid}/snapshots/${id}`;
    let old: string[] = [];
    const size = await storeWithinQuota(
      deps,
      {
        userId: user.uid,
        key,
        body: body.stream,
        declared: declaredLength(request),
        maxBytes: deps.maxUploadBytes,
        contentType: 'application/octet-stream',
      },
      async (trx, size) => {
        const vault = await check(trx);
        if (
          vault.signing_public_key !== null &&
          !proven(
            vault.signing_public_key,
            [SNAPSHOT_PROOF, vault.vault_id, query.device, query.covers, body.digest()],
            signatureBytes(query.proof ?? '', 'base64url'),
          )
        ) {
          // The stored file goes with this refusal (storeWithinQuota); nothing of the history was touched.
          throw new ApiError('sync/unproven');
        }
        await store.insertSnapshot(trx, {
          id,
          user_id: user.uid,
          covers: query.covers,
          size,
          storage_key: key,
          created_at: isoAt(clock),
        });
        if (Number(vault.latest) === 0) await store.setLatest(trx, user.uid, query.covers);
        const compacted = await store.deleteChangesThrough(trx, user.uid, query.covers);
        const older = await store.deleteOlderSnapshots(trx, user.uid, id);
        await store.addUsage(trx, user.uid, size - compacted - older.bytes);
        old = older.files;
      },
    );
    await removeFiles(old, request.log);
    // A publication moves the series on: the member's other devices take it at once.
    await announce(user.uid);
    return { id, covers: query.covers, size };
  });

  route(app, accounts, API.syncSnapshot, async ({ signedIn: { user }, params, reply }) => {
    const row = await store.findSnapshot(db, user.uid, params.id);
    if (!row) throw new ApiError('storage/object-not-found');
    return sendStored(reply, storage, row.storage_key, 'snapshot');
  });

  route(app, accounts, API.syncUploadChunk, async ({ signedIn: { user }, params, request }) => {
    // Stored once per key: a resumed upload sending a chunk again stores nothing twice.
    if (await store.findChunk(db, user.uid, params.key)) {
      request.raw.resume();
      return;
    }
    const body = uploadBody(request, SYNC_CHUNK_MAX_BYTES);
    const key = `sync/${user.uid}/chunks/${newId()}`;
    let added = true;
    await storeWithinQuota(
      deps,
      {
        userId: user.uid,
        key,
        body,
        declared: declaredLength(request),
        maxBytes: SYNC_CHUNK_MAX_BYTES,
        contentType: 'application/octet-stream',
      },
      async (trx, size) => {
        added = await store.insertChunk(trx, {
          user_id: user.uid,
          key: params.key,
          size,
          storage_key: key,
          created_at: isoAt(clock),
        });
        if (added) await store.addUsage(trx, user.uid, size);
      },
    );
    // Another request stored the same chunk meanwhile: this copy goes.
    if (!added) await removeFiles([key], request.log);
  });

  route(app, accounts, API.syncChunk, async ({ signedIn: { user }, params, reply }) => {
    const row = await store.findChunk(db, user.uid, params.key);
    if (!row) throw new ApiError('storage/object-not-found');
    return sendStored(reply, storage, row.storage_key, 'chunk');
  });

  route(app, accounts, API.syncHeldChunks, async ({ signedIn: { user }, body }) => ({
    held: await store.heldChunks(db, user.uid, [...new Set(body.keys)]),
  }));

  route(app, accounts, API.syncForgetChunks, async ({ signedIn: { user }, body, request }) => {
    const files = await locked(user.uid, async (trx) => {
      const forgotten = await store.deleteChunks(trx, user.uid, [...new Set(body.keys)]);
      await store.addUsage(trx, user.uid, -forgotten.bytes);
      return forgotten.files;
    });
    await removeFiles(files, request.log);
  });
}

type SyncListener = (latest: number, stamp: string) => void;

/**
 * Sync news for this process's event streams: one subscription to the bus and one read of the newest number per
 * member with streams here, however many of that member's devices listen.
 */
export function syncNews(db: Kysely<Database>, live: LiveBus, clock: Clock) {
  const members = new Map<
    string,
    { listeners: Set<SyncListener>; unsubscribe: () => void; busy: boolean; again: boolean }
  >();
  const read = async (uid: string) => {
    const member = members.get(uid);
    if (!member) return;
    if (member.busy) {
      member.again = true;
      return;
    }
    member.busy = true;
    try {
      do {
        member.again = false;
        const vault = await store.findVault(db, uid);
        // Devices whose session ended are gone already (the next request retires them).
        const devices = await store.listDevices(db, uid, isoAt(clock));
        const latest = Number(vault?.latest ?? 0);
        // What a device must hear of: new changes, and the vault's header or its devices changing (one removed, one
        // renamed).
        const stamp = [
          latest,
          vault?.vault_id,
          vault?.header_mac,
          ...devices.map((device) => JSON.stringify([device.id, device.name])).sort(),
        ].join(' ');
        for (const listener of member.listeners) listener(latest, stamp);
      } while (member.again);
    } catch {
      // The stream's slow safety poll asks again.
    } finally {
      member.busy = false;
    }
  };
  return {
    /**
     * Calls `listener` with the member's newest change number and a stamp of their sync whenever either may have
     * moved (the listener tells only a different stamp); returns the unsubscribe.
     */
    subscribe(uid: string, listener: SyncListener): () => void {
      let member = members.get(uid);
      if (!member) {
        member = {
          listeners: new Set(),
          unsubscribe: live.subscribe(syncTopic(uid), () => void read(uid)),
          busy: false,
          again: false,
        };
        members.set(uid, member);
      }
      member.listeners.add(listener);
      return () => {
        member.listeners.delete(listener);
        if (member.listeners.size === 0) {
          member.unsubscribe();
          members.delete(uid);
        }
      };
    },
    /** Reads the newest number now (a new stream, the safety poll). */
    refresh: (uid: string) => read(uid),
  };
}

export type SyncNews = ReturnType<typeof syncNews>;
