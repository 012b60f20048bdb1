// Sync between a member's devices (docs/sync.md, "On the server"): the server is an ordered buffer of sealed
// changes. It hands out one series of numbers per member, keeps each device's chain contiguous, stores snapshots
// and documents' chunks as files, counts all of it against the member's quota, and tells the member's other
// devices at once through the live bus. It reads nothing sealed.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { SYNC_CHUNK_MAX_BYTES, SYNC_MAX_DEVICES } from '../../shared/constants.js';
import type { SyncChangeBody, SyncSnapshotQuery, SyncVaultHeaderJson } from '../../shared/schemas/sync.js';
import type { Caller, MemberProof, SignedIn } from '../accounts/service.js';
import type { LiveBus } from '../core/bus.js';
import { isoAt, type Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { writesAsDevice } from '../policies/devices.js';
import type { MemberQuota } from '../quota/quota.js';
import type { FileStorage } from '../storage/storage.js';
import {
  DEVICE_PROOF,
  hashing,
  headerStatement,
  proven,
  signatureBytes,
  signingKey,
  SNAPSHOT_PROOF,
} from './proofs.js';
import {
  changesAfter,
  keepSnapshot,
  presentSnapshot,
  proveDevice,
  pushChanges,
  snapshotAllowed,
  type Series,
} from './series.js';
import {
  DEVICE_BYTES,
  memberSeries,
  vaultBytes,
  type DeviceRow,
  type SyncStore,
  type VaultRow,
} from './store.js';

export interface SyncDeps {
  /** The members' synced vaults, devices, changes, snapshots and chunks (store.ts). */
  store: SyncStore;
  /** The member's proof for a sensitive change (a new header, erasing the vault). */
  proofs: Pick<MemberProof, 'proveMember'>;
  quota: MemberQuota;
  storage: FileStorage;
  clock: Clock;
  live: LiveBus;
  maxUploadBytes: number;
}

/** The live bus topic of a member's sync news. */
export const syncTopic = (uid: string) => `sync:${uid}`;

/** The vault as devices read it. */
function presentVault(row: VaultRow) {
  return {
    id: row.vault_id,
    header: JSON.parse(row.header) as SyncVaultHeaderJson,
    headerMac: row.header_mac,
    version: Number(row.header_version),
    signing:
      row.signing_public_key && row.signing_sealed_key
        ? { publicKey: row.signing_public_key, sealedKey: row.signing_sealed_key }
        : null,
    updated: row.updated_at,
  };
}

function presentDevice(row: DeviceRow, sessionId: string) {
  return {
    id: row.id,
    name: row.name,
    current: row.session_id === sessionId,
    added: row.created_at,
    lastSeen: row.last_seen_at,
  };
}

/** The member's vault as a series (series.ts): its id, its last number, its signing key. */
function seriesOf(vault: VaultRow): Series {
  return { id: vault.vault_id, latest: Number(vault.latest), signingKey: vault.signing_public_key };
}

/** An upload as the route received it: its stream, opened (and its type and length checked) when needed. */
export interface Incoming {
  open: () => Readable;
  /** The declared length (null: not known, a chunked upload). */
  declared: number | null;
}

export type SyncService = ReturnType<typeof syncService>;

export function syncService(deps: SyncDeps) {
  const { store, proofs, quota, storage, clock, live } = deps;
  const { locked } = quota;
  const announce = (userId: string) => live.publish(syncTopic(userId));
  const removeFiles = async (keys: string[], log: FastifyBaseLogger) => {
    for (const key of keys) {
      await storage.delete(key).catch((err: unknown) => log.warn({ err }, 'synced file not deleted'));
    }
  };

  /** The device, known to this member's sync: sending for a removed device is refused. */
  const knownDevice = async (tx: SyncStore, userId: string, id: string) => {
    const device = await tx.findDevice(userId, id);
    if (!device) throw new ApiError('sync/unknown-device');
    return device;
  };

  /**
   * The caller's own device: registered by this very session. Another session of the member (a stolen cookie among
   * them) may list, rename and remove it, never write as it.
   */
  const ownDevice = async (tx: SyncStore, signedIn: SignedIn, id: string) => {
    const device = await knownDevice(tx, signedIn.user.uid, id);
    authorize(writesAsDevice(signedIn, device), 'sync/not-your-device');
    return device;
  };

  /**
   * Retires the member's devices whose session ended (logged out, ended from another device, refused at the
   * new-device check, ended by a password change or reset, expired): a device syncs only while the session that
   * registered it lasts. In a transaction of its own, so a request refused afterwards does not undo it; the
   * member's devices hear of it.
   */
  const retireEnded = async (userId: string): Promise<void> => {
    if ((await store.devicesOfEndedSessions(userId, isoAt(clock))).length === 0) return;
    const retired = await locked(userId, async (trx) => {
      const tx = store.on(trx);
      const vault = await tx.findVault(userId);
      if (!vault) return [];
      const at = isoAt(clock);
      const ended = await tx.devicesOfEndedSessions(userId, at);
      return tx.retireDevices(userId, ended, vault.vault_id, at);
    });
    if (retired.length > 0) await announce(userId);
  };

  /**
   * The member's vault as a series, when this session's device may send a snapshot to it: only a device of this
   * session's replaces the history with its snapshot (series.ts checks the rest).
   */
  const snapshotSeries = async (tx: SyncStore, signedIn: SignedIn, snapshot: SyncSnapshotQuery) => {
    const vault = await tx.findVault(signedIn.user.uid);
    if (!vault) throw new ApiError('sync/no-vault');
    await ownDevice(tx, signedIn, snapshot.device);
    return seriesOf(vault);
  };

  return {
    /**
     * Listens for members' sessions changing (on any process): their ended sessions' devices go at once. Expired
     * sessions announce nothing; the member's next sync request retires their devices, and the device list leaves
     * them out. Answers the unsubscribe.
     */
    retireOnSessionNews(log: FastifyBaseLogger): () => void {
      return live.subscribeAll((topic) => {
        if (!topic.startsWith('devices:')) return;
        retireEnded(topic.slice('devices:'.length)).catch((err: unknown) =>
          log.warn({ err }, 'devices of ended sessions not retired'),
        );
      });
    },

    async state({ user, sessionId }: SignedIn) {
      await retireEnded(user.uid);
      const vault = await store.findVault(user.uid);
      const devices = await store.listDevices(user.uid, isoAt(clock));
      return {
        vault: vault ? presentVault(vault) : null,
        devices: devices.map((device) => presentDevice(device, sessionId)),
        latest: Number(vault?.latest ?? 0),
        snapshot: presentSnapshot(await store.newestSnapshot(user.uid)),
        usedBytes: await quota.used(user.uid),
        quotaBytes: quota.quotaBytes,
      };
    },

    /**
     * Publishes the vault, or replaces its header (docs/sync.md, "The header"). Every header is signed by the vault's
     * signing key with a version above the one held, so a session alone can neither swap it nor put an older one
     * back; a new header (another master password) or a key for a vault an older app published without one is a
     * sensitive change, as erasing is: the account password or a fresh proof.
     */
    async publishVault(
      signedIn: SignedIn,
      body: {
        id: string;
        header: SyncVaultHeaderJson;
        headerMac: string;
        version: number;
        proof: string;
        signing?: { publicKey: string; sealedKey: string } | undefined;
        currentPassword?: string | undefined;
      },
      who: Caller,
    ) {
      const { user } = signedIn;
      const header = JSON.stringify(body.header);
      if (body.signing && !signingKey(body.signing.publicKey)) throw new ApiError('request/invalid');
      const statement = headerStatement(body.id, body.version, body.header);
      const signature = signatureBytes(body.proof, 'base64');
      /** What this publication changes of `vault`: nothing, its version only (the same header signed), or more. */
      const change = (vault: VaultRow | undefined) => {
        if (!vault) return 'new';
        if (vault.vault_id !== body.id) throw new ApiError('sync/other-vault');
        const sameKey =
          !body.signing ||
          (body.signing.publicKey === vault.signing_public_key &&
            body.signing.sealedKey === vault.signing_sealed_key);
        if (!sameKey && vault.signing_public_key !== null) throw new ApiError('sync/other-vault');
        if (!sameKey || vault.signing_public_key === null) return 'key';
        if (vault.header !== header) return 'header';
        if (Number(vault.header_version) === body.version && vault.header_mac === body.headerMac)
          return 'none';
        return 'version';
      };
      // The password (hashed, slowly) before the member's lock; checked again under it, should the vault have moved.
      let proved = false;
      const before = change(await store.findVault(user.uid));
      if (before === 'key' || before === 'header') {
        await proofs.proveMember(signedIn, body.currentPassword, who);
        proved = true;
      }
      const at = isoAt(clock);
      const answer = await locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        const vault = await tx.findVault(user.uid);
        const now = change(vault);
        if (vault && now === 'none') return presentVault(vault);
        if ((now === 'key' || now === 'header') && !proved) throw new ApiError('auth/reauth-required');
        // Only a device that opened the vault signs its header: with the key sent (a new vault, or one an older app
        // published), or the one held.
        const publicKey = vault?.signing_public_key ?? body.signing?.publicKey;
        if (publicKey === undefined || !proven(publicKey, statement, signature)) {
          throw new ApiError('sync/unproven');
        }
        if (vault && body.version <= Number(vault.header_version)) throw new ApiError('sync/stale-header');
        const row = {
          header,
          header_mac: body.headerMac,
          header_version: body.version,
          header_proof: body.proof,
          signing_public_key: publicKey,
          signing_sealed_key: vault?.signing_sealed_key ?? body.signing?.sealedKey ?? null,
          updated_at: at,
        };
        const adding = vaultBytes(row) - (vault ? vaultBytes(vault) : 0);
        await quota.ensureRoom(trx, user.uid, adding);
        await tx.addUsage(user.uid, adding);
        if (!vault) {
          await tx.forgetOtherVaultsDevices(user.uid, body.id);
          await tx.insertVault({
            user_id: user.uid,
            vault_id: body.id,
            ...row,
            latest: 0,
            created_at: at,
          });
        } else {
          await tx.updateVault(user.uid, row);
        }
        return presentVault({
          ...(vault ?? { user_id: user.uid, latest: 0, created_at: at }),
          vault_id: body.id,
          ...row,
        });
      });
      await announce(user.uid);
      return answer;
    },

    /**
     * Erases the member's synced vault: a sensitive change, as a password's or a passkey's, so a fresh proof of the
     * member, counted against the login limits when it is the password.
     */
    async deleteVault(
      signedIn: SignedIn,
      currentPassword: string | undefined,
      who: Caller,
      log: FastifyBaseLogger,
    ) {
      const { user } = signedIn;
      await proofs.proveMember(signedIn, currentPassword, who);
      const files = await locked(user.uid, (trx) => store.on(trx).deleteSynced(user.uid, isoAt(clock)));
      await announce(user.uid);
      await removeFiles(files, log);
    },

    /** Registers (or renames) this session's device; `browser` is the browser's device key, if it has one. */
    async registerDevice(
      signedIn: SignedIn,
      id: string,
      body: { name: string; proof?: string | undefined },
      browser: string | null,
    ) {
      const { user } = signedIn;
      const at = isoAt(clock);
      await retireEnded(user.uid);
      const row = await locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        const vault = await tx.findVault(user.uid);
        if (!vault) throw new ApiError('sync/no-vault');
        // Only a device that opened the vault can sign its joining (once the vault has a signing key).
        proveDevice(seriesOf(vault), [DEVICE_PROOF, vault.vault_id, id], body.proof);
        // Removed once, gone for good: its chain cannot start over under numbers its old changes hold.
        if (await tx.isRetired(user.uid, id)) throw new ApiError('sync/device-removed');
        const known = await tx.findDevice(user.uid, id);
        if (known) {
          // Registered again (renamed) only by the session that registered it.
          authorize(writesAsDevice(signedIn, known), 'sync/not-your-device');
          await tx.updateDevice(user.uid, id, { name: body.name, last_seen_at: at });
          return { ...known, name: body.name, last_seen_at: at };
        }
        const added: DeviceRow = {
          user_id: user.uid,
          id,
          name: body.name,
          session_device: browser,
          session_id: signedIn.sessionId,
          last_seq: 0,
          last_mac: null,
          created_at: at,
          last_seen_at: at,
        };
        // Counted under the member's lock, so registrations sent at once cannot pass it; devices of ended sessions
        // were retired above (and one whose session ended since is not counted).
        if ((await tx.listDevices(user.uid, at)).length >= SYNC_MAX_DEVICES) {
          throw new ApiError('sync/too-many-devices');
        }
        await quota.ensureRoom(trx, user.uid, DEVICE_BYTES);
        await tx.insertDevice(added);
        await tx.addUsage(user.uid, DEVICE_BYTES);
        return added;
      });
      await announce(user.uid);
      return presentDevice(row, signedIn.sessionId);
    },

    /** Any of the member's sessions may remove any of the member's devices: a lost phone stops syncing at once. */
    async removeDevice({ user }: SignedIn, id: string) {
      await retireEnded(user.uid);
      await locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        const vault = await tx.findVault(user.uid);
        const removed = vault ? await tx.retireDevices(user.uid, [id], vault.vault_id, isoAt(clock)) : [];
        if (removed.length === 0) throw new ApiError('sync/unknown-device');
      });
      await announce(user.uid);
    },

    /** Any of the member's sessions may rename any of their devices (the app names them by browser and system). */
    async renameDevice({ user, sessionId }: SignedIn, id: string, name: string) {
      await retireEnded(user.uid);
      const row = await locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        const device = await knownDevice(tx, user.uid, id);
        await tx.updateDevice(user.uid, id, { name });
        return { ...device, name };
      });
      await announce(user.uid);
      return presentDevice(row, sessionId);
    },

    /**
     * Takes a device's changes in its chain's order: each gets the member's next number, unless it was made from
     * an older version of its record than the newest (then it and the rest wait: `stale`).
     */
    async push(signedIn: SignedIn, body: { device: string; changes: SyncChangeBody[] }) {
      const { user } = signedIn;
      const at = isoAt(clock);
      await retireEnded(user.uid);
      const result = await locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        const vault = await tx.findVault(user.uid);
        if (!vault) throw new ApiError('sync/no-vault');
        const device = await ownDevice(tx, signedIn, body.device);
        return pushChanges(memberSeries(tx, user.uid), seriesOf(vault), {
          device,
          changes: body.changes,
          at,
          ensureRoom: (adding) => quota.ensureRoom(trx, user.uid, adding),
        });
      });
      if (result.added > 0) await announce(user.uid);
      return { stored: result.stored, latest: result.latest, stale: result.stale };
    },

    /** The member's changes after `after`, a page at a time, or the snapshot to read first. */
    async changes({ user }: SignedIn, after: number) {
      const vault = await store.findVault(user.uid);
      if (!vault) return { changes: [], latest: 0, snapshot: null };
      return changesAfter(memberSeries(store, user.uid), seriesOf(vault), after);
    },

    /**
     * Keeps a device's snapshot of the vault as it was at change `covers`, replacing the history up to there.
     * Hashed as it streams to storage; the signature is checked before anything of the history goes.
     */
    async uploadSnapshot(
      signedIn: SignedIn,
      snapshot: SyncSnapshotQuery,
      incoming: Incoming,
      log: FastifyBaseLogger,
    ) {
      const { user } = signedIn;
      await retireEnded(user.uid);
      await store.transaction(async (tx) =>
        snapshotAllowed(memberSeries(tx, user.uid), await snapshotSeries(tx, signedIn, snapshot), snapshot),
      );
      const body = hashing(incoming.open());
      const id = newId();
      const key = `sync/${user.uid}/snapshots/${id}`;
      let old: string[] = [];
      const size = await quota.storeWithin(
        {
          userId: user.uid,
          key,
          body: body.stream,
          declared: incoming.declared,
          maxBytes: deps.maxUploadBytes,
          contentType: 'application/octet-stream',
        },
        async (trx, size) => {
          const tx = store.on(trx);
          const series = await snapshotSeries(tx, signedIn, snapshot);
          // Refused, the stored file goes with the refusal (storeWithin) and nothing of the history was touched.
          old = await keepSnapshot(
            memberSeries(tx, user.uid),
            series,
            snapshot,
            { id, size, storage_key: key, created_at: isoAt(clock) },
            [SNAPSHOT_PROOF, series.id, snapshot.device, snapshot.covers, body.digest()],
          );
        },
      );
      await removeFiles(old, log);
      // A publication moves the series on: the member's other devices take it at once.
      await announce(user.uid);
      return { id, covers: snapshot.covers, size };
    },

    /** Where a snapshot of the member's is stored. */
    async snapshotKey({ user }: SignedIn, id: string): Promise<string> {
      const row = await store.findSnapshot(user.uid, id);
      if (!row) throw new ApiError('storage/object-not-found');
      return row.storage_key;
    },

    /** Whether a chunk is stored already (a resumed upload sending it again stores nothing twice). */
    async holdsChunk({ user }: SignedIn, key: string): Promise<boolean> {
      return (await store.findChunk(user.uid, key)) !== undefined;
    },

    /** Stores a chunk of a document's, once per key. */
    async uploadChunk({ user }: SignedIn, chunk: string, incoming: Incoming, log: FastifyBaseLogger) {
      const key = `sync/${user.uid}/chunks/${newId()}`;
      let added = true;
      await quota.storeWithin(
        {
          userId: user.uid,
          key,
          body: incoming.open(),
          declared: incoming.declared,
          maxBytes: SYNC_CHUNK_MAX_BYTES,
          contentType: 'application/octet-stream',
        },
        async (trx, size) => {
          const tx = store.on(trx);
          added = await tx.insertChunk({
            user_id: user.uid,
            key: chunk,
            size,
            storage_key: key,
            created_at: isoAt(clock),
          });
          if (added) await tx.addUsage(user.uid, size);
        },
      );
      // Another request stored the same chunk meanwhile: this copy goes.
      if (!added) await removeFiles([key], log);
    },

    /** Where a chunk of the member's is stored. */
    async chunkKey({ user }: SignedIn, key: string): Promise<string> {
      const row = await store.findChunk(user.uid, key);
      if (!row) throw new ApiError('storage/object-not-found');
      return row.storage_key;
    },

    async heldChunks({ user }: SignedIn, keys: string[]) {
      return { held: await store.heldChunks(user.uid, [...new Set(keys)]) };
    },

    async forgetChunks({ user }: SignedIn, keys: string[], log: FastifyBaseLogger) {
      const files = await locked(user.uid, async (trx) => {
        const tx = store.on(trx);
        const forgotten = await tx.deleteChunks(user.uid, [...new Set(keys)]);
        await tx.addUsage(user.uid, -forgotten.bytes);
        return forgotten.files;
      });
      await removeFiles(files, log);
    },
  };
}
