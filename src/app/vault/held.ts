// The vault's records room: the records as this tab holds them (decrypted, in memory while unlocked), the writes
// that keep that copy true to the disk — each sealed, checked against what this tab last read, merged when made
// from an earlier copy — and the news between this member's tabs, so that each reads again what another wrote.
// The vault (vault.ts) opens and closes it; sync follows the other devices' changes through it (followRemote).
import { planEdit, type EditMet, type Json } from './merge.js';
import { NOTICES_KEPT, type Notice, type RecordNotice } from './notices.js';
import type { CryptoPool } from './pool.js';
import { StorageFullError, type StoredRecord } from './db.js';
import { RecordChangedError } from './records.js';
import type { VaultStore } from './store.js';
import type { TabNews, VaultNews } from './tabs.js';
import type { DocumentAdded, VaultDocuments } from './documents.js';
import { underRestoreLock, type Compaction } from './compaction.js';
import { openContents, readEverything } from './reading.js';
import { EntryMap, newId, type RecordKind, type VaultEntry } from './entries.js';

/** Records merged key by key when edited two ways, never copied: the settings, a document's description. */
export const ONE_OF_A_KIND: ReadonlySet<RecordKind> = new Set(['settings', 'document']);

/** What saving an edit did (Vault.save). */
export interface Saved<T> {
  entry: VaultEntry<T>;
  met: EditMet;
  /** The conflict copy made of the edit (met `conflict`). */
  copyId?: string;
}

/** A write found the record changed too often while it tried (another tab writing it again and again). */
const SAVE_ATTEMPTS = 5;

/** What the records room works with: the rest of the vault, as it is now. */
export interface HeldRecordsHost {
  memberId: string;
  store: () => VaultStore;
  pool: CryptoPool;
  /** News between this member's tabs (null: none). */
  news: TabNews | null;
  unlocked: () => boolean;
  /** Something the app shows changed. */
  changed: () => void;
  /** A write or deletion was made here while sync is on. */
  localWrite: () => void;
  compaction: Compaction;
  addDocument: VaultDocuments['add'];
}

type Write = { kind: RecordKind; id: string; value: unknown; expected: number | null };

export class HeldRecords {
  readonly #host: HeldRecordsHost;
  readonly entries = new EntryMap();
  /** Each kind's list, kept until an entry changes (the same array, so what is built from it is not rebuilt). */
  #lists = new Map<RecordKind, { revision: number; list: VaultEntry[] }>();
  /** Readings of records another tab wrote, one after another. */
  #rereading: Promise<void> = Promise.resolve();
  /** Records that failed authentication at unlock: reported, never shown as data. */
  damaged: string[] = [];
  /** What happened to records that the member should hear of (newest last; the same array until one comes). */
  notices: RecordNotice[] = [];

  constructor(host: HeldRecordsHost) {
    this.#host = host;
  }

  get #store(): VaultStore {
    return this.#host.store();
  }

  get tracking(): boolean {
    return this.#store.tracker !== null;
  }

  /** The entries of one kind: the same array until an entry changes. */
  list<T>(kind: RecordKind): VaultEntry<T>[] {
    const cached = this.#lists.get(kind);
    if (cached?.revision === this.entries.revision) return cached.list as VaultEntry<T>[];
    const found: VaultEntry[] = [];
    for (const entry of this.entries.values()) if (entry.kind === kind) found.push(entry);
    this.#lists.set(kind, { revision: this.entries.revision, list: found });
    return found as VaultEntry<T>[];
  }

  /** Forgets every record held (a lock, a close): the next unlock reads them again. */
  forget(): void {
    this.entries.clear();
    this.#lists.clear();
    this.damaged = [];
  }

  /**
   * Reads every record from the disk (an unlock). Chunks without a record (an upload cut off, a restore cut off by a
   * closed tab) and chunks left staged are removed, unless a restore is under way in another tab of this member's
   * (its chunks have no record yet). Answers how long reading and decrypting took.
   */
  async readAll(): Promise<{ readMs: number; decryptMs: number }> {
    const found = await readEverything(this.#store, this.#host.pool);
    this.entries.clear();
    for (const entry of found.entries) this.entries.set(entry.id, entry);
    this.damaged = found.damaged;
    const sweep = async () => {
      await this.#store.removeOrphanChunks(found.documents);
      await this.#store.dropRestored([]);
    };
    await underRestoreLock(this.#host.memberId, sweep, { ifAvailable: true });
    return { readMs: found.readMs, decryptMs: found.decryptMs };
  }

  /** Resolves when what the other tabs wrote, as heard so far, is read here (tests wait for it). */
  async caughtUp(): Promise<void> {
    await this.#rereading;
  }

  /** Writes a record whole, over the copy this tab holds (Vault.put). */
  async put<T>(kind: RecordKind, id: string, value: T): Promise<VaultEntry<T>> {
    const current = this.entries.get(id);
    const [entry] = await this.#write([{ kind, id, value, expected: current?.updatedAt ?? null }]);
    return entry as VaultEntry<T>;
  }

  /** Saves an edit made from an earlier copy, merged with what changed since (Vault.save). */
  async save<T>(kind: RecordKind, id: string, from: T | undefined, value: T): Promise<Saved<T>> {
    for (let attempt = 1; ; attempt++) {
      const current = this.entries.get(id);
      const plan = planEdit(from as Json | undefined, value as Json, current?.value as Json | undefined, {
        oneOfAKind: ONE_OF_A_KIND.has(kind),
      });
      const copyId = plan.copy === undefined ? undefined : newId();
      try {
        const [entry] = await this.#write([
          { kind, id, value: plan.value, expected: current?.updatedAt ?? null },
          ...(copyId
            ? [{ kind, id: copyId, value: { ...(plan.copy as object), conflictOf: id }, expected: null }]
            : []),
        ]);
        // A conflict shows as its copy (the conflict banner); the others are told as notices.
        const notice: Notice | null =
          plan.met === 'replaced' ? 'setting-replaced' : plan.met === 'restored' ? 'kept-edited-here' : null;
        if (notice) this.notify([{ id, kind, notice, at: Date.now() }]);
        return { entry: entry as VaultEntry<T>, met: plan.met, ...(copyId ? { copyId } : {}) };
      } catch (error) {
        if (!(error instanceof RecordChangedError) || attempt >= SAVE_ATTEMPTS) throw error;
      }
    }
  }

  /** New records of any kinds with their files, all or none (Vault.importRecords). */
  async importRecords(
    records: ReadonlyArray<{ kind: RecordKind; id: string; value: unknown }>,
    files: ReadonlyArray<{ recordId: string; file: Blob & { name: string } }>,
    onProgress?: (done: number) => void,
  ): Promise<DocumentAdded | { ok: true }> {
    const added: string[] = [];
    let done = 0;
    const dropDocuments = async () => {
      for (const id of added) await this.remove(id).catch(() => undefined);
    };
    try {
      for (const { recordId, file } of files) {
        const result = await this.#host.addDocument(file, (bytes) => onProgress?.(done + bytes), recordId);
        if (!result.ok) {
          await dropDocuments();
          return result;
        }
        added.push(result.id);
        done += file.size;
      }
      await this.#write(records.map(({ kind, id, value }) => ({ kind, id, value, expected: null })));
    } catch (error) {
      await dropDocuments();
      if (error instanceof StorageFullError) return { ok: false, reason: 'storage-full', needed: done };
      throw error;
    }
    this.#host.compaction.whenQuiet();
    return { ok: true };
  }

  /** Adds many new records at once, all or none (a CSV import). */
  async putMany<T>(kind: RecordKind, values: Array<{ id: string; value: T }>): Promise<void> {
    await this.#write(values.map(({ id, value }) => ({ kind, id, value, expected: null })));
    this.#host.compaction.whenQuiet();
  }

  /**
   * Seals and writes records in one transaction, each only if it is still as this tab last read it (`expected`:
   * its stamp, null for none); then this tab's copy follows and the other tabs are told. A record changed
   * meanwhile is read again before RecordChangedError goes to the caller.
   */
  async #write(writes: Write[]): Promise<VaultEntry[]> {
    const now = Date.now();
    const sealed: StoredRecord[] = (await this.#host.pool.sealMany(writes)).map((record) => ({
      ...record,
      updatedAt: now,
    }));
    let stamps: Map<string, number>;
    try {
      stamps = await this.#store.saveRecords(
        sealed,
        new Map(writes.map((write) => [write.id, write.expected])),
        await this.#replaced(writes.map((write) => write.id)),
      );
    } catch (error) {
      if (error instanceof RecordChangedError) await this.reread(error.ids);
      throw error;
    }
    const entries = writes.map(({ kind, id, value }) => {
      const entry: VaultEntry = { id, kind, value, updatedAt: stamps.get(id) ?? now };
      this.entries.set(id, entry);
      return entry;
    });
    this.#host.changed();
    this.#wrote(writes.map((write) => write.id));
    return entries;
  }

  /** Deletes a record; with `seen`, only if it is still that copy (Vault.remove). */
  async remove(id: string, seen?: number): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      const entry = this.entries.get(id);
      if (!entry) return true;
      if (seen !== undefined && entry.updatedAt !== seen) {
        this.notify([{ id, kind: entry.kind, notice: 'not-deleted', at: Date.now() }]);
        return false;
      }
      try {
        await this.#store.deleteRecord(
          id,
          entry.kind,
          new Map([[id, entry.updatedAt]]),
          await this.#replaced([id]),
        );
      } catch (error) {
        if (!(error instanceof RecordChangedError) || attempt >= SAVE_ATTEMPTS) throw error;
        await this.reread(error.ids);
        continue;
      }
      this.entries.delete(id);
      this.#host.changed();
      this.#wrote([id]);
      return true;
    }
  }

  /**
   * While sync is on, the records a write replaces, sealed again from this tab's copy (which the write checks is the
   * stored one): sync keeps what a record was as the base copy of the edit (store.ts, markEdits).
   */
  async #replaced(ids: string[]): Promise<Map<string, Uint8Array<ArrayBuffer>> | undefined> {
    if (!this.tracking) return undefined;
    const held = ids.flatMap((id) => {
      const entry = this.entries.get(id);
      return entry ? [entry] : [];
    });
    const sealed = await this.#host.pool.sealMany(held);
    return new Map(sealed.map((record) => [record.id, record.sealed]));
  }

  /** Sync is told of a write here; the other tabs are told which records to read again. */
  #wrote(ids: string[]): void {
    if (this.tracking) this.#host.localWrite();
    this.announce({ ids });
  }

  /** Tells this member's other tabs what to read again. */
  announce(news: VaultNews): void {
    try {
      this.#host.news?.post(news);
    } catch {
      // A closed channel (the tab is going): the others read everything at their next unlock.
    }
  }

  /** Another tab wrote: its records are read again here (a form open on one then says it changed). */
  async heard(news: VaultNews): Promise<void> {
    if (!this.#host.unlocked()) return;
    try {
      if ('all' in news) {
        await this.readAll();
        this.#host.changed();
      } else {
        await this.reread(news.ids);
      }
    } catch {
      // Locked meanwhile, or the database closed: the next unlock reads everything.
    }
  }

  /**
   * Reads records again from the disk into this tab's copy (gone ones go; unreadable ones are reported damaged), one
   * reading at a time. A record this tab changed itself while the disk was read (its own write, sync applying a
   * change) keeps that newer copy: the reading began before it.
   */
  reread(ids: string[]): Promise<void> {
    const reading = this.#rereading.then(async () => {
      if (ids.length === 0 || !this.#host.unlocked()) return;
      const began = this.entries.revision;
      const found = await openContents(this.#host.pool, await this.#store.readRecords(ids));
      const fresh = ids.filter((id) => !this.entries.changedSince(id, began));
      for (const id of fresh) {
        const entry = found.entries.get(id);
        if (entry) this.entries.set(id, entry);
        else if (this.entries.has(id)) this.entries.delete(id);
      }
      const damaged = found.damaged.filter((id) => fresh.includes(id));
      this.damaged = [...new Set([...this.damaged.filter((id) => !fresh.includes(id)), ...damaged])];
      this.#host.changed();
    });
    this.#rereading = reading.catch(() => undefined);
    return reading;
  }

  /** Tells the member (the notices shown under the header and in the settings). */
  notify(notices: RecordNotice[]): void {
    if (notices.length === 0) return;
    this.notices = [...this.notices, ...notices].slice(-NOTICES_KEPT);
    this.#host.changed();
  }

  /** Forgets a notice the member has read. */
  dismiss(notice: RecordNotice): void {
    this.notices = this.notices.filter((item) => item !== notice);
    this.#host.changed();
  }

  /** Remote changes were written with these stamps: this tab's copy follows them, and the other tabs are told. */
  followRemote(
    changes: Array<{ id: string; kind: RecordKind; value: unknown; deleted: boolean }>,
    stamps: ReadonlyMap<string, number>,
  ): void {
    if (changes.length === 0) return;
    const now = Date.now();
    for (const change of changes) {
      if (change.deleted) this.entries.delete(change.id);
      else {
        const updatedAt = stamps.get(change.id) ?? now;
        this.entries.set(change.id, { id: change.id, kind: change.kind, value: change.value, updatedAt });
      }
    }
    this.#host.changed();
    this.announce({ ids: changes.map((change) => change.id) });
    this.#host.compaction.whenQuiet();
  }

  /**
   * A restore was written (Vault.restoreWith): while sync is on, what it wrote, and with a replacing restore what it
   * removed, is kept to go to the other devices, with what each record was before (`before`, this tab's copy when
   * the restore began) as its base; then this tab's copy follows without decrypting again.
   */
  async followRestore(
    restored: { replace: boolean; records: StoredRecord[]; values: Map<string, unknown> },
    before: ReadonlyMap<string, VaultEntry>,
  ): Promise<void> {
    if (this.tracking) {
      const written = new Set(restored.records.map((record) => record.id));
      const removed = restored.replace
        ? [...this.entries.values()]
            .filter((entry) => !written.has(entry.id))
            .map((entry) => ({ id: entry.id, kind: entry.kind }))
        : [];
      const replaced = new Map<string, Uint8Array<ArrayBuffer> | null>();
      for (const id of [...written, ...removed.map((entry) => entry.id)]) {
        const old = before.get(id);
        replaced.set(id, old ? (await this.#host.pool.seal(old.kind, old.id, old.value)).sealed : null);
      }
      await this.#store.markTracked(restored.records, removed, replaced);
    }
    if (restored.replace) this.entries.clear();
    for (const record of restored.records) {
      this.entries.set(record.id, {
        id: record.id,
        kind: record.kind as RecordKind,
        value: restored.values.get(record.id),
        updatedAt: record.updatedAt,
      });
    }
    this.damaged = [];
    if (this.tracking) this.#host.localWrite();
    this.announce({ all: true });
  }
}
