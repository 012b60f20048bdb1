// The fairy guide as an island of the home and features pages: nothing in the prerendered page, and the guide's
// code and stylesheet once the page is up (the runtime wakes it when the page is idle).
import { lazy, Suspense } from 'react';
import { useMounted } from '../ui/use-mounted.js';

const FairyGuide = lazy(async () => ({ default: (await import('./FairyGuide.js')).FairyGuide }));

export function FairyIsland() {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <FairyGuide />
    </Suspense>
  ) : null;
}
