import { describe, expect, it } from 'vitest';
import { plural } from './plural.js';

const conflicts = { one: '{{count}} conflict', other: '{{count}} conflicts' };
const korean = { one: '충돌 {{count}}건', other: '충돌 {{count}}건' };

describe('plural', () => {
  it('takes the English form for one and for every other count', () => {
    expect(plural(conflicts, 1, 'en')).toBe('1 conflict');
    expect(plural(conflicts, 0, 'en')).toBe('0 conflicts');
    expect(plural(conflicts, 2, 'en')).toBe('2 conflicts');
    expect(plural(conflicts, 21, 'en')).toBe('21 conflicts');
  });

  it('takes the other form for every count in Korean, which has no plural', () => {
    const oneOnly = { one: 'one form', other: '{{count}}건' };
    expect(plural(oneOnly, 1, 'ko')).toBe('1건');
    expect(plural(korean, 3, 'ko')).toBe('충돌 3건');
  });

  it('writes the count in the language’s digits and fills other values', () => {
    expect(plural(conflicts, 1234, 'en')).toBe('1,234 conflicts');
    expect(plural(korean, 12345, 'ko')).toBe('충돌 12,345건');
    expect(
      plural({ one: '{{count}} {{kind}} record', other: '{{count}} {{kind}} records' }, 1, 'en', {
        kind: 'diary',
      }),
    ).toBe('1 diary record');
  });
});
