// A weekly series on two devices of a member (issue 46), in English (e2e/schedule.test.ts walks one device in
// Korean): one device moves a class, the other deletes another before either has heard of the other's change, and
// the reminder chosen on one reaches the other's form; through sync both show the same series.
import { describe, expect, it } from 'vitest';
import { isoToday, timeLabel } from '../src/app/format.js';
import { addDays, dayOfWeek, parseIsoDate, toIsoDate } from '../src/app/calendar/plain-date.js';
import { reminderText } from '../src/app/modules/schedule/reminder-copy.js';
import { reminderLabel } from '../src/app/modules/schedule/reminders.js';
import { fill } from '../src/client/text.js';
import { ScheduleModel } from './pages/schedule.js';
import type { Lang } from './pages/site.js';
import { goOffline, reconnect, syncMember, type Device } from './pages/sync.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();
const lang: Lang = 'en';
const locale = 'en-US';

/** The first Wednesday of next month, so every class is ahead of today and in one grid. */
function firstWednesdayOfNextMonth(): string {
  const today = parseIsoDate(isoToday())!;
  const first =
    today.month === 12
      ? { year: today.year + 1, month: 1, day: 1 }
      : { ...today, month: today.month + 1, day: 1 };
  return toIsoDate(addDays(first, (3 - dayOfWeek(first) + 7) % 7));
}
const plusDays = (iso: string, days: number) => toIsoDate(addDays(parseIsoDate(iso)!, days));

describe('a weekly series edited on two devices', () => {
  it('keeps one class moved on one device and another deleted on the other, and its reminder, on both', async () => {
    const [a, b] = (await syncMember(suite, lang, 2)) as [Device, Device];
    await a.startSyncing();
    const onA = new ScheduleModel(a.app);
    const onB = new ScheduleModel(b.app);
    const first = firstWednesdayOfNextMonth();
    const [second, third, fourth] = [7, 14, 21].map((days) => plusDays(first, days)) as [
      string,
      string,
      string,
    ];
    await a.app.go('schedule');
    await onA.add({
      title: 'Pilates',
      date: first,
      time: '19:00',
      endTime: '20:00',
      repeat: 'weekly',
      reminders: [60],
    });
    await a.sent();
    await b.join();
    await b.app.go('schedule');
    await onB.showMonthOf(first);
    const classId = await onB.day(first).locator('[data-event]').first().getAttribute('data-event');

    // B moves the second class to Thursday 20:00 (this one); A deletes the third (this one), neither having heard.
    await goOffline(a, b);
    await onB.select(second);
    const form = await onB.edit('Pilates');
    // The reminder chosen on A is in B's form.
    const label = reminderLabel(60, false, lang);
    await form.getByRole('button', { name: fill(reminderText[lang].field.remove, { label }) }).waitFor();
    await form.getByLabel(onB.text.form.startDate, { exact: true }).fill(plusDays(second, 1));
    await form.getByLabel(onB.text.form.time, { exact: true }).fill('20:00');
    await form.getByLabel(onB.text.form.endTime, { exact: true }).fill('21:00');
    await form.getByRole('button', { name: b.app.text.save, exact: true }).click();
    await onB.choose('edit', 'one');
    await form.waitFor({ state: 'detached' });

    await onA.select(third);
    await onA.delete('Pilates');
    await onA.choose('delete', 'one');
    await reconnect(a, b);

    // Both devices end with the same series: the second class on Thursday, the third gone, the fourth as it was.
    for (const [device, schedule] of [
      [a, onA],
      [b, onB],
    ] as const) {
      await device.app.go('schedule');
      await schedule.showMonthOf(first);
      for (const [date, count] of [
        [first, 1],
        [second, 0],
        [plusDays(second, 1), 1],
        [third, 0],
        [fourth, 1],
      ] as const) {
        await expect
          .poll(() => schedule.eventIn(date, classId!).count(), {
            message: `${device === a ? 'A' : 'B'} ${date}`,
            timeout: 20_000,
          })
          .toBe(count);
      }
      await schedule.select(plusDays(second, 1));
      await schedule
        .listed('Pilates')
        .getByText(`${timeLabel('20:00', locale)}–${timeLabel('21:00', locale)}`)
        .waitFor();
    }
  });
});
