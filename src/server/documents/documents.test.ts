// The documents service's rules, called as the routes call it, on its store and a fresh database per test (no
// HTTP): a member's own documents only, served safely, within the quota they share — also when uploads arrive at
// once. The routes' shapes and refusals are the HTTP tests' (files/access.test.ts, http/attacks.test.ts).
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SignedIn } from '../accounts/service.js';
import { memberQuota } from '../quota/quota.js';
import { answer, serviceWorlds, type ServiceWorld } from '../test/services.js';
import { documentService, type DocumentService } from './service.js';

const QUOTA_BYTES = 1000;
const quiet = { warn: () => undefined } as never;

const bytes = (size: number, fill = 7) => Buffer.alloc(size, fill);

describe('documents service', () => {
  const worlds = serviceWorlds();
  let world: ServiceWorld;
  let documents: DocumentService;
  let alice: SignedIn;
  let bob: SignedIn;

  beforeEach(async () => {
    world = worlds();
    const quota = memberQuota({
      store: world.stores.quota,
      clock: world.clock,
      storage: world.storage,
      quotaBytes: QUOTA_BYTES,
    });
    documents = documentService({
      store: world.stores.documents,
      quota,
      storage: world.storage,
      clock: world.clock,
      maxUploadBytes: 10_000,
    });
    alice = await world.member('alice@example.com');
    bob = await world.member('bob@example.com');
  });

  const upload = (
    who: SignedIn,
    name: string,
    size: number,
    declared: number | null = size,
    type = 'text/plain',
  ) => documents.upload(who.user.uid, { name, type }, Readable.from([bytes(size)]), declared);

  it('keeps an upload as the member’s document, counted in their quota, and serves it as what it is', async () => {
    const { document } = await upload(alice, 'notes.txt', 300);
    expect(document).toMatchObject({ name: 'notes.txt', size: 300, contentType: 'text/plain' });
    expect(await documents.list(alice.user.uid)).toEqual({
      documents: [document],
      usedBytes: 300,
      quotaBytes: QUOTA_BYTES,
    });
    const file = await documents.file(alice.user.uid, document.id);
    expect(file).toMatchObject({ name: 'notes.txt', contentType: 'text/plain' });
    const stored = await world.storage.get(file.storageKey);
    expect(stored.size).toBe(300);
    stored.stream.resume();
  });

  it('serves a type that could run in our origin as bytes to save', async () => {
    const { document } = await upload(alice, 'page.html', 20, 20, 'text/html');
    expect((await documents.file(alice.user.uid, document.id)).contentType).toBe('application/octet-stream');
  });

  it('answers another member’s document as not found, and leaves it be', async () => {
    const { document } = await upload(alice, 'private.txt', 100);
    expect(await answer(documents.file(bob.user.uid, document.id))).toBe('storage/object-not-found');
    expect(await answer(documents.remove(bob.user.uid, document.id, quiet))).toBe('storage/object-not-found');
    expect((await documents.list(bob.user.uid)).documents).toEqual([]);
    expect((await documents.list(alice.user.uid)).documents).toHaveLength(1);
  });

  it('deletes the row and the stored bytes together', async () => {
    const { document } = await upload(alice, 'old.txt', 100);
    const { storageKey } = await documents.file(alice.user.uid, document.id);
    await documents.remove(alice.user.uid, document.id, quiet);
    expect(await documents.list(alice.user.uid)).toMatchObject({ documents: [], usedBytes: 0 });
    expect(await world.storage.exists(storageKey)).toBe(false);
    expect(await answer(documents.file(alice.user.uid, document.id))).toBe('storage/object-not-found');
  });

  it('refuses what the quota has no room for, keeping nothing of it', async () => {
    await upload(alice, 'first.txt', 800);
    expect(await answer(upload(alice, 'declared.txt', 300))).toBe('storage/quota-exceeded');
    // Not declared: cut at the room left, and refused as the quota's, not the upload limit's.
    expect(await answer(upload(alice, 'chunked.txt', 300, null))).toBe('storage/quota-exceeded');
    expect(await documents.list(alice.user.uid)).toMatchObject({ usedBytes: 800 });
    expect((await documents.list(alice.user.uid)).documents.map((doc) => doc.name)).toEqual(['first.txt']);
    // Another member's quota is their own.
    expect(await answer(upload(bob, 'bob.txt', 900))).toBe('done');
  });

  it('lets uploads sent at once take no more than the quota together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => answer(upload(alice, `at-once-${index}.txt`, 300))),
    );
    expect(answers.filter((code) => code === 'done')).toHaveLength(3);
    expect(answers.filter((code) => code === 'storage/quota-exceeded')).toHaveLength(2);
    expect(await documents.list(alice.user.uid)).toMatchObject({ usedBytes: 900 });
  });
});
