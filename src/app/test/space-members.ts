// Members of shared spaces as the app's tests see them against the real server (Fastify's inject): an account with
// browsers (sessions; each after the first approved from it), and on each browser a device — the app's real Vault
// over its own fake-indexeddb, with sync on (so the member's identity is vouched for by the synced vault's signing
// key), the member's identity taken as the app takes it, and the membership client (spaces/members.ts). Each device's
// fetch can be given a `tamper` that rewrites the server's JSON answers: a server that lies.
import { IDBKeyRange } from 'fake-indexeddb';
import { EpochKeys } from '../spaces/epoch-keys.js';
import { takeIdentity } from '../spaces/identity.js';
import type { MemberIdentity } from '../spaces/identity-keys.js';
import { SpaceMembers } from '../spaces/members.js';
import { httpMembershipApi, identityServer, type MembershipApi } from '../spaces/space-api.js';
import { httpSyncServer, type HttpOptions } from '../sync/browser.js';
import { SyncIdentity } from '../sync/identity.js';
import { SyncStore } from '../sync/store.js';
import type { VaultHeader } from '../vault/crypto.js';
import { SimulatedDevice } from './devices.js';

/** Rewrites a JSON answer of the server (`path` with its query), or leaves it (answers it unchanged). */
export type Tamper = (path: string, method: string, json: unknown) => unknown;
/** Holds a request back until it resolves. */
export type Hold = (method: string, path: string) => Promise<void>;

/** The test server as a device reaches it: Fastify's inject (the app's tests hand it in: src/app imports no server). */
export interface TestServer {
  inject(request: {
    method: string;
    url: string;
    remoteAddress: string;
    headers: Record<string, string>;
    payload?: string | Buffer;
  }): Promise<{ statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer; payload: string }>;
  origin: string;
}

/** An account as its devices know it: who, and its synced vault's header (made by the first device). */
export interface SpaceAccount {
  email: string;
  uid: string;
  header: VaultHeader;
  /** The cookie of browser n (signed in; each after the first approved from it). */
  cookie(browser: number): Promise<string>;
}

/** A fetch that reaches the test server as one browser, its JSON answers passed through `tamper()` when set. */
function fetchAs(
  t: TestServer,
  cookie: string,
  holder: { tamper: Tamper | null; hold: Hold | null },
  sent: string[],
): typeof fetch {
  const tamper = () => holder.tamper;
  return async (input, init = {}) => {
    const body = init.body;
    const method = init.method ?? 'GET';
    // A request held on its way (a slow network): the others go on meanwhile.
    await holder.hold?.(method, String(input));
    const response = await t.inject({
      method,
      url: String(input),
      remoteAddress: '203.0.113.9',
      headers: { origin: t.origin, cookie, ...(init.headers as Record<string, string>) },
      ...(body === null || body === undefined
        ? {}
        : { payload: typeof body === 'string' ? body : Buffer.from(body as Uint8Array) }),
    });
    sent.push(`${method} ${String(input)} ${response.statusCode}`);
    const type = String(response.headers['content-type'] ?? 'application/json');
    let payload: Uint8Array | string | null =
      response.statusCode === 204 ? null : new Uint8Array(response.rawPayload);
    const rewrite = tamper();
    if (rewrite && payload !== null && type.includes('json') && response.statusCode < 300) {
      payload = JSON.stringify(await rewrite(String(input), method, JSON.parse(response.payload)));
    }
    return new Response(payload as BodyInit | null, {
      status: response.statusCode,
      headers: { 'content-type': type },
    });
  };
}

/** One device of a member's: vault, sync, identity, epoch keys and the membership client. */
export interface SpaceDevice {
  account: SpaceAccount;
  device: SimulatedDevice;
  api: MembershipApi;
  identity: MemberIdentity;
  keys: EpochKeys;
  members: SpaceMembers;
  /** What the server's answers to this device go through (null: as sent). */
  tamper: Tamper | null;
  /** Every request this device sent, as `<method> <path> <status>`. */
  sent: string[];
  /** What holds this device's requests back (null: nothing). */
  hold: Hold | null;
  /** How this browser reaches the server (for the other clients on it: a space's series). */
  http: HttpOptions;
  /** The synced vault's signing key (null: not synced). */
  signingKey(): Promise<CryptoKey | null>;
  close(): void;
}

/**
 * The member's app on browser `browser`: the first turns sync on (publishing the vault), the others join it; then
 * the identity is taken (made and published on the first device that needs it) and the membership client made.
 */
export async function spaceDevice(
  t: TestServer,
  account: SpaceAccount,
  browser: number,
): Promise<SpaceDevice> {
  const cookie = await account.cookie(browser);
  const holder: { tamper: Tamper | null; hold: Hold | null } = { tamper: null, hold: null };
  const sent: string[] = [];
  const fetch = fetchAs(t, cookie, holder, sent);
  const http = { fetch, timeoutMs: () => 30_000 };
  const server = httpSyncServer(http);
  const device = new SimulatedDevice(`browser ${browser}`, account.uid, server);
  if ((await server.call('syncState')).vault) {
    const joined = await device.join();
    if (joined !== 'ok') throw new Error(`the vault did not open: ${joined}`);
  } else {
    await device.openVault(account.header);
    await device.engine.enable();
    await device.engine.settled();
  }
  const vault = device.vault;
  const api = httpMembershipApi(http);
  const signing = new SyncIdentity({
    vault,
    server,
    store: () => new SyncStore(vault.database),
    deviceName: () => device.name,
  });
  const taken = await takeIdentity({
    uid: account.uid,
    vault,
    server: identityServer(api),
    vaultSigningKey: async () => {
      const key = await signing.signingKey();
      if (!key) throw new Error('the synced vault has no signing key');
      return key;
    },
  });
  if (!taken.ok) throw new Error(`the identity did not open: ${taken.reason}`);
  const keys = new EpochKeys(account.uid, vault, { indexedDB: device.indexedDB, IDBKeyRange });
  const members = new SpaceMembers({ uid: account.uid, identity: taken.identity, api, vault, keys });
  return {
    account,
    device,
    api,
    identity: taken.identity,
    keys,
    members,
    sent,
    http,
    signingKey: () => signing.signingKey(),
    get tamper() {
      return holder.tamper;
    },
    set tamper(value) {
      holder.tamper = value;
    },
    get hold() {
      return holder.hold;
    },
    set hold(value) {
      holder.hold = value;
    },
    close() {
      keys.close();
      device.close();
    },
  };
}
