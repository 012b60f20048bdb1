import { describe, expect, it, vi } from 'vitest';
import type { RecordKind, VaultEntry, VaultState } from '../../vault/vault.js';
import { SEARCH_FIXTURE, SECRETS } from './fixtures.js';
import type { FromSearchWorker, SearchOptions, ToSearchWorker } from './protocol.js';
import { searchHost } from './search-host.js';
import { SearchFeed, type FollowedVault, type SearchAnswer, type SearchChannel } from './search-feed.js';

/** The vault as the feed sees it: entries by id, a state, and news of every change. */
class FakeVault implements FollowedVault {
  state: VaultState = 'unlocked';
  #entries = new Map<string, VaultEntry>();
  #listeners = new Set<() => void>();
  #clock = 1_700_000_000_000;

  all = () => [...this.#entries.values()];
  get = (id: string) => this.#entries.get(id);
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  set(kind: RecordKind, id: string, value: Record<string, unknown>, quiet = false): void {
    this.#entries.set(id, { id, kind, value, updatedAt: this.#clock++ });
    if (!quiet) this.#changed();
  }
  delete(id: string): void {
    this.#entries.delete(id);
    this.#changed();
  }
  lock(): void {
    this.state = 'locked';
    this.#entries.clear();
    this.#changed();
  }
  unlock(): void {
    this.state = 'unlocked';
    this.#changed();
  }
  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}

/** The worker's handling on this thread, each message handled in a later task as a worker would; all kept. */
function recordingChannel() {
  const posted: ToSearchWorker[] = [];
  let deliver: (message: FromSearchWorker) => void = () => undefined;
  const handle = searchHost((message) => deliver(message));
  let closed = false;
  const channel: SearchChannel = {
    post: (message) => {
      posted.push(message);
      const copy = structuredClone(message);
      setTimeout(() => !closed && handle(copy), 0);
    },
    listen: (onMessage) => {
      deliver = onMessage;
    },
    close: () => {
      closed = true;
    },
  };
  return { channel, posted, closed: () => closed };
}

const OPEN: SearchOptions = { hidden: [], limit: 10 };

/** A feed that yields to the next timer between batches (Node's first MessageChannel takes tens of ms). */
function newFeed(vault: FollowedVault, channel: SearchChannel, batch?: number): SearchFeed {
  return new SearchFeed(vault, channel, {
    batch,
    yieldToPage: () => new Promise((resolve) => setTimeout(resolve, 0)),
  });
}

function fixtureVault(): FakeVault {
  const vault = new FakeVault();
  for (const record of SEARCH_FIXTURE) vault.set(record.kind, record.id, record.value, true);
  return vault;
}

/** The answer to one query (asked once the feed is idle). */
async function ask(feed: SearchFeed, query: string, options = OPEN): Promise<SearchAnswer> {
  const answered = new Promise<SearchAnswer>((resolve) => {
    const stop = feed.onAnswer((answer) => {
      if (answer.query !== query) return;
      stop();
      resolve(answer);
    });
  });
  feed.query(query, options);
  return answered;
}

const ids = (answer: SearchAnswer) =>
  answer.results.groups.flatMap((group) => group.results.map((hit) => hit.id));
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** The next time the worker's copy changes (every record sent after an unlock, or a change). */
const changed = (feed: SearchFeed) =>
  new Promise<void>((resolve) => {
    const stop = feed.onChange(() => {
      stop();
      resolve();
    });
  });

describe('the search feed', () => {
  it('sends the vault in batches, then answers queries from the worker', async () => {
    const vault = new FakeVault();
    for (let at = 0; at < 25; at++)
      vault.set('memo', `m${at}`, { title: `일기 ${at}`, body: '', date: '2026-01-01' }, true);
    vault.set('settings', 'settings', { nickname: '일기' }, true);
    const { channel, posted } = recordingChannel();
    const feed = newFeed(vault, channel, 10);
    let yields = 0;
    const yielding = new SearchFeed(vault, recordingChannel().channel, {
      batch: 10,
      yieldToPage: async () => {
        yields++;
      },
    });
    yielding.start();
    const built = changed(feed);
    feed.start();
    await built;
    const puts = posted.filter((message) => message.type === 'put');
    expect(puts.map((message) => message.records.length)).toEqual([10, 10, 5]);
    expect(posted.at(-1)).toEqual({ type: 'ready' });
    expect(yields).toBe(2);
    expect(feed.ready).toBe(true);
    const answer = await ask(feed, '일기 2');
    expect(answer.building).toBe(false);
    expect(answer.results.groups[0]!.total).toBe(7);
    feed.stop();
    yielding.stop();
  });

  it('never sends a secret field to the worker', async () => {
    const { channel, posted } = recordingChannel();
    const feed = newFeed(fixtureVault(), channel);
    const built = changed(feed);
    feed.start();
    await built;
    const sent = JSON.stringify(posted);
    expect(sent).toContain('신한카드');
    for (const secret of Object.values(SECRETS)) expect(sent).not.toContain(secret);
    for (const secret of [SECRETS.password, SECRETS.cardNumber, SECRETS.accountNumber]) {
      expect(ids(await ask(feed, secret))).toEqual([]);
    }
    feed.stop();
  });

  it('follows the vault: a changed record, a new one, one deleted', async () => {
    const vault = fixtureVault();
    const { channel, posted } = recordingChannel();
    const feed = newFeed(vault, channel);
    const built = changed(feed);
    feed.start();
    await built;
    const before = posted.length;
    vault.set('memo', 'memo-rain', { title: '맑은 날', body: '한강 공원 산책', date: '2026-04-11' });
    vault.set('event', 'event-new', { title: '한강 피크닉', memo: '' });
    vault.delete('event-lunch');
    await vi.waitFor(async () => expect(ids(await ask(feed, '한강'))).toEqual(['event-new', 'memo-rain']));
    // Only what changed went again.
    const sentSince = posted.slice(before);
    expect(
      sentSince.flatMap((message) => (message.type === 'put' ? message.records.map((r) => r.id) : [])),
    ).toEqual(expect.arrayContaining(['memo-rain', 'event-new']));
    expect(sentSince.flatMap((message) => (message.type === 'put' ? message.records : []))).toHaveLength(2);
    expect(ids(await ask(feed, '스타벅스'))).toEqual(['ledger-coffee']);
    expect(ids(await ask(feed, '점심'))).toEqual([]);
    feed.stop();
  });

  it('drops everything when the vault locks, and sends it all again after the next unlock', async () => {
    const vault = fixtureVault();
    const { channel, posted } = recordingChannel();
    const feed = newFeed(vault, channel);
    const built = changed(feed);
    feed.start();
    await built;
    vault.lock();
    await vi.waitFor(() => expect(posted.at(-1)).toEqual({ type: 'clear' }));
    expect(feed.ready).toBe(false);
    expect(ids(await ask(feed, '김민수'))).toEqual([]);
    for (const record of SEARCH_FIXTURE) vault.set(record.kind, record.id, record.value, true);
    vault.unlock();
    await vi.waitFor(async () => expect(ids(await ask(feed, '김민수'))).toHaveLength(3));
    feed.stop();
  });

  it('says which answers come before every record was sent, and tells when the copy changed', async () => {
    const vault = fixtureVault();
    const { channel } = recordingChannel();
    const feed = newFeed(vault, channel, 2);
    let changes = 0;
    feed.onChange(() => changes++);
    feed.start();
    const early = ask(feed, '김민수');
    expect((await early).building).toBe(true);
    await vi.waitFor(() => expect(changes).toBe(1));
    expect((await ask(feed, '김민수')).building).toBe(false);
    feed.stop();
  });

  it('asks one query at a time, only the newest of those typed meanwhile', async () => {
    const { channel, posted } = recordingChannel();
    const feed = newFeed(fixtureVault(), channel);
    const built = changed(feed);
    feed.start();
    await built;
    const answers: string[] = [];
    feed.onAnswer((answer) => answers.push(answer.query));
    for (const typed of ['ㄱ', '기', '김', '김ㅁ', '김미', '김민']) feed.query(typed, OPEN);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const asked = posted.filter((message) => message.type === 'query').map((message) => message.query);
    expect(asked).toEqual(['ㄱ', '김민']);
    expect(answers).toEqual(['ㄱ', '김민']);
    feed.stop();
  });

  it('ends the worker when stopped, and follows the vault no more', async () => {
    const vault = fixtureVault();
    const { channel, posted, closed } = recordingChannel();
    const feed = newFeed(vault, channel);
    const built = changed(feed);
    feed.start();
    await built;
    feed.stop();
    expect(closed()).toBe(true);
    const count = posted.length;
    vault.set('memo', 'late', { title: '늦은 일기', body: '', date: '2026-01-01' });
    await settle();
    expect(posted).toHaveLength(count);
  });
});
