// Work on a stream of items a few at a time: `width` items are under way (in the crypto workers, on the disk)
// while the earliest finished is handed on, in the order the items came. Memory holds at most `width` results.

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
