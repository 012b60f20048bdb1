// Ids from useId that stay unique across a page's roots. Preact counts useId's ids per root ("P0-0", "P0-1", …), so
// two islands of a page, or an island and the auth dialog's root, would hand out the same id, and a label or an
// aria-labelledby in one would name an element of the other. An IdScope numbers a root's ids on its own
// ("P3-0", …): Preact reads the counter from the nearest vnode that carries one (its `__m`, a field Preact
// mangles the same way in every build of a major version), and options.vnode gives each IdScope one, kept for
// the scope so a render that creates the scope's vnode again goes on counting. React (`npm run dev`) renders the
// scope as a plain pass-through; it numbers ids by its own rules.
import { options, type VNode } from 'preact';
import type { ReactNode } from 'react';

const counters = new Map<number, [number, number]>();

/** Starts every scope's count over (the prerender, before each page: the browser starts each page afresh). */
export function resetIdScopes(): void {
  counters.clear();
}

export function IdScope({ children }: { scope: number; children: ReactNode }) {
  return children;
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === (IdScope as unknown)) {
    const scope = (vnode.props as unknown as { scope: number }).scope;
    let counter = counters.get(scope);
    if (!counter) counters.set(scope, (counter = [scope, 0]));
    (vnode as VNode & { __m?: [number, number] }).__m = counter;
  }
  previous?.(vnode);
};
