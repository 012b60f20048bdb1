// A crypto worker: holds the unlocked data key and does the vault's WebCrypto work off the page's thread, and a
// restore's chunk jobs beside it (they need the key, and a gigabyte of chunks need not pass through the page).
import { chunkJobHandlers } from '../backup/chunk-job.js';
import { cryptoApi } from '../vault/crypto-api.js';
import { serveWorker } from '../vault/worker-host.js';

const crypto = cryptoApi();
serveWorker({ ...crypto, ...chunkJobHandlers(crypto) });
