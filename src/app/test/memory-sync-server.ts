// The sync server's rules (src/server/sync/) kept in memory, behind the same route contract as the real one — the
// routes' names, their zod schemas for what they take, their answers and error codes — so the device's sync engine
// runs against it in Node in milliseconds (as Actual Budget tests its sync against a mock sync server). The contract
// test (src/app/sync/contract.test.ts) runs the same cases against it and the real server, which keeps it honest.
// Faults a test can set: the server down, or the answer to a call lost after the server did the work.
import { createHash, createPublicKey, randomUUID, verify } from 'node:crypto';
import type { z } from 'zod';
import { ApiFailure, type Args } from '../../client/api.js';
import { API, type Api, type Input, type Output } from '../../shared/api/index.js';
import { SYNC_MAX_DEVICES, SYNC_PAGE_BYTES, SYNC_PAGE_CHANGES } from '../../shared/constants.js';
import { ERROR_CODES, type ErrorCode } from '../../shared/errors.js';
import { originVersion, type SyncChangeBody, type SyncVaultHeaderJson } from '../../shared/schemas/sync.js';
import type {
  SyncDownloadRoute,
  SyncJsonRoute,
  SyncNewsSource,
  SyncServer,
  SyncUploadRoute,
} from '../sync/ports.js';

interface Device {
  id: string;
  name: string;
  /** The session that registered it (a simulated browser). */
  session: string;
  lastSeq: number;
  lastMac: string | null;
  created: string;
  lastSeen: string;
}

interface Change {
  seq: number;
  device: string;
  deviceSeq: number;
  mac: string;
  size: number;
  body: string;
}

interface Snapshot {
  id: string;
  covers: number;
  bytes: Uint8Array<ArrayBuffer>;
}

function refuse(code: ErrorCode): never {
  throw new ApiFailure(code, ERROR_CODES[code]);
}

/** src/server/sync/proofs.ts: the vault key's ECDSA P-256 signature (IEEE P1363) of a statement's JSON. */
function proven(spki: string, statement: unknown[], signature: Buffer): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1' || signature.length !== 64) return false;
    const data = Buffer.from(JSON.stringify(statement), 'utf8');
    return verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
  } catch {
    return false;
  }
}

/** A route's part checked with its schema, as Fastify does it: a failure names its first failing rule's code. */
function checked<S>(schema: z.ZodType<S> | undefined, value: unknown): S {
  if (!schema) return value as S;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message;
  refuse(message && message in ERROR_CODES ? (message as ErrorCode) : 'request/invalid');
}

/** One member's synced vault, as the server keeps it. */
export class MemorySyncServer {
  vault: {
    id: string;
    header: SyncVaultHeaderJson;
    headerMac: string;
    version: number;
    signing: { publicKey: string; sealedKey: string } | null;
    updated: string;
  } | null = null;
  /** Device ids removed from a vault (by vault id): they never register again there. */
  readonly retired = new Map<string, Set<string>>();
  /** Sessions ended (logged out, expired…): their devices are retired. */
  readonly ended = new Set<string>();
  /** Sessions that proved the member in the last minutes (a sign-in with the password): they erase without it. */
  readonly proven = new Set<string>();
  latest = 0;
  readonly devices = new Map<string, Device>();
  changes: Change[] = [];
  readonly heads = new Map<string, string>();
  snapshot: Snapshot | null = null;
  readonly chunks = new Map<string, Uint8Array<ArrayBuffer>>();
  /** The server cannot be reached: every call fails as a network failure. */
  down = false;
  /** While set, every call waits for it before the server takes it (a slow server: what devices do meanwhile). */
  held: Promise<void> | null = null;
  /** Sessions whose next call is done by the server but its answer lost on the way back. */
  readonly loseNextAnswer = new Set<string>();
  readonly #listeners = new Set<() => void>();
  #clock = 0;

  #now(): string {
    return new Date(Date.UTC(2026, 10, 27) + ++this.#clock).toISOString();
  }

  /** The member's account password, which erasing the synced vault asks for. */
  constructor(readonly password = 'member password 1') {}

  /** A session ends (a logout, another device ending it, expiry): its devices leave sync for good. */
  endSession(session: string): void {
    this.ended.add(session);
    this.#retireEnded();
    this.#announce();
  }

  #retire(ids: string[]): void {
    if (!this.vault) return;
    const retired = this.retired.get(this.vault.id) ?? new Set<string>();
    for (const id of ids) {
      if (this.devices.delete(id)) retired.add(id);
    }
    this.retired.set(this.vault.id, retired);
  }

  #retireEnded(): void {
    this.#retire(
      [...this.devices.values()].filter((device) => this.ended.has(device.session)).map((d) => d.id),
    );
  }

  /** The caller's own device (registered by this very session): another session may not write as it. */
  #own(session: string, id: string): Device {
    const device = this.devices.get(id);
    if (!device) refuse('sync/unknown-device');
    if (device.session !== session) refuse('sync/not-your-device');
    return device;
  }

  #announce(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** The member's news (the event stream's `sync` events), for a device. */
  news(): SyncNewsSource {
    return {
      open: ({ sync }) => {
        this.#listeners.add(sync);
        return () => this.#listeners.delete(sync);
      },
    };
  }

  /** The routes as a browser signed in as `session` reaches them. */
  as(session: string): SyncServer {
    const reach = async <T>(work: () => T | Promise<T>): Promise<T> => {
      if (this.down) throw new ApiFailure('network', 0);
      if (this.ended.has(session)) refuse('auth/unauthenticated');
      // Each call waits a turn, as a request does: what the devices do meanwhile interleaves with it.
      await Promise.resolve();
      while (this.held) await this.held;
      const answer = await work();
      if (this.loseNextAnswer.delete(session)) throw new ApiFailure('network', 0);
      return answer;
    };
    return {
      call: <N extends SyncJsonRoute>(name: N, ...args: Args<N>) =>
        reach(() => this.#call(session, name, (args[0] ?? {}) as Input<Api[N]>)),
      upload: <N extends SyncUploadRoute>(name: N, input: Input<Api[N]>, body: Uint8Array | string) =>
        reach(() => this.#upload(session, name, input, body)),
      download: <N extends SyncDownloadRoute>(name: N, input: Input<Api[N]>) =>
        reach(() => this.#download(name, input)),
    };
  }

  #call<N extends SyncJsonRoute>(session: string, name: N, input: Input<Api[N]>): Output<Api[N]> {
    const endpoint = API[name] as { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
    const given = input as { params?: unknown; query?: unknown; body?: unknown };
    const params = checked(endpoint.params, given.params) as Record<string, string>;
    const query = checked(endpoint.query, given.query) as Record<string, number>;
    const body = checked(endpoint.body, given.body);
    const answer = (() => {
      switch (name) {
        case 'syncState':
          return this.#state(session);
        case 'syncPublishVault':
          return this.#publish(session, body as z.infer<(typeof API)['syncPublishVault']['body']>);
        case 'syncDeleteVault':
          return this.#erase(session, (body as { currentPassword?: string }).currentPassword);
        case 'syncRegisterDevice':
          return this.#register(session, params.id!, body as { name: string; proof?: string });
        case 'syncRenameDevice':
          return this.#rename(session, params.id!, (body as { name: string }).name);
        case 'syncRemoveDevice':
          return this.#remove(params.id!);
        case 'syncPush':
          return this.#push(session, body as z.infer<(typeof API)['syncPush']['body']>);
        case 'syncChanges':
          return this.#page(query.after!);
        case 'syncHeldChunks':
          return {
            held: [...new Set((body as { keys: string[] }).keys)].filter((key) => this.chunks.has(key)),
          };
        case 'syncForgetChunks':
          for (const key of (body as { keys: string[] }).keys) this.chunks.delete(key);
          return undefined;
      }
      throw new Error(`not a sync route: ${String(name)}`);
    })();
    return answer as Output<Api[N]>;
  }

  #state(session: string) {
    this.#retireEnded();
    return {
      vault: this.vault,
      devices: [...this.devices.values()]
        .sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : -1))
        .map((device) => ({
          id: device.id,
          name: device.name,
          current: device.session === session,
          added: device.created,
          lastSeen: device.lastSeen,
        })),
      latest: this.latest,
      snapshot: this.snapshot
        ? { id: this.snapshot.id, covers: this.snapshot.covers, size: this.snapshot.bytes.byteLength }
        : null,
      usedBytes: 0,
      quotaBytes: 1024 ** 3,
    };
  }

  /** src/server/sync/service.ts publishVault: a signed header at a version above the one held; a new one proven. */
  #publish(session: string, body: z.infer<(typeof API)['syncPublishVault']['body']>) {
    const header = JSON.stringify(body.header);
    const vault = this.vault;
    if (vault && vault.id !== body.id) refuse('sync/other-vault');
    const sent = body.signing;
    const sameKey =
      !sent || (sent.publicKey === vault?.signing?.publicKey && sent.sealedKey === vault.signing.sealedKey);
    if (vault && !sameKey && vault.signing) refuse('sync/other-vault');
    const change = !vault
      ? 'new'
      : !sameKey || !vault.signing
        ? 'key'
        : JSON.stringify(vault.header) !== header
          ? 'header'
          : vault.version === body.version && vault.headerMac === body.headerMac
            ? 'none'
            : 'version';
    if (vault && change === 'none') return { ...vault };
    if (change === 'key' || change === 'header') this.#prove(session, body.currentPassword);
    const signing = vault?.signing ?? sent ?? null;
    const { v, kdf, iterations, salt, wrapIv, wrappedKey } = body.header;
    const statement = [
      'mygenie/sync-header/v1',
      body.id,
      body.version,
      v,
      kdf,
      iterations,
      salt,
      wrapIv,
      wrappedKey,
    ];
    if (!signing || !proven(signing.publicKey, statement, Buffer.from(body.proof, 'base64'))) {
      refuse('sync/unproven');
    }
    if (vault && body.version <= vault.version) refuse('sync/stale-header');
    if (!vault) for (const id of [...this.retired.keys()]) if (id !== body.id) this.retired.delete(id);
    this.vault = {
      id: body.id,
      header: body.header,
      headerMac: body.headerMac,
      version: body.version,
      signing,
      updated: this.#now(),
    };
    this.#announce();
    return { ...this.vault };
  }

  /** The account password, or a proof of the member in the last minutes (a sign-in with it), as the server asks. */
  #prove(session: string, password: string | undefined): void {
    if (password === undefined && !this.proven.has(session)) refuse('auth/reauth-required');
    if (password !== undefined && password !== this.password) refuse('auth/wrong-password');
    this.proven.add(session);
  }

  /** Erasing asks for the account password (the real server also takes a proof made in the last minutes). */
  #erase(session: string, password: string | undefined): undefined {
    this.#prove(session, password);
    if (this.vault) this.#retire([...this.devices.keys()]);
    this.vault = null;
    this.latest = 0;
    this.devices.clear();
    this.changes = [];
    this.heads.clear();
    this.snapshot = null;
    this.chunks.clear();
    this.#announce();
    return undefined;
  }

  #register(session: string, id: string, body: { name: string; proof?: string }) {
    this.#retireEnded();
    if (!this.vault) refuse('sync/no-vault');
    const { signing } = this.vault;
    const statement = ['mygenie/sync-device/v1', this.vault.id, id];
    if (
      signing &&
      (body.proof === undefined || !proven(signing.publicKey, statement, Buffer.from(body.proof, 'base64')))
    ) {
      refuse('sync/unproven');
    }
    if (this.retired.get(this.vault.id)?.has(id)) refuse('sync/device-removed');
    const at = this.#now();
    const known = this.devices.get(id);
    if (known && known.session !== session) refuse('sync/not-your-device');
    if (!known && this.devices.size >= SYNC_MAX_DEVICES) refuse('sync/too-many-devices');
    const device: Device = known
      ? { ...known, name: body.name, lastSeen: at }
      : { id, name: body.name, session, lastSeq: 0, lastMac: null, created: at, lastSeen: at };
    this.devices.set(id, device);
    this.#announce();
    return { id, name: body.name, current: true, added: device.created, lastSeen: device.lastSeen };
  }

  #rename(session: string, id: string, name: string) {
    const device = this.devices.get(id);
    if (!device) refuse('sync/unknown-device');
    this.devices.set(id, { ...device, name });
    this.#announce();
    return {
      id,
      name,
      current: device.session === session,
      added: device.created,
      lastSeen: device.lastSeen,
    };
  }

  #remove(id: string): undefined {
    if (!this.devices.has(id)) refuse('sync/unknown-device');
    this.#retire([id]);
    this.#announce();
    return undefined;
  }

  /** src/server/sync/service.ts, the push: each device's chain contiguous, each change a fast-forward of its record. */
  #push(session: string, body: { device: string; changes: SyncChangeBody[] }) {
    this.#retireEnded();
    if (!this.vault) refuse('sync/no-vault');
    const device = this.#own(session, body.device);
    let { lastSeq, lastMac } = device;
    const stored: number[] = [];
    const rows: Change[] = [];
    const heads = new Map(this.heads);
    let stale: number | null = null;
    let latest = this.latest;
    for (const change of body.changes) {
      if (change.seq <= lastSeq) {
        // Sent before (its answer was lost): the same change is not stored twice; a different one is refused.
        const earlier = this.changes.find(
          (row) => row.device === body.device && row.deviceSeq === change.seq,
        );
        const expected = earlier?.mac ?? (change.seq === lastSeq ? lastMac : change.mac);
        if (change.mac !== expected) refuse('sync/out-of-order');
        stored.push(earlier?.seq ?? 0);
        continue;
      }
      if (change.seq !== lastSeq + 1 || change.prev !== lastMac) refuse('sync/out-of-order');
      // A record of the vault's publication has no version here until it first changes: its origin's.
      const head = heads.get(change.rid) ?? null;
      if (change.base !== head && !(head === null && change.base === originVersion(this.vault.id))) {
        stale = change.seq;
        break;
      }
      heads.set(change.rid, `${body.device}:${change.seq}`);
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
        seq: latest,
        device: body.device,
        deviceSeq: change.seq,
        mac: change.mac,
        size: Buffer.byteLength(text) + 200,
        body: text,
      });
      stored.push(latest);
      lastSeq = change.seq;
      lastMac = change.mac;
    }
    this.changes.push(...rows);
    for (const [rid, version] of heads) this.heads.set(rid, version);
    this.latest = latest;
    this.devices.set(body.device, { ...device, lastSeq, lastMac, lastSeen: this.#now() });
    if (rows.length > 0) this.#announce();
    return { stored, latest, stale };
  }

  #page(after: number) {
    if (!this.vault) return { changes: [], latest: 0, snapshot: null };
    if (this.snapshot && after < this.snapshot.covers) {
      const { id, covers, bytes } = this.snapshot;
      return { changes: [], latest: this.latest, snapshot: { id, covers, size: bytes.byteLength } };
    }
    const page = [];
    let bytes = 0;
    for (const row of this.changes) {
      if (row.seq <= after) continue;
      if (page.length >= SYNC_PAGE_CHANGES || (page.length > 0 && bytes + row.size > SYNC_PAGE_BYTES)) break;
      bytes += row.size;
      const body = JSON.parse(row.body) as Omit<SyncChangeBody, 'seq' | 'mac'>;
      page.push({ ...body, seq: row.deviceSeq, mac: row.mac, at: row.seq, device: row.device });
    }
    return { changes: page, latest: this.latest, snapshot: null };
  }

  #upload<N extends SyncUploadRoute>(
    session: string,
    name: N,
    input: Input<Api[N]>,
    body: Uint8Array | string,
  ): void {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body);
    if (name === 'syncUploadChunk') {
      const { key } = checked(API.syncUploadChunk.params, (input as { params: unknown }).params);
      if (!this.chunks.has(key)) this.chunks.set(key, bytes);
      return;
    }
    const query = checked(API.syncUploadSnapshot.query, (input as { query: unknown }).query);
    if (!this.vault) refuse('sync/no-vault');
    this.#own(session, query.device);
    // The vault's publication: its first device sends it whole as the series' first number, before any change.
    if (query.publish) {
      if (this.latest !== 0 || this.snapshot || query.covers !== 1) refuse('sync/stale-snapshot');
    } else if (query.covers > this.latest) {
      refuse('request/invalid');
    }
    if (this.snapshot && query.covers <= this.snapshot.covers) refuse('sync/stale-snapshot');
    // Only a device holding the vault's signing key replaces the history (a vault without one takes no snapshot).
    const { signing } = this.vault;
    if (!signing || query.proof === undefined) refuse('sync/unproven');
    const sha256 = createHash('sha256').update(bytes).digest('base64');
    const statement = ['mygenie/sync-snapshot/v1', this.vault.id, query.device, query.covers, sha256];
    if (!proven(signing.publicKey, statement, Buffer.from(query.proof, 'base64url'))) {
      refuse('sync/unproven');
    }
    this.snapshot = { id: randomUUID(), covers: query.covers, bytes };
    if (this.latest === 0) this.latest = query.covers;
    this.changes = this.changes.filter((row) => row.seq > query.covers);
    this.#announce();
  }

  #download<N extends SyncDownloadRoute>(name: N, input: Input<Api[N]>): Uint8Array<ArrayBuffer> {
    if (name === 'syncChunk') {
      const { key } = checked(API.syncChunk.params, (input as { params: unknown }).params);
      return this.chunks.get(key) ?? refuse('storage/object-not-found');
    }
    const { id } = checked(API.syncSnapshot.params, (input as { params: unknown }).params);
    if (this.snapshot?.id !== id) refuse('storage/object-not-found');
    return this.snapshot.bytes;
  }
}
