// How long hostile calendars take: each is refused or capped in seconds, not minutes.
import { describe, expect, it } from 'vitest';
import { importICalendar } from './icalendar.js';

const OPTIONS = { timeZone: 'Asia/Seoul', today: '2025-03-01' };

function calendar(
  ...events: Array<{ start: string; rule?: string; title: string; more?: string }>
): Uint8Array {
  const lines = events.flatMap(({ start, rule, title, more }, index) => [
    'BEGIN:VEVENT',
    `UID:hostile-${index}`,
    `DTSTART:${start}`,
    ...(rule ? [`RRULE:${rule}`] : []),
    `SUMMARY:${title}`,
    ...(more ? [more] : []),
    'END:VEVENT',
  ]);
  return new TextEncoder().encode(
    ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n'),
  );
}

async function timed(bytes: Uint8Array): Promise<{ items: number; milliseconds: number }> {
  const started = performance.now();
  const plan = await importICalendar(bytes, OPTIONS);
  return { items: plan.items.length, milliseconds: performance.now() - started };
}

describe('hostile calendars', () => {
  it('follows an endless SECONDLY rule and a rule no date meets in well under a second each', async () => {
    const flood = await timed(calendar({ start: '20250101T000000Z', rule: 'FREQ=SECONDLY', title: 'flood' }));
    expect(flood.items).toBeLessThanOrEqual(500);
    expect(flood.milliseconds).toBeLessThan(1000);
    const never = await timed(
      calendar({ start: '20250101T000000Z', rule: 'FREQ=SECONDLY;INTERVAL=2;BYSECOND=1', title: 'never' }),
    );
    expect(never.milliseconds).toBeLessThan(1000);
  });

  it('shares one budget among the rules of a file, so 300 impossible rules stay fast', async () => {
    const events = Array.from({ length: 300 }, (_, index) => ({
      start: `20250101T00${String(index % 60).padStart(2, '0')}00Z`,
      rule: 'FREQ=SECONDLY;INTERVAL=2;BYSECOND=1',
      title: `never ${index}`,
    }));
    const result = await timed(calendar(...events));
    expect(result.items).toBe(300);
    // One such rule alone works for about 0.1 s: without the shared budget this file takes half a minute.
    expect(result.milliseconds).toBeLessThan(6000);
  });

  it('reads a 10 MB line, folded or not, in a few seconds', async () => {
    const folded = `DESCRIPTION:${'가나다라 '.repeat(700_000)}`.match(/.{1,24}/gsu)!.join('\r\n ');
    const long = await timed(calendar({ start: '20250301T100000', title: '긴 메모', more: folded }));
    expect(long.items).toBe(1);
    expect(long.milliseconds).toBeLessThan(5000);
    const line = await timed(
      calendar({ start: '20250301T100000', title: '한 줄', more: `DESCRIPTION:${'x'.repeat(10_000_000)}` }),
    );
    expect(line.milliseconds).toBeLessThan(5000);
  });
});
