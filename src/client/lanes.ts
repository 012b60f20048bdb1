// Work on many items with a few under way at once — in the crypto workers, on the disk, over the network — so each
// waits on the others less: `ahead` hands results on in order, holding at most `width` of them; `inLanes` runs
// `lanes` workers over a list until it is done or one fails.

/** Each item with the outcome of `work` on it, in order, with at most `width` of them under way at once. */
export async function* ahead<T, R>(
  items: Iterable<T> | AsyncIterable<T>,
  width: number,
  work: (item: T) => Promise<R>,
): AsyncGenerator<[T, R]> {
  const under: Array<{ item: T; result: Promise<R> }> = [];
  try {
    for await (const item of items) {
      const result = work(item);
      // A failure is met when its turn comes; until then it must not count as unhandled.
      result.catch(() => undefined);
      under.push({ item, result });
      if (under.length >= width) {
        const next = under.shift()!;
        yield [next.item, await next.result];
      }
    }
    while (under.length > 0) {
      const next = under.shift()!;
      yield [next.item, await next.result];
    }
  } finally {
    // Stopped early (a failure, or the caller broke off): what is still under way is let finish unheard.
    await Promise.allSettled(under.map((next) => next.result));
  }
}

/** `work` on every item, `lanes` at a time in any order; once one fails the others take nothing more. */
export async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < items.length && !failed) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
