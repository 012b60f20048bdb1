// The search worker (loaded by search-feed's browser channel): the vault's searchable text, prepared and kept in
// memory while the vault is unlocked, answering queries off the page's thread.
import { searchHost } from './search-host.js';
import type { FromSearchWorker, ToSearchWorker } from './protocol.js';

const handle = searchHost((message: FromSearchWorker) => postMessage(message));
self.onmessage = (event: MessageEvent<ToSearchWorker>) => handle(event.data);
