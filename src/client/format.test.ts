import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.js';

describe('formatBytes', () => {
  it('uses B to TB at 1024', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(1023, 'en')).toBe('1,023 B');
    expect(formatBytes(1024, 'en')).toBe('1 KB');
    expect(formatBytes(1536, 'ko')).toBe('1.5 KB');
    expect(formatBytes(300 * 1024 * 1024, 'en')).toBe('300 MB');
    expect(formatBytes(5 * 1024 ** 3, 'en')).toBe('5 GB');
    expect(formatBytes(2 * 1024 ** 4, 'en')).toBe('2 TB');
    expect(formatBytes(3 * 1024 ** 5, 'en')).toBe('3,072 TB');
  });
});
