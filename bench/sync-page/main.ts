// The page bench/sync.mjs drives, served on the server's origin (through the bench's proxy) so the app's own
// client calls the real API with the member's session: the app's real Vault and SyncEngine, seeding a vault on one
// device and timing its first sync on another.
import { call } from '../../src/client/api.js';
import { browserSyncEnvironment } from '../../src/app/sync/browser.js';
import { SyncEngine } from '../../src/app/sync/engine.js';
import { memberSeries } from '../../src/app/sync/identity.js';
import { Vault, type DocumentMeta } from '../../src/app/vault/vault.js';
import { browserPlatform } from '../../src/app/platform/vault-platform.js';

const PASSWORD = 'bench master password 2026!';

function memo(index: number) {
  return {
    date: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
    title: `일기 ${index} — a day to remember`,
    body: '오늘은 날씨가 맑았다. We walked along the river and talked about the year. '.repeat(4),
  };
}

function randomFile(name: string, bytes: number): File {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let done = 0; done < bytes; done += 65536) {
    parts.push(crypto.getRandomValues(new Uint8Array(Math.min(65536, bytes - done))));
  }
  return new File(parts, name, { type: 'application/octet-stream' });
}

const engineOf = (vault: Vault) => {
  const env = browserSyncEnvironment(() => 'Bench');
  return new SyncEngine(vault, env, memberSeries(vault, env));
};

/** Device A: a vault of `records` diary entries and `documentMb` of documents, then sync turned on and done. */
async function seed(options: { member: string; records: number; documentMb: number }) {
  const vault = new Vault(options.member, browserPlatform(options.member));
  await vault.load();
  await vault.create(PASSWORD);
  const started = performance.now();
  for (let at = 0; at < options.records; at += 1000) {
    const count = Math.min(1000, options.records - at);
    await vault.putMany(
      'memo',
      Array.from({ length: count }, (_, index) => ({ id: `memo-${at + index}`, value: memo(at + index) })),
    );
  }
  for (let mb = 0; mb < options.documentMb; mb += 25) {
    const added = await vault.addDocument(
      randomFile(`scan-${mb}.bin`, Math.min(25, options.documentMb - mb) * 1024 * 1024),
    );
    if (!added.ok) throw new Error(`document not added: ${added.reason}`);
  }
  const seeded = performance.now();
  const engine = engineOf(vault);
  await engine.enable();
  if (!(await engine.flush())) throw new Error(`not sent: ${JSON.stringify(engine.status)}`);
  const enabled = performance.now();
  engine.stop();
  vault.close();
  return { seedMs: seeded - started, sendMs: enabled - seeded, sendTimings: engine.timings };
}

/** Device B: the first unlock of the synced vault, timed until every record and document chunk is here. */
async function firstSync(options: { member: string }) {
  const vault = new Vault(options.member, browserPlatform(options.member));
  await vault.load();
  const engine = engineOf(vault);
  const started = performance.now();
  const state = await call('syncState');
  const result = await engine.join(state, PASSWORD);
  if (result !== 'ok') throw new Error(result);
  await engine.flush();
  const done = performance.now();
  if (engine.status.state !== 'synced') throw new Error(`sync ended ${JSON.stringify(engine.status)}`);
  const documents = vault.list<DocumentMeta>('document');
  let chunks = 0;
  for (const document of documents) {
    const blob = await vault.readDocument(document.id);
    if (!blob || blob.size !== document.value.size) throw new Error(`document ${document.id} incomplete`);
    chunks += document.value.chunkCount;
  }
  engine.stop();
  vault.close();
  return {
    timings: engine.timings,
    totalMs: done - started,
    kdfMs: engine.timings.unlockMs,
    syncMs: done - started - engine.timings.unlockMs,
    records: vault.recordCount,
    documents: documents.length,
    chunks,
  };
}

Object.assign(window, { seed, firstSync });
document.getElementById('status')!.textContent = 'ready';
