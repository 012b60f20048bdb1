// The fairy guide as an island of the home and features pages (the features page hands it its tour's lines):
// nothing in the prerendered page, and the guide's code and stylesheet once the page is up (woken at idle).
import { lazy, Suspense } from 'react';
import { useMounted } from '../ui/use-mounted.js';

const FairyGuide = lazy(async () => ({ default: (await import('./FairyGuide.js')).FairyGuide }));

/** `tour`: the features tour's lines in the page's language, from the features page. */
export function FairyIsland({ tour }: { tour?: readonly string[] }) {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <FairyGuide {...(tour ? { tour } : {})} />
    </Suspense>
  ) : null;
}
