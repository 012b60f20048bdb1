// Members' devices in a shared space, simulated in one Node process (as devices.ts does a member's own vault): each
// device is the app's real keyed Vault of the space's epoch over its own IndexedDB (fake-indexeddb, one factory per
// device, the store noted as spacePlatform notes it) and the app's real SyncEngine given the space's series
// (space-sync.ts), talking to a server through the routes it is given (the real one, through the app's own HTTP
// client, in space-sync.test.ts). A test decides when each device syncs or goes offline.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { SyncEnvironment } from '../sync/ports.js';
import { cryptoApi } from '../vault/crypto-api.js';
import { CryptoPool, inProcessWorker } from '../vault/pool.js';
import { SpaceStores } from '../vault/space-stores.js';
import { VaultStore } from '../vault/store.js';
import { Vault } from '../vault/vault.js';
import type { SpaceApi } from '../spaces/space-server.js';
import {
  openSpaceEpoch,
  openSpaceSeries,
  SpaceLogBook,
  type OpenedEpoch,
  type SpaceMe,
  type SpaceSeries,
} from '../spaces/space-sync.js';
import { ManualClock } from './devices.js';

/** A space epoch's keyed vault in a device's IndexedDB, as spacePlatform makes it (its store noted first). */
export async function spaceVaultIn(
  indexedDB: IDBFactory,
  memberId: string,
  spaceId: string,
  epoch: number,
): Promise<Vault> {
  const options = { indexedDB, IDBKeyRange };
  const stores = new SpaceStores(memberId, options);
  const id = await stores.note(spaceId, epoch);
  stores.close();
  return new Vault(id, {
    openStore: () => new VaultStore(id, options),
    pool: new CryptoPool(1, () => inProcessWorker(cryptoApi())),
    news: null,
    keepVerifier: null,
    hasVerifier: () => true,
    keyed: true,
  });
}

/** A member's device in a space: its own database, and the space's epoch open on it once `open` is called. */
export class SpaceDevice {
  readonly indexedDB = new IDBFactory();
  readonly clock = new ManualClock();
  online = true;
  #series: SpaceSeries | null = null;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly me: SpaceMe,
    readonly api: SpaceApi,
    readonly options: { snapshotEvery?: number } = {},
  ) {}

  /** The epoch's keyed vault over this device's database, as spacePlatform makes it (its store noted first). */
  spaceVault(spaceId: string, epoch: number): Promise<Vault> {
    return spaceVaultIn(this.indexedDB, this.me.uid, spaceId, epoch);
  }

  get env(): Omit<SyncEnvironment, 'server'> {
    return {
      news: null,
      // One run at a time on this device (its tabs would share a Web Lock).
      exclusive: (_name, work) => {
        const run = this.#queue.then(work);
        this.#queue = run.catch(() => undefined);
        return run;
      },
      clock: this.clock,
      network: { online: () => this.online, watch: () => () => undefined },
      deviceName: () => this.name,
      ...(this.options.snapshotEvery ? { snapshotEvery: this.options.snapshotEvery } : {}),
    };
  }

  /**
   * Opens the space's current epoch here: its key from the wrap the server keeps (refused unless it checks out
   * against the log), its vault, its engine started; answers how the key opened, and waits for the first run.
   */
  async open(spaceId: string): Promise<OpenedEpoch> {
    const book = new SpaceLogBook(spaceId, this.api);
    const opened = await openSpaceEpoch({ spaceId, me: this.me, api: this.api, book });
    if (!opened.ok) return opened;
    this.#series = await openSpaceSeries({
      spaceId,
      epoch: opened.epoch,
      series: opened.series,
      key: opened.key,
      me: this.me,
      vault: await this.spaceVault(spaceId, opened.epoch),
      env: this.env,
      api: this.api,
      book,
    });
    await this.#series.engine.settled();
    return opened;
  }

  get series(): SpaceSeries {
    if (!this.#series) throw new Error(`${this.name} has no space open`);
    return this.#series;
  }

  get vault(): Vault {
    return this.series.vault;
  }

  get engine(): SpaceSeries['engine'] {
    return this.series.engine;
  }

  /** A sync run now, to its end, as news of the space would start one (the state and the log read again). */
  async sync(): Promise<void> {
    this.series.identity.heardNews();
    this.engine.syncNow();
    await this.engine.settled();
  }

  close(): void {
    this.#series?.close();
    this.#series = null;
  }
}
