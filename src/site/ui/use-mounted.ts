import { createContext, useContext, useEffect, useState } from 'react';

/** False during the prerender and the hydrating render, true after: for parts that depend on this browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * True while an island of a prerendered page hydrates (its shell provides it, and turns it false once mounted):
 * what the page learned meanwhile (the session, read by another island) waits for the second render, so the first
 * renders what the prerender wrote and hydration keeps the page's nodes.
 */
export const Hydrating = createContext(false);

export function useHydrating(): boolean {
  return useContext(Hydrating);
}
