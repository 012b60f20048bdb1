// The page bench/vault.mjs drives: the app's real Vault (crypto workers, IndexedDB) against raw WebCrypto
// measured in the same page.
import { ahead } from '../../src/client/lanes.js';
import { createBackup } from '../../src/app/backup/create.js';
import { decodeBackup } from '../../src/app/backup/format.js';
import { restoreInto } from '../../src/app/backup/restore.js';
import { Vault } from '../../src/app/vault/vault.js';
import { browserPlatform } from '../../src/app/platform/vault-platform.js';

const encoder = new TextEncoder();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function memo(index: number) {
  return {
    date: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
    title: `일기 ${index} — a day to remember`,
    body: '오늘은 날씨가 맑았다. We walked along the river and talked about the year. '.repeat(4),
  };
}

/** Single-thread baseline: the same per-record work (HKDF sub-key + AES-GCM) on the page's own thread. */
async function rawRecordDecrypt(count: number): Promise<number> {
  const dataKey = await crypto.subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    'HKDF',
    false,
    ['deriveKey'],
  );
  const info = encoder.encode('mygenie/record/v1');
  const sealed = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const key = await crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt, info },
        dataKey,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      );
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv },
        key,
        encoder.encode(JSON.stringify(memo(index))),
      );
      return { salt, iv, data };
    }),
  );
  const started = performance.now();
  await Promise.all(
    sealed.map(async ({ salt, iv, data }) => {
      const key = await crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt, info },
        dataKey,
        { name: 'AES-GCM', length: 256 },
        false,
        ['decrypt'],
      );
      return JSON.parse(
        new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data)),
      );
    }),
  );
  return performance.now() - started;
}

/** Raw throughput: one AES-GCM encryption of the whole buffer on the page's thread. */
async function rawEncrypt(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
  const started = performance.now();
  await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: crypto.getRandomValues(new Uint8Array(12)) },
    key,
    bytes,
  );
  return performance.now() - started;
}

/** The password of every vault the bench makes. */
const PASSWORD = 'bench master password 2026!';

/** A new vault in this page's IndexedDB, created with PASSWORD. */
async function newVault(prefix: string): Promise<{ vault: Vault; id: string }> {
  const id = `${prefix}-${Date.now()}`;
  const vault = new Vault(id, browserPlatform(id));
  await vault.load();
  await vault.create(PASSWORD);
  return { vault, id };
}

/** `size` random bytes (getRandomValues gives at most 64 KiB a call). */
function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65536) {
    crypto.getRandomValues(bytes.subarray(offset, offset + 65536));
  }
  return bytes;
}

/**
 * Waits for the background compaction that follows the writing (records sealed many at once, after the writes'
 * 2 s pause), then unlocks once more and waits for anything left: the unlocks measured after it are those of every
 * later day. Its time from the end of the writing, in milliseconds.
 */
async function settle(vault: Vault, password: string): Promise<number> {
  const started = performance.now();
  await vault.settled();
  await vault.lock();
  if ((await vault.unlock(password)) !== 'ok') throw new Error('unlock failed');
  await vault.settled();
  return Math.round(performance.now() - started);
}

async function run(options: { records: number; documentMb: number; backupDocumentMb: number; runs: number }) {
  const password = PASSWORD;
  const { vault, id } = await newVault('bench');
  const batch = 1000;
  for (let start = 0; start < options.records; start += batch) {
    await vault.putMany(
      'memo',
      Array.from({ length: Math.min(batch, options.records - start) }, (_, offset) => ({
        id: `m${start + offset}`,
        value: memo(start + offset),
      })),
    );
  }
  const compaction = await settle(vault, password);
  console.log(`${options.records} records sealed many at once in ${compaction} ms (in the background)`);
  const unlocks: Array<{ kdfMs: number; readMs: number; decryptMs: number }> = [];
  const raws: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    await vault.lock();
    const result = await vault.unlock(password);
    if (result !== 'ok' || vault.recordCount !== options.records)
      throw new Error(`unlock ${result} ${vault.recordCount}`);
    unlocks.push({ ...vault.unlockTimings });
    raws.push(await rawRecordDecrypt(options.records));
  }
  // One edit in the full vault: its page is rewritten (the price of packed records), then the record put back.
  const puts: number[] = [];
  for (let run = 0; run < options.runs * 5; run++) {
    const id = `m${(run * 997) % options.records}`;
    const started = performance.now();
    await vault.put('memo', id, { ...memo(run), title: 'edited' });
    puts.push(performance.now() - started);
    await vault.put('memo', id, memo((run * 997) % options.records));
  }

  const size = options.documentMb * 1024 * 1024;
  const bytes = randomBytes(size);
  const file = new File([bytes], 'bench.bin', { type: 'application/octet-stream' });
  const documents: number[] = [];
  const rawDocuments: number[] = [];
  const sealings: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    rawDocuments.push(await rawEncrypt(bytes));
    const sealing = performance.now();
    let sealedBytes = 0;
    await vault.documents.sealChunks(
      file,
      `doc-${run}`,
      crypto.getRandomValues(new Uint8Array(16)),
      async (_index, sealed) => {
        sealedBytes += sealed.data.byteLength;
      },
    );
    sealings.push(performance.now() - sealing);
    if (sealedBytes < size) throw new Error('sealed less than the document');
    const started = performance.now();
    const added = await vault.addDocument(file);
    documents.push(performance.now() - started);
    if (!added.ok) throw new Error(`document ${added.reason}`);
    await vault.remove(added.id);
  }
  // Backups: 10,000 records plus 20 MB of documents, made and restored on a fresh device, in each format.
  const documentBytes = randomBytes(options.backupDocumentMb * 1024 * 1024);
  for (let index = 0; index < 4; index++) {
    const part = documentBytes.length / 4;
    const added = await vault.addDocument(
      new File([documentBytes.subarray(index * part, (index + 1) * part)], `scan-${index}.pdf`, {
        type: 'application/pdf',
      }),
    );
    if (!added.ok) throw new Error(`document ${added.reason}`);
  }
  const backups: Record<string, { backupMs: number[]; restoreMs: number[]; bytes: number }> = {};
  for (const kind of ['zip', 'json'] as const) {
    const figures = { backupMs: [] as number[], restoreMs: [] as number[], bytes: 0 };
    for (let run = 0; run < options.runs; run++) {
      let started = performance.now();
      const backup = await createBackup(vault, kind);
      figures.backupMs.push(performance.now() - started);
      figures.bytes = backup.size;
      const restoredId = `bench-restore-${Date.now()}-${run}`;
      const fresh = new Vault(restoredId, browserPlatform(restoredId));
      await fresh.load();
      started = performance.now();
      // Reading the file (as restoring a chosen file does) is part of the restore.
      const decoded = await decodeBackup(backup);
      if (!decoded.ok) throw new Error(`backup ${decoded.problem}`);
      const decodedAt = performance.now();
      const restored = await restoreInto(fresh, decoded.contents, { mode: 'replace', password });
      figures.restoreMs.push(performance.now() - started);
      const [records, chunks, prepare, write] = fresh.restoreTimings;
      console.log(
        `${kind} restore: decode ${Math.round(decodedAt - started)} · records with KDF ${records} · ` +
          `chunks with MAC ${chunks} · prepare ${prepare} · write ${write} ms`,
      );
      if (restored !== 'ok' || fresh.recordCount !== vault.recordCount) {
        throw new Error(`restore ${restored} ${fresh.recordCount}/${vault.recordCount}`);
      }
      // The restored records are sealed many at once in the background (as in the app): let that finish before the
      // next step is measured.
      await fresh.settled();
      fresh.close();
      indexedDB.deleteDatabase(`mygenie-vault-${restoredId}`);
    }
    backups[kind] = figures;
  }
  vault.close();
  indexedDB.deleteDatabase(`mygenie-vault-${id}`);
  return {
    iterations: vault.iterations,
    kdfMs: median(unlocks.map((timing) => timing.kdfMs)),
    readMs: median(unlocks.map((timing) => timing.readMs)),
    decryptMs: median(unlocks.map((timing) => timing.decryptMs)),
    rawSingleThreadDecryptMs: median(raws),
    compactionMs: compaction,
    putMs: median(puts),
    documentMs: median(documents),
    sealMs: median(sealings),
    rawDocumentMs: median(rawDocuments),
    workers: 2,
    backup: Object.fromEntries(
      Object.entries(backups).map(([kind, figures]) => [
        kind,
        {
          backupMs: median(figures.backupMs),
          restoreMs: median(figures.restoreMs),
          megabytes: figures.bytes / 1048576,
        },
      ]),
    ),
  };
}

/**
 * A schedule event as the app keeps it: dates over thirty years, some lunar, some yearly; timed ones lasting an hour
 * (half in their own zone), and one in twenty a repeating series (weekly on two days, monthly on the second
 * Tuesday, every third day for a while, yearly) with a deleted and a moved occurrence, as bench/calendar.mjs makes.
 */
function event(index: number) {
  const year = 2000 + (index % 30);
  const month = String((index % 12) + 1).padStart(2, '0');
  const day = String((index % 28) + 1).padStart(2, '0');
  const date = `${year}-${month}-${day}`;
  const time = index % 3 === 0 ? '' : `${String(8 + (index % 10)).padStart(2, '0')}:30`;
  const value: Record<string, unknown> = {
    calendar: index % 10 === 0 ? 'lunar' : 'solar',
    date,
    repeat: index % 50 === 0 ? 'yearly' : 'none',
    title: `약속 ${index} · appointment`,
    time,
    memo: index % 4 === 0 ? '병원 예약 확인하기 — bring the insurance card' : '',
  };
  if (time) value.duration = 'PT1H';
  if (time && index % 2 === 0) value.zone = 'Asia/Seoul';
  if (index % 20 === 1) {
    const rules = [
      { freq: 'weekly', weekdays: [1, 3], count: 40 },
      { freq: 'monthly', nth: 2, weekdays: [2], count: 24 },
      { freq: 'daily', interval: 3, count: 60 },
      { freq: 'yearly' },
    ];
    value.rule = rules[Math.floor(index / 20) % rules.length];
    const later = (days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
    value.exceptions = {
      [later(30).toISOString().slice(0, 10)]: { deleted: true },
      [later(60).toISOString().slice(0, 10)]: { time: '18:00' },
    };
  }
  return value;
}

/**
 * The JS heap's peak above where it was when `reset` was last called (Chromium's performance.memory, precise
 * with --enable-precise-memory-info; garbage collected at each reset), sampled every 20 ms; the work measured
 * awaits often, so the samples run.
 */
function heapWatcher() {
  const used = () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
  let base = used();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, used());
  }, 20);
  return {
    reset() {
      // What an earlier step left to collect is collected first (the browser runs with --expose-gc), so the growth
      // is this step's own.
      (globalThis as { gc?: () => void }).gc?.();
      base = used();
      peak = base;
    },
    growthMb: () => (Math.max(peak, used()) - base) / 1048576,
    stop: () => clearInterval(timer),
  };
}

/** An IndexedDB request as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * What this browser on this machine can do at most, for the parts a backup and a restore are made of (MB/s, 1 MiB
 * pieces, four at a time as the vault does): IndexedDB writes (eight rows a transaction) and reads by key, reading
 * a Blob in slices, SHA-256 and AES-GCM on this page's WebCrypto. Raw APIs, no vault code.
 */
async function ceilings(megabytes = 128) {
  const MB = 1024 * 1024;
  const piece = new Uint8Array(MB);
  crypto.getRandomValues(piece.subarray(0, 65536));
  const pieces = Array.from({ length: megabytes }, (_, index) => {
    const copy = piece.slice();
    copy[0] = index & 255;
    copy[1] = index >> 8;
    return copy;
  });
  const rate = (ms: number) => megabytes / (ms / 1000);
  const name = `ceilings-${Date.now()}`;
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('rows');
  const db = await done(open);
  let started = performance.now();
  for (let at = 0; at < megabytes; at += 8) {
    const transaction = db.transaction('rows', 'readwrite');
    const rows = transaction.objectStore('rows');
    for (let index = at; index < Math.min(at + 8, megabytes); index++) rows.put(pieces[index], index);
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
    });
  }
  const idbWrite = rate(performance.now() - started);
  started = performance.now();
  for await (const _ of ahead(pieces.keys(), 4, (index) =>
    done(db.transaction('rows').objectStore('rows').get(index)),
  )) {
    // Each row read once.
  }
  const idbRead = rate(performance.now() - started);
  db.close();
  indexedDB.deleteDatabase(name);
  const blob = new Blob(pieces);
  started = performance.now();
  for await (const _ of ahead(pieces.keys(), 4, (index) =>
    blob.slice(index * MB, (index + 1) * MB).arrayBuffer(),
  )) {
    // Each slice read once.
  }
  const blobRead = rate(performance.now() - started);
  started = performance.now();
  for await (const _ of ahead(pieces, 4, (bytes) => crypto.subtle.digest('SHA-256', bytes))) {
    // Each piece digested once.
  }
  const sha256 = rate(performance.now() - started);
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'decrypt',
    'encrypt',
  ]);
  const iv = new Uint8Array(12);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, piece);
  started = performance.now();
  for await (const _ of ahead(pieces, 4, () => crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed))) {
    // Each piece opened once.
  }
  const aesGcm = rate(performance.now() - started);
  return { idbWrite, idbRead, blobRead, sha256, aesGcm };
}

/**
 * The vault at scale: `records` records (six in ten diary entries, the rest schedule events) unlocked `runs`
 * times; a records-only ZIP backup handed to the browser as a download (for the app's month view and diary
 * search at this size); then `documentMb` MB of documents added, backed up and restored on a fresh device once
 * in each format, each with the JS heap's peak growth and the wall-clock window (for the processes' memory,
 * which bench/vault.mjs samples).
 */
async function scale(options: { records: number; documentMb: number; runs: number }) {
  const password = PASSWORD;
  const { vault, id } = await newVault('scale');
  const batch = 1000;
  const filling = performance.now();
  for (let start = 0; start < options.records; start += batch) {
    const ids = Array.from({ length: Math.min(batch, options.records - start) }, (_, at) => start + at);
    const memos = ids.filter((index) => index % 5 < 3);
    const events = ids.filter((index) => index % 5 >= 3);
    await vault.putMany(
      'memo',
      memos.map((index) => ({ id: `m${index}`, value: memo(index) })),
    );
    await vault.putMany(
      'event',
      events.map((index) => ({ id: `e${index}`, value: event(index) })),
    );
  }
  console.log(`scale: ${options.records} records written in ${Math.round(performance.now() - filling)} ms`);
  const compaction = await settle(vault, password);
  console.log(
    `scale: ${options.records} records sealed many at once in ${compaction} ms (in the background)`,
  );
  const unlocks: Array<{ kdfMs: number; readMs: number; decryptMs: number; totalMs: number }> = [];
  for (let run = 0; run < options.runs; run++) {
    await vault.lock();
    const started = performance.now();
    const result = await vault.unlock(password);
    const totalMs = performance.now() - started;
    if (result !== 'ok' || vault.recordCount !== options.records) {
      throw new Error(`unlock ${result} ${vault.recordCount}`);
    }
    unlocks.push({ ...vault.unlockTimings, totalMs });
  }
  // The records alone, for the app: downloaded by the driving script.
  const recordsOnly = await createBackup(vault, 'zip');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(recordsOnly);
  link.download = 'scale-records.zip';
  document.body.append(link);
  link.click();
  link.remove();

  // Documents of 64 MB each (the last smaller), from one buffer of random bytes.
  const piece = randomBytes(Math.min(64, options.documentMb) * 1024 * 1024);
  const adding = performance.now();
  for (let left = options.documentMb * 1024 * 1024, index = 0; left > 0; index++) {
    const size = Math.min(left, piece.length);
    const added = await vault.addDocument(
      new File([piece.subarray(0, size)], `scan-${index}.pdf`, { type: 'application/pdf' }),
    );
    if (!added.ok) throw new Error(`document ${added.reason}`);
    left -= size;
  }
  console.log(
    `scale: ${options.documentMb} MB of documents added in ${Math.round(performance.now() - adding)} ms`,
  );
  const limits = await ceilings();
  console.log(
    `scale: ceilings (MB/s) ${Object.entries(limits)
      .map(([what, value]) => `${what} ${value.toFixed(0)}`)
      .join(' · ')}`,
  );
  const heap = heapWatcher();
  const backups: Record<string, Record<string, number>> = {};
  for (const kind of ['zip', 'json'] as const) {
    heap.reset();
    const backupFrom = Date.now();
    let started = performance.now();
    let backup: Blob | null = await createBackup(vault, kind);
    const backupMs = performance.now() - started;
    const backupHeapMb = heap.growthMb();
    const backupTo = Date.now();
    const megabytes = backup.size / 1048576;
    const restoredId = `scale-restore-${Date.now()}`;
    const fresh = new Vault(restoredId, browserPlatform(restoredId));
    await fresh.load();
    heap.reset();
    const restoreFrom = Date.now();
    started = performance.now();
    const decoded = await decodeBackup(backup);
    if (!decoded.ok) throw new Error(`backup ${decoded.problem}`);
    const restored = await restoreInto(fresh, decoded.contents, { mode: 'replace', password });
    const restoreMs = performance.now() - started;
    const restoreHeapMb = heap.growthMb();
    const restoreTo = Date.now();
    if (restored !== 'ok' || fresh.recordCount !== vault.recordCount) {
      throw new Error(`restore ${restored} ${fresh.recordCount}/${vault.recordCount}`);
    }
    console.log(
      `scale ${kind}: restore steps (records with KDF, chunks with MAC, prepare, write) ${fresh.restoreTimings.join(' · ')} ms`,
    );
    backup = null;
    // The restored records are sealed many at once in the background (as in the app): let that finish before the
    // next step is measured.
    await fresh.settled();
    fresh.close();
    await new Promise((resolve) => {
      const deleting = indexedDB.deleteDatabase(`mygenie-vault-${restoredId}`);
      deleting.onsuccess = deleting.onerror = () => resolve(undefined);
    });
    backups[kind] = {
      backupMs,
      restoreMs,
      megabytes,
      backupHeapMb,
      restoreHeapMb,
      backupFrom,
      backupTo,
      restoreFrom,
      restoreTo,
    };
  }
  heap.stop();
  vault.close();
  indexedDB.deleteDatabase(`mygenie-vault-${id}`);
  return {
    records: options.records,
    documentMb: options.documentMb,
    kdfMs: median(unlocks.map((timing) => timing.kdfMs)),
    readMs: median(unlocks.map((timing) => timing.readMs)),
    decryptMs: median(unlocks.map((timing) => timing.decryptMs)),
    unlockMs: median(unlocks.map((timing) => timing.totalMs)),
    compactionMs: compaction,
    ceilings: limits,
    backup: backups,
  };
}

/** A failure with what Dexie and the workers say of it (a page error reaches the driving script as its name alone). */
function explained<A extends unknown[], R>(work: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await work(...args);
    } catch (error) {
      const { name, message, stack } = error as Error & { inner?: Error };
      const inner = (error as { inner?: Error }).inner;
      throw new Error(`${name}: ${message}${inner ? ` (${inner.name}: ${inner.message})` : ''}\n${stack}`);
    }
  };
}

Object.assign(window, { runVaultBench: explained(run), runScaleBench: explained(scale) });
document.getElementById('status')!.textContent = 'ready';
