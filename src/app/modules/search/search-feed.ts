// The page's side of search: it follows the vault and keeps the search worker's copy of the searchable text the
// same as the vault's — all of it after an unlock, in batches small enough that no task of the page's thread
// grows long, then each record that changes — and sends queries, one at a time, the newest waiting. The page
// only takes the fields (haystack.ts); preparing them and matching happen in the worker.
import type { VaultEntry, VaultState } from '../../vault/vault.js';
import { searchableOf } from './haystack.js';
import type {
  FromSearchWorker,
  SearchableRecord,
  SearchOptions,
  SearchResults,
  ToSearchWorker,
} from './protocol.js';

/** Records taken and sent per task of the page's thread: two of the worker's segments, each built once. */
export const FEED_BATCH = 2048;

/** How the page talks to the search worker: a Web Worker in the app, the same handling in-process in tests. */
export interface SearchChannel {
  post(message: ToSearchWorker): void;
  listen(onMessage: (message: FromSearchWorker) => void): void;
  close(): void;
}

/** The search worker of the app (ended with `close`, so nothing of what it held stays). */
export function workerChannel(): SearchChannel {
  const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage) => {
      worker.onmessage = (event: MessageEvent<FromSearchWorker>) => onMessage(event.data);
    },
    close: () => worker.terminate(),
  };
}

/** What of the vault the feed follows. */
export interface FollowedVault {
  readonly state: VaultState;
  all(): VaultEntry[];
  get(id: string): VaultEntry | undefined;
  subscribe(listener: () => void): () => void;
}

/** Lets the page's thread do other work (paint, a keystroke) between two batches. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export interface SearchAnswer {
  query: string;
  /** Not every record was in the worker yet. */
  building: boolean;
  results: SearchResults;
}

export class SearchFeed {
  readonly #vault: FollowedVault;
  readonly #channel: SearchChannel;
  readonly #batch: number;
  readonly #yield: () => Promise<void>;
  /** The entries as last sent (or looked at and found unsearchable), by id: a changed entry is a new object. */
  #sent = new Map<string, VaultEntry>();
  #ready = false;
  #syncing = false;
  #again = false;
  #stopped = false;
  #unsubscribe: (() => void) | null = null;
  #seq = 0;
  #asked: number | null = null;
  #waiting: { query: string; options: SearchOptions } | null = null;
  #answerListeners = new Set<(answer: SearchAnswer) => void>();
  #changeListeners = new Set<() => void>();

  constructor(
    vault: FollowedVault,
    channel: SearchChannel,
    options: { batch?: number; yieldToPage?: () => Promise<void> } = {},
  ) {
    this.#vault = vault;
    this.#channel = channel;
    this.#batch = options.batch ?? FEED_BATCH;
    this.#yield = options.yieldToPage ?? nextTask;
    channel.listen((message) => this.#heard(message));
  }

  /** Follows the vault from now on: what it holds is sent, then every change. */
  start(): void {
    this.#unsubscribe ??= this.#vault.subscribe(() => this.#follow());
    this.#follow();
  }

  /** Stops following and ends the worker: the prepared text goes with it. */
  stop(): void {
    this.#stopped = true;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#sent.clear();
    this.#channel.close();
  }

  /** Whether every record of the vault has reached the worker once since the unlock. */
  get ready(): boolean {
    return this.#ready;
  }

  /** Calls `listener` with each answer; returns how to stop. */
  onAnswer(listener: (answer: SearchAnswer) => void): () => void {
    this.#answerListeners.add(listener);
    return () => this.#answerListeners.delete(listener);
  }

  /** Calls `listener` whenever the worker's copy changed (records sent, changed or gone): a shown answer is old. */
  onChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Asks the worker; while it works on one query, only the newest next one waits (typing outruns nothing). */
  query(query: string, options: SearchOptions): void {
    this.#waiting = { query, options };
    if (this.#asked === null) this.#ask();
  }

  #ask(): void {
    const waiting = this.#waiting;
    if (!waiting || this.#stopped) return;
    this.#waiting = null;
    this.#asked = ++this.#seq;
    this.#channel.post({ type: 'query', seq: this.#asked, query: waiting.query, options: waiting.options });
  }

  #heard(message: FromSearchWorker): void {
    if (message.seq !== this.#asked) return;
    this.#asked = null;
    const answer = { query: message.query, building: message.building, results: message.results };
    for (const listener of this.#answerListeners) listener(answer);
    this.#ask();
  }

  #follow(): void {
    if (this.#stopped) return;
    this.#again = true;
    if (this.#syncing) return;
    this.#syncing = true;
    void (async () => {
      try {
        // A change heard while a round runs is met by one more round, from the loop's check with nothing between.
        while (this.#again && !this.#stopped) {
          this.#again = false;
          await this.#syncOnce();
        }
      } finally {
        this.#syncing = false;
      }
    })();
  }

  async #syncOnce(): Promise<void> {
    if (this.#vault.state !== 'unlocked') {
      if (this.#sent.size > 0 || this.#ready) {
        this.#channel.post({ type: 'clear' });
        this.#sent.clear();
        this.#ready = false;
        this.#changed();
      }
      return;
    }
    const posted = await this.#sendChanges();
    if (this.#stopped) return;
    if (!this.#ready) {
      // A round cut short by a lock meanwhile has more to do: the next round (the lock's) says so.
      if (this.#vault.state !== 'unlocked') return;
      this.#channel.post({ type: 'ready' });
      this.#ready = true;
      this.#changed();
    } else if (posted) this.#changed();
  }

  /** Sends what changed since the last time, in batches; answers whether anything was sent. */
  async #sendChanges(): Promise<boolean> {
    const entries = this.#vault.all();
    const changed: VaultEntry[] = [];
    for (const entry of entries) if (this.#sent.get(entry.id) !== entry) changed.push(entry);
    // Entries the vault no longer has: only looked for when the counts say some went.
    const gone: string[] = [];
    if (this.#sent.size + changed.filter((entry) => !this.#sent.has(entry.id)).length > entries.length) {
      for (const id of this.#sent.keys()) if (this.#vault.get(id) === undefined) gone.push(id);
    }
    for (const id of gone) this.#sent.delete(id);
    let posted = false;
    if (gone.length > 0) {
      this.#channel.post({ type: 'remove', ids: gone });
      posted = true;
    }
    for (let start = 0; start < changed.length; start += this.#batch) {
      if (start > 0) {
        await this.#yield();
        if (this.#stopped || this.#vault.state !== 'unlocked') return posted;
      }
      const records: SearchableRecord[] = [];
      const unsearchable: string[] = [];
      for (const entry of changed.slice(start, start + this.#batch)) {
        const record = searchableOf(entry);
        // A record that was searchable and is no longer (its shape changed) leaves the worker.
        if (record) records.push(record);
        else if (this.#sent.has(entry.id)) unsearchable.push(entry.id);
        this.#sent.set(entry.id, entry);
      }
      if (records.length > 0) this.#channel.post({ type: 'put', records });
      if (unsearchable.length > 0) this.#channel.post({ type: 'remove', ids: unsearchable });
      posted ||= records.length > 0 || unsearchable.length > 0;
    }
    return posted;
  }

  #changed(): void {
    for (const listener of this.#changeListeners) listener();
  }
}
