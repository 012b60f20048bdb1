// A search result opening its record: search names the module and the record, the app opens the module's screen,
// and the screen — already open, or once it has loaded — opens the record as its own list would (useOpenRequest).
import { useEffect, useRef } from 'react';
import type { RecordScreen as SearchModule } from '../records/kind.js';

let request: { module: SearchModule; id: string } | null = null;
const listeners = new Set<() => void>();

/** Asks the module's screen to open the record `id`; the newest ask replaces one not yet taken. */
export function requestOpen(module: SearchModule, id: string): void {
  request = { module, id };
  for (const listener of listeners) listener();
}

/**
 * In a module's screen: opens each record search asks it to (`open` gets the id), the one asked before the
 * screen had loaded too. A record gone since is the screen's to ignore.
 */
export function useOpenRequest(module: SearchModule, open: (id: string) => void): void {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    const take = () => {
      if (request?.module !== module) return;
      const { id } = request;
      request = null;
      latest.current(id);
    };
    take();
    listeners.add(take);
    return () => {
      listeners.delete(take);
    };
  }, [module]);
}

const FIND_FOR_MS = 5_000;

/**
 * Brings a record shown in a list (the element with `data-search-record` set to its id) into view and gives focus
 * to its first control, once the list has drawn it.
 */
export function showRecord(id: string): void {
  const until = Date.now() + FIND_FOR_MS;
  const look = () => {
    const item = [...document.querySelectorAll<HTMLElement>('[data-search-record]')].find(
      (element) => element.dataset.searchRecord === id,
    );
    if (!item) {
      if (Date.now() < until) setTimeout(look, 50);
      return;
    }
    item.scrollIntoView({ block: 'center' });
    (item.querySelector<HTMLElement>('button, a[href]') ?? item).focus({ preventScroll: true });
  };
  look();
}
