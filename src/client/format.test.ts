import { describe, expect, it } from 'vitest';
import { formatBytes, formatWait } from './format.js';

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

describe('formatWait', () => {
  it('says a wait in the language, in seconds or minutes, never shorter than it is', () => {
    expect(formatWait(30, 'en')).toBe('30 seconds');
    expect(formatWait(1, 'en')).toBe('1 second');
    expect(formatWait(30, 'ko')).toBe('30초');
    expect(formatWait(60, 'en')).toBe('1 minute');
    expect(formatWait(14 * 60 + 1, 'en')).toBe('15 minutes');
    expect(formatWait(5 * 60, 'ko')).toBe('5분');
    expect(formatWait(60 * 60, 'en')).toBe('60 minutes');
    expect(formatWait(60 * 60 + 1, 'ko')).toBe('61분');
  });
});
