// The search worker's side of the messages (protocol.ts), apart from the worker itself so a Node test can run
// the same handling in-process: records kept in a SearchIndex, queries answered from it.
import { SearchIndex } from './search-index.js';
import type { FromSearchWorker, ToSearchWorker } from './protocol.js';

/** Spare-time work of the worker, in slices this long, so a query never waits behind one for longer. */
const SPARE_SLICE_MS = 4;

export function searchHost(answer: (message: FromSearchWorker) => void): (message: ToSearchWorker) => void {
  let index = new SearchIndex();
  let ready = false;
  let spare: ReturnType<typeof setTimeout> | null = null;
  // Once every record is in, what matching of initial consonants needs is made between messages (a query that
  // comes first makes what it needs itself).
  const workInSpareTime = () => {
    if (spare !== null || !ready) return;
    spare = setTimeout(() => {
      spare = null;
      if (ready && !index.prepareInitials(SPARE_SLICE_MS)) workInSpareTime();
    }, 0);
  };
  return (message) => {
    switch (message.type) {
      case 'put':
        index.put(message.records);
        workInSpareTime();
        return;
      case 'remove':
        index.remove(message.ids);
        workInSpareTime();
        return;
      case 'ready':
        ready = true;
        workInSpareTime();
        return;
      case 'clear':
        // A new index rather than an emptied one: nothing of the old text stays reachable.
        index = new SearchIndex();
        ready = false;
        if (spare !== null) clearTimeout(spare);
        spare = null;
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
