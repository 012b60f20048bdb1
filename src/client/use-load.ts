// Data the page asks the API for after its first render: the one way site pages load, show, retry and refresh
// a list. A change of `key` (another language, another member) starts over with nothing shown; `reload` asks
// again while the last answer stays on screen; an answer that arrives after a newer request is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureCode, type FailureCode } from './api-request.js';

export interface Loaded<T> {
  /** The last answer, or undefined until the first one arrives (and after `key` changes). */
  data: T | undefined;
  /** Why the last request failed; cleared when a request starts. */
  error: FailureCode | null;
  /** A request is under way. */
  loading: boolean;
  reload(): void;
  /** Changes the shown data in place, after an action whose result is known without asking again. */
  update(change: (current: T) => T): void;
}

export function useLoad<T>(load: () => Promise<T>, key: string | number = ''): Loaded<T> {
  const loader = useRef(load);
  loader.current = load;
  const latest = useRef(0);
  const [state, setState] = useState<{ data: T | undefined; error: FailureCode | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: true,
  });

  const request = useCallback((keep: boolean) => {
    const current = ++latest.current;
    setState((before) => ({ data: keep ? before.data : undefined, error: null, loading: true }));
    loader.current().then(
      (data) => {
        if (current === latest.current) setState({ data, error: null, loading: false });
      },
      (failure: unknown) => {
        if (current === latest.current) {
          setState((before) => ({ data: before.data, error: failureCode(failure), loading: false }));
        }
      },
    );
  }, []);

  useEffect(() => {
    request(false);
    // Unmounting (or a new key) makes every answer still on its way stale.
    const requests = latest;
    return () => void ++requests.current;
  }, [key, request]);

  const reload = useCallback(() => request(true), [request]);
  const update = useCallback(
    (change: (current: T) => T) =>
      setState((before) => (before.data === undefined ? before : { ...before, data: change(before.data) })),
    [],
  );
  return { ...state, reload, update };
}
