// A member's device in a space across its epochs, for the rotation's tests against the real server: the member's app
// (test/space-members.ts: vault with sync on, identity, epoch keys, memberships) and, beside it, the space's store of
// each epoch (test/space-devices.ts: the real keyed Vault over the device's own fake-indexeddb) with the real engine,
// opened, rotated and followed by spaces/rotation.ts. Every answer of the server to the space's routes can be
// rewritten by `tamper` (a server that lies), and the device can go offline.
import { IDBKeyRange } from 'fake-indexeddb';
import { EpochKeys, openWrap } from '../spaces/epoch-keys.js';
import { SpaceLogs } from '../spaces/log-view.js';
import {
  departSpace,
  followEpoch,
  httpStage,
  rotateSpace,
  type EpochHost,
  type OpenEpoch,
  type RotationOptions,
} from '../spaces/rotation.js';
import { httpMembershipApi } from '../spaces/space-api.js';
import { openSpaceSeries, SpaceLogBook } from '../spaces/space-sync.js';
import { httpApi } from '../sync/browser.js';
import { SpaceStores } from '../vault/space-stores.js';
import { SpaceDevice as SpaceSide } from './space-devices.js';
import {
  spaceDevice,
  type SpaceAccount,
  type SpaceDevice,
  type Tamper,
  type TestServer,
} from './space-members.js';

/** A fetch reaching the test server as one browser, its JSON answers passed through `tamper()` when set. */
function fetchAs(t: TestServer, cookie: string, tamper: () => Tamper | null): typeof fetch {
  return async (input, init = {}) => {
    const body = init.body;
    const method = init.method ?? 'GET';
    const response = await t.inject({
      method,
      url: String(input),
      remoteAddress: '203.0.113.9',
      headers: { origin: t.origin, cookie, ...(init.headers as Record<string, string>) },
      ...(body === null || body === undefined
        ? {}
        : { payload: typeof body === 'string' ? body : Buffer.from(body as Uint8Array) }),
    });
    const type = String(response.headers['content-type'] ?? 'application/json');
    let payload: Uint8Array | string | null =
      response.statusCode === 204 ? null : new Uint8Array(response.rawPayload);
    const rewrite = tamper();
    if (rewrite && payload !== null && type.includes('json') && response.statusCode < 300)
      payload = JSON.stringify(await rewrite(String(input), method, JSON.parse(response.payload)));
    return new Response(payload as BodyInit | null, {
      status: response.statusCode,
      headers: { 'content-type': type },
    });
  };
}

export interface Memo {
  title: string;
  [field: string]: string;
}

/** A member's device in one space, across its epochs. */
export class RotationDevice {
  tamper: Tamper | null = null;
  current: OpenEpoch | null = null;
  readonly host: EpochHost;

  constructor(
    readonly name: string,
    readonly member: SpaceDevice,
    readonly side: SpaceSide,
    readonly spaceId: string,
    host: Omit<EpochHost, 'spaceId' | 'me' | 'api' | 'vaultOf' | 'env'>,
  ) {
    this.host = {
      ...host,
      spaceId,
      me: side.me,
      api: side.api,
      vaultOf: (epoch) => side.spaceVault(spaceId, epoch),
      env: side.env,
      onEpoch: () => undefined,
    };
  }

  get open(): OpenEpoch {
    if (!this.current) throw new Error(`${this.name} has no epoch open`);
    return this.current;
  }

  set online(value: boolean) {
    this.side.online = value;
  }

  /** Opens the space's current epoch here (its key from this member's wrap, checked against the log). */
  async start(): Promise<void> {
    const { spaceId, me, api, logs, keys } = this.host;
    const log = await logs.refresh(spaceId);
    const { epoch, series } = log.state;
    const state = await api.call('spaceSync', { params: { id: spaceId } });
    const opened = await openWrap(me, log, state.wrap);
    if (!opened.ok) throw new Error(`${this.name}: the wrap did not open (${opened.reason})`);
    await keys.keep(spaceId, epoch, opened.key);
    const book = new SpaceLogBook(spaceId, api);
    const vault = await this.host.vaultOf(epoch);
    const series$ = await openSpaceSeries({ ...this.host, epoch, series, key: opened.key, vault, book });
    this.current = { epoch, series: series$ };
    await series$.engine.settled();
  }

  /** A run now, to its end; answers the newer epoch it found (null: none). */
  async sync(): Promise<number | null> {
    const { series } = this.open;
    series.identity.heardNews();
    series.engine.syncNow();
    await series.engine.settled();
    return series.identity.epochChanged;
  }

  async follow() {
    const followed = await followEpoch(this.host, this.open);
    if (followed.ok) this.current = followed.epoch;
    return followed;
  }

  async rotate(options: RotationOptions = {}) {
    const rotated = await rotateSpace(this.host, this.open, options);
    this.current = rotated.epoch;
    return rotated;
  }

  /** The member is gone from the space: its unsent edits kept as the member's own, the stores and keys dropped. */
  async depart(): Promise<string[]> {
    const kept = await departSpace(this.host, this.current, this.member.device.vault);
    this.current = null;
    return kept;
  }

  memos(): Record<string, Memo> {
    return Object.fromEntries(
      this.open.series.vault.list<Memo>('memo').map((entry) => [entry.id, entry.value]),
    );
  }

  save(id: string, value: Memo) {
    const vault = this.open.series.vault;
    return vault.save<Memo>('memo', id, vault.get<Memo>(id)?.value, value);
  }

  close(): void {
    this.current?.series.close();
    this.current = null;
    this.member.close();
  }
}

/** The member's device on browser `browser`, the space's current epoch open on it. */
export async function rotationDevice(
  t: TestServer,
  account: SpaceAccount,
  browser: number,
  spaceId: string,
  name: string,
  member?: SpaceDevice,
): Promise<RotationDevice> {
  const app = member ?? (await spaceDevice(t, account, browser));
  const cookie = await account.cookie(browser);
  let device: RotationDevice | null = null;
  const fetch = fetchAs(t, cookie, () => device?.tamper ?? null);
  const http = { fetch, timeoutMs: () => 30_000 };
  const me = { uid: account.uid, identity: app.identity };
  const side = new SpaceSide(name, me, httpApi(http));
  device = new RotationDevice(name, app, side, spaceId, {
    logs: new SpaceLogs(httpMembershipApi(http), { uid: account.uid, key: () => app.identity.key }),
    keys: new EpochKeys(account.uid, app.device.vault, { indexedDB: side.indexedDB, IDBKeyRange }),
    stores: new SpaceStores(account.uid, { indexedDB: side.indexedDB, IDBKeyRange }),
    stage: httpStage(http),
    wait: () => Promise.resolve(),
  });
  await device.start();
  return device;
}
