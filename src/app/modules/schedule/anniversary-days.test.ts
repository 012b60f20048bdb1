import { describe, expect, it } from 'vitest';
import { anniversariesByDate, type SavedAnniversary } from './anniversary-days.js';
import type { Anniversary } from './anniversaries/model.js';

function saved(id: string, value: Partial<Anniversary> & Pick<Anniversary, 'date'>): SavedAnniversary {
  return { id, value: { name: id, calendar: 'solar', repeat: 'yearly', leap: false, ...value } };
}

/** The map as { date: [names] }. */
const names = (map: ReadonlyMap<string, ReadonlyArray<{ name: string }>>) =>
  Object.fromEntries([...map].map(([date, days]) => [date, days.map((day) => day.name)]));

describe('anniversariesByDate', () => {
  it('puts a yearly lunar anniversary on the solar day it falls on that year', () => {
    // Lunar 8/15 is Chuseok: 2026-09-25 in 2026, 2025-10-06 the year before.
    const birthday = saved('할머니 생신', { calendar: 'lunar', date: '1940-08-15' });
    expect(names(anniversariesByDate([birthday], '2026-09-20', '2026-09-26'))).toEqual({
      '2026-09-25': ['할머니 생신'],
    });
    expect(names(anniversariesByDate([birthday], '2025-09-28', '2025-10-11'))).toEqual({
      '2025-10-06': ['할머니 생신'],
    });
    expect(anniversariesByDate([birthday], '2026-09-20', '2026-09-26').get('2026-09-25')?.[0]).toMatchObject({
      id: '할머니 생신',
      lunar: true,
    });
  });

  it('keeps 29 February on the 28th in a common year, and a one-off on its own date only', () => {
    const leapDay = saved('leap day', { date: '2024-02-29' });
    const once = saved('first date', { date: '2026-02-27', repeat: 'none' });
    expect(names(anniversariesByDate([leapDay, once], '2026-02-22', '2026-02-28'))).toEqual({
      '2026-02-27': ['first date'],
      '2026-02-28': ['leap day'],
    });
    expect(names(anniversariesByDate([once], '2027-02-21', '2027-02-27'))).toEqual({});
  });

  it('lists the day’s anniversaries by name and leaves out what cannot be read', () => {
    const broken = { id: 'broken', value: { name: 'x' } as unknown as Anniversary };
    const found = anniversariesByDate(
      [saved('b wedding', { date: '2010-05-01' }), broken, saved('a shop opened', { date: '2020-05-01' })],
      '2026-05-01',
      '2026-05-01',
    );
    expect(names(found)).toEqual({ '2026-05-01': ['a shop opened', 'b wedding'] });
  });
});
