// Matchers every Node test can use (vitest.config.ts loads this file before each test file).
import { expect } from 'vitest';

interface BytesMatchers<R = unknown> {
  /**
   * The same bytes as `expected`, compared as memory: `toEqual` walks a typed array value by value, seconds for a
   * megabyte. A mismatch names its first differing offset.
   */
  toEqualBytes(expected: Uint8Array): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends BytesMatchers<T> {}
}

const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

expect.extend({
  toEqualBytes(received: unknown, expected: Uint8Array) {
    if (!(received instanceof Uint8Array)) {
      return { pass: false, message: () => `expected bytes (a Uint8Array), got ${typeof received}` };
    }
    const actual = view(received);
    const wanted = view(expected);
    const pass = actual.equals(wanted);
    let at = 0;
    if (!pass) while (at < Math.min(actual.length, wanted.length) && actual[at] === wanted[at]) at++;
    return {
      pass,
      message: () =>
        pass
          ? `expected other bytes than these ${wanted.length}`
          : `expected ${wanted.length} bytes, got ${actual.length}; first difference at offset ${at} ` +
            `(${actual[at] ?? 'end'} instead of ${wanted[at] ?? 'end'})`,
    };
  },
});
