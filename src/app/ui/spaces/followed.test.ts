// Search across the member's vault and the shared spaces open on the device: real vaults (the member's, and a space's
// keyed Vault over its own store, fake-indexeddb as on a device) followed as one by the real search feed, its worker's
// handling run in-process. A query finds an entry of either; a space's new entry is found once written; a space that
// closes takes its entries out of the answers.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { SearchFeed, type SearchAnswer, type SearchChannel } from '../../modules/search/search-feed.js';
import { searchHost } from '../../modules/search/search-host.js';
import type { FromSearchWorker } from '../../modules/search/protocol.js';
import type { ShelfSpace, SpaceShelf } from '../../spaces/model.js';
import { newEpoch } from '../../spaces/space-keys.js';
import { newHeader, openTab } from '../../test/devices.js';
import type { VaultHeader } from '../../vault/crypto.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { SpaceStores } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { followedStores } from './followed.js';

const MEMBER = crypto.randomUUID();
const HOME: SpaceTag = { id: 'a'.repeat(32), name: '우리집', colour: 'teal' };
let header: VaultHeader;
const opened: Vault[] = [];
const feeds: SearchFeed[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.stop();
  for (const vault of opened.splice(0)) vault.close();
});

async function spaceVault(indexedDB: IDBFactory, spaceId: string): Promise<Vault> {
  const options = { indexedDB, IDBKeyRange };
  const stores = new SpaceStores(MEMBER, options);
  const id = await stores.note(spaceId, 1);
  stores.close();
  const vault = new Vault(id, {
    openStore: () => new VaultStore(id, options),
    pool: new CryptoPool(1, () => inProcessWorker(cryptoApi())),
    news: null,
    keepVerifier: null,
    hasVerifier: () => true,
    keyed: true,
  });
  opened.push(vault);
  await vault.openWithKey(newEpoch().key);
  return vault;
}

class TestShelf implements SpaceShelf {
  #spaces: readonly ShelfSpace[] = [];
  #listeners = new Set<() => void>();
  spaces = () => this.#spaces;
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };
  set(spaces: readonly ShelfSpace[]) {
    this.#spaces = spaces;
    for (const listener of this.#listeners) listener();
  }
}

/** The worker's handling on this thread, each message in a later task as a worker would. */
function inProcessChannel(): SearchChannel {
  let deliver: (message: FromSearchWorker) => void = () => undefined;
  let closed = false;
  const handle = searchHost((message) => deliver(message));
  return {
    post: (message) => void setTimeout(() => !closed && handle(structuredClone(message)), 0),
    listen: (onMessage) => {
      deliver = onMessage;
    },
    close: () => {
      closed = true;
    },
  };
}

async function found(feed: SearchFeed, query: string): Promise<string[]> {
  const answer = await new Promise<SearchAnswer>((resolve) => {
    const stop = feed.onAnswer((next) => {
      if (next.query !== query || next.building) return;
      stop();
      resolve(next);
    });
    feed.query(query, { hidden: [], limit: 10 });
  });
  return answer.results.groups.flatMap((group) => group.results.map((hit) => hit.id)).sort();
}

const entry = (memo: string) => ({
  date: '2026-12-01',
  type: 'expense',
  amount: 5000,
  currency: 'KRW',
  category: 'food',
  payment: '',
  memo,
});

describe('search over the member’s vault and the shared spaces', () => {
  it('finds entries of both, follows a space’s writes and forgets a space that closes', async () => {
    const device = new IDBFactory();
    const member = await openTab(device, MEMBER, null, header);
    opened.push(member);
    const home = await spaceVault(device, HOME.id);
    await member.save('ledger', 'mine', undefined, entry('동네 마트 장보기'));
    await home.save('ledger', 'shared', undefined, entry('코스트코 장보기'));
    const shelf = new TestShelf();
    shelf.set([{ tag: HOME, role: 'editor', writable: true, vault: home }]);

    const feed = new SearchFeed(followedStores(member, shelf), inProcessChannel(), {
      yieldToPage: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
    feeds.push(feed);
    feed.start();
    await expect.poll(() => found(feed, '장보기')).toEqual(['mine', 'shared']);

    await home.save('ledger', 'later', undefined, entry('월세'));
    await expect.poll(() => found(feed, '월세')).toEqual(['later']);

    shelf.set([]);
    await expect.poll(() => found(feed, '장보기')).toEqual(['mine']);
  });

  it('is the member’s vault itself without a shelf', async () => {
    const member = await openTab(new IDBFactory(), MEMBER, null, header);
    opened.push(member);
    expect(followedStores(member, null)).toBe(member);
  });
});
