// The search worker's side of the messages (protocol.ts), apart from the worker itself so a Node test can run
// the same handling in-process: records kept in a SearchIndex, queries answered from it.
import { SearchIndex } from './search-index.js';
import type { FromSearchWorker, ToSearchWorker } from './protocol.js';

export function searchHost(answer: (message: FromSearchWorker) => void): (message: ToSearchWorker) => void {
  let index = new SearchIndex();
  let ready = false;
  return (message) => {
    switch (message.type) {
      case 'put':
        index.put(message.records);
        return;
      case 'remove':
        index.remove(message.ids);
        return;
      case 'ready':
        ready = true;
        return;
      case 'clear':
        // A new index rather than an emptied one: nothing of the old text stays reachable.
        index = new SearchIndex();
        ready = false;
        return;
      case 'query': {
        const started = performance.now();
        const results = index.search(message.query, message.options);
        answer({
          type: 'answer',
          seq: message.seq,
          query: message.query,
          building: !ready,
          results,
          tookMs: performance.now() - started,
        });
      }
    }
  };
}
