// A space's epoch keys on this device (docs/spaces-plan.md §2, "Space key and epochs"). K_e comes from the member's
// wrap on the server, opened only when the member the log says let them into the epoch signed it and the key gives
// the log's commitment C_e — the server could wrap a key of its own to anyone's public key. Once opened it is kept
// on the device sealed under the member vault's data key (kind `space-key`, bound to the space and epoch), so the
// space opens offline. It rests in a database of its own beside the member's vault, not among the vault's records:
// never in the lists, the search, a backup or the member's sync (each device opens its wrap itself).
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { base64UrlToBytes, bytesToBase64Url } from '../../shared/base64.js';
import type { SyncedVault } from '../vault/vault.js';
import type { MemberIdentity } from './identity-keys.js';
import { grantKey, type VerifiedLog } from './log-view.js';
import { openSpaceKey, type SpaceKeyWrap } from './space-keys.js';

/** The kind an epoch key is sealed as (its id is `<space>:<epoch>`): bound to the ciphertext, as a record's is. */
export const SPACE_KEY_KIND = 'space-key';

interface KeptKey {
  /** `<space>:<epoch>`. */
  id: string;
  spaceId: string;
  epoch: number;
  sealed: Uint8Array<ArrayBuffer>;
}

/** What else the device keeps of the member's spaces to show them offline (the checked logs, the last list). */
interface KeptValue {
  name: string;
  sealed: Uint8Array<ArrayBuffer>;
}

class KeptKeys extends Dexie {
  keys!: EntityTable<KeptKey, 'id'>;
  held!: EntityTable<KeptValue, 'name'>;

  constructor(memberId: string, options?: DexieOptions) {
    super(`mygenie-space-keys-${memberId}`, options);
    this.version(1).stores({ keys: 'id, spaceId', held: 'name' });
  }
}

/** The kind the device's other space values are sealed as (their id is their name). */
export const SPACE_HELD_KIND = 'space-held';

export type OpenedWrap =
  | { ok: true; key: Uint8Array<ArrayBuffer> }
  /**
   * none: no wrap for this member yet (waiting to be let in); not-granted: signed by someone the log did not have let
   * this member in; unsigned, tampered, commitment: as openSpaceKey says (not the log's K_e).
   */
  | { ok: false; reason: 'none' | 'not-granted' | 'unsigned' | 'tampered' | 'commitment' };

/** Opens the wrap the server holds for this member in the log's current epoch, checked against the log. */
export async function openWrap(
  me: { uid: string; identity: MemberIdentity },
  log: VerifiedLog,
  wrapText: string | null,
): Promise<OpenedWrap> {
  if (wrapText === null) return { ok: false, reason: 'none' };
  let wrap: SpaceKeyWrap;
  try {
    wrap = JSON.parse(wrapText) as SpaceKeyWrap;
  } catch {
    return { ok: false, reason: 'tampered' };
  }
  const { state } = log;
  const granted = log.grants[grantKey(state.epoch, me.uid)];
  if (!granted || wrap?.by !== granted.by) return { ok: false, reason: 'not-granted' };
  return openSpaceKey(me, wrap, {
    spaceId: state.spaceId,
    epoch: state.epoch,
    uid: me.uid,
    series: state.series,
    commit: state.commit,
    wrapperSignKey: granted.signKey,
  });
}

/** The epoch keys this member's device holds, sealed under the member vault's key. */
export class EpochKeys {
  readonly #vault: Pick<SyncedVault, 'seal' | 'open'>;
  readonly #memberId: string;
  readonly #options: DexieOptions | undefined;
  #db: KeptKeys;
  /** Keys opened since the vault was unlocked here. */
  readonly #open = new Map<string, Uint8Array<ArrayBuffer>>();

  /** `options`: another IndexedDB than the browser's (each simulated device of a Node test has its own). */
  constructor(memberId: string, vault: Pick<SyncedVault, 'seal' | 'open'>, options?: DexieOptions) {
    this.#vault = vault;
    this.#memberId = memberId;
    this.#options = options;
    this.#db = new KeptKeys(memberId, options);
  }

  /** The key of a space's epoch, if this device holds it (null: it never opened it, or it was dropped). */
  async get(spaceId: string, epoch: number): Promise<Uint8Array<ArrayBuffer> | null> {
    const id = `${spaceId}:${epoch}`;
    const known = this.#open.get(id);
    if (known) return known;
    const kept = await this.#db.keys.get(id);
    if (!kept) return null;
    const [opened] = await this.#vault.open<string>([{ kind: SPACE_KEY_KIND, id, sealed: kept.sealed }]);
    // Sealed under another vault key (the vault made again since), or altered on the disk: as if never kept.
    if (!opened?.ok || typeof opened.value !== 'string') return null;
    const key = base64UrlToBytes(opened.value);
    this.#open.set(id, key);
    return key;
  }

  /** Keeps a key this device opened (or drew) for a space's epoch. */
  async keep(spaceId: string, epoch: number, key: Uint8Array<ArrayBuffer>): Promise<void> {
    const id = `${spaceId}:${epoch}`;
    const { sealed } = await this.#vault.seal(SPACE_KEY_KIND, id, bytesToBase64Url(key));
    await this.#db.keys.put({ id, spaceId, epoch, sealed });
    this.#open.set(id, key);
  }

  /** Keeps a value of the member's spaces on this device, sealed as the keys are (the checked logs, say). */
  async keepValue(name: string, value: unknown): Promise<void> {
    const { sealed } = await this.#vault.seal(SPACE_HELD_KIND, name, value);
    await this.#db.held.put({ name, sealed });
  }

  /** A value kept with keepValue (undefined: none, or it does not open with this vault's key). */
  async value<T>(name: string): Promise<T | undefined> {
    const kept = await this.#db.held.get(name);
    if (!kept) return undefined;
    const [opened] = await this.#vault.open<T>([{ kind: SPACE_HELD_KIND, id: name, sealed: kept.sealed }]);
    return opened?.ok ? opened.value : undefined;
  }

  /** Forgets a space's keys (every epoch's, or one): the member left, was removed, or the space is gone. */
  async drop(spaceId: string, epoch?: number): Promise<void> {
    const ids = (await this.#db.keys.where('spaceId').equals(spaceId).toArray())
      .filter((kept) => epoch === undefined || kept.epoch === epoch)
      .map((kept) => kept.id);
    await this.#db.keys.bulkDelete(ids);
    for (const id of ids) this.#open.delete(id);
  }

  /** Every key goes (a logout: the device keeps nothing of the member's spaces). */
  async dropAll(): Promise<void> {
    this.#open.clear();
    await this.#db.delete();
    // A deleted Dexie stays closed: a key kept after this goes in a new database.
    this.#db = new KeptKeys(this.#memberId, this.#options);
  }

  close(): void {
    this.#db.close();
  }
}
