import { useEffect, useState } from 'react';

/** False during the prerender and the hydrating render, true after: for parts that depend on this browser. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
