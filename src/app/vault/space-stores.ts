// Where a shared space's records rest on a device (docs/spaces-plan.md §3, "Store"): one vault database per space
// and key epoch, beside the member's own, kept by a keyed vault (keys.ts). Its id is `<member>~space~<space>~<epoch>`,
// so its database is `mygenie-vault-<member>~space~<space>~<epoch>`: member ids are UUIDs and space ids have no `~`
// either, so it is never a member's database (`mygenie-vault-<member>`), and no two spaces or epochs share one. The
// member's space stores are listed to drop an old epoch's and to erase them all at a logout: from the browser's list
// of databases where it has one (indexedDB.databases()), and from a list of their ids kept beside them (ids only:
// nothing secret), for a browser without it (Firefox before 126).
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { vaultDatabaseName } from './db.js';

const SPACE = '~space~';

/** One space epoch's store of a member on this device; `id` is its vault's name (`new Vault(id, …)`). */
export interface SpaceStoreRef {
  id: string;
  spaceId: string;
  epoch: number;
}

const plainId = (value: string) => value.length > 0 && !value.includes('~');

/** The id of a space epoch's store (the name its vault and VaultStore take). */
export function spaceStoreId(memberId: string, spaceId: string, epoch: number): string {
  if (!plainId(memberId) || !plainId(spaceId) || !Number.isSafeInteger(epoch) || epoch < 1)
    throw new Error('a space store is named by a member id, a space id (neither with "~") and an epoch ≥ 1');
  return `${memberId}${SPACE}${spaceId}~${epoch}`;
}

/** The space epoch a database of `memberId`'s is the store of (null: it is none). */
function spaceStoreOf(memberId: string, databaseName: string): SpaceStoreRef | null {
  const head = vaultDatabaseName(`${memberId}${SPACE}`);
  if (!databaseName.startsWith(head)) return null;
  const [spaceId = '', epoch = '', ...rest] = databaseName.slice(head.length).split('~');
  const number = Number(epoch);
  if (rest.length > 0 || !plainId(spaceId) || String(number) !== epoch || number < 1) return null;
  return { id: spaceStoreId(memberId, spaceId, number), spaceId, epoch: number };
}

/** The ids of a member's space stores, kept on the device (a database of its own, never synced or backed up). */
class SpaceStoreList extends Dexie {
  stores!: EntityTable<SpaceStoreRef, 'id'>;

  constructor(memberId: string, options?: DexieOptions) {
    super(`mygenie-space-stores-${memberId}`, options);
    this.version(1).stores({ stores: 'id' });
  }
}

/** A member's space stores on this device: noted before each is made, listed, dropped. */
export class SpaceStores {
  readonly #options: DexieOptions | undefined;
  #list: SpaceStoreList;

  /** `options`: another IndexedDB than the browser's (each simulated device of a Node test has its own). */
  constructor(
    readonly memberId: string,
    options?: DexieOptions,
  ) {
    this.#options = options;
    this.#list = new SpaceStoreList(memberId, options);
  }

  /** Notes the store of a space's epoch, before its vault first opens it; answers its id. */
  async note(spaceId: string, epoch: number): Promise<string> {
    const id = spaceStoreId(this.memberId, spaceId, epoch);
    await this.#list.stores.put({ id, spaceId, epoch });
    return id;
  }

  /** Every space store of the member's on this device, noted or found, by space and epoch. */
  async list(): Promise<SpaceStoreRef[]> {
    const factory = (this.#options?.indexedDB ?? globalThis.indexedDB) as Partial<IDBFactory> | undefined;
    const names =
      typeof factory?.databases === 'function'
        ? (await factory.databases.call(factory)).flatMap(({ name }) => (name === undefined ? [] : [name]))
        : null;
    // Where the browser lists its databases, the list of ids is read only if there is one (reading makes it).
    const noted = names === null || names.includes(this.#list.name) ? await this.#list.stores.toArray() : [];
    const found = new Map(noted.map((store) => [store.id, store]));
    for (const name of names ?? []) {
      const store = spaceStoreOf(this.memberId, name);
      if (store) found.set(store.id, store);
    }
    return [...found.values()].sort((a, b) =>
      a.spaceId === b.spaceId ? a.epoch - b.epoch : a.spaceId < b.spaceId ? -1 : 1,
    );
  }

  /**
   * Deletes a space epoch's store (its vault closed first: an open one holds the deletion back until it closes, and
   * would make the database again if used after), then forgets it.
   */
  async drop(spaceId: string, epoch: number): Promise<void> {
    const id = spaceStoreId(this.memberId, spaceId, epoch);
    await new Dexie(vaultDatabaseName(id), this.#options).delete();
    await this.#list.stores.delete(id);
  }

  /** Deletes every space store of the member's on this device, and the list of them (a logout). */
  async dropAll(): Promise<void> {
    for (const store of await this.list()) await this.drop(store.spaceId, store.epoch);
    await this.#list.delete();
    // A deleted Dexie stays closed: a store noted after this goes in a new list.
    this.#list = new SpaceStoreList(this.memberId, this.#options);
  }

  /** Lets go of the list's database (it opens again when used). */
  close(): void {
    this.#list.close();
  }
}
