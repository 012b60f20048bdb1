// The schedule's events that last and repeat (issue 46), through the screen: a timed event with an end, a trip of
// three days drawn across the month, and a weekly class with one occurrence moved and one deleted; then the week
// with its hours and the agenda, in Korean and English.
import { describe, expect, it } from 'vitest';
import { isoToday, timeLabel } from '../src/app/format.js';
import { anniversaryText } from '../src/app/modules/schedule/anniversaries/copy.js';
import { fill } from '../src/client/text.js';
import { addDays, dayOfWeek, parseIsoDate, toIsoDate } from '../src/app/calendar/plain-date.js';
import { createAccount, signInContext } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { browserSuite } from './support/suite.js';
import { AppModel } from './pages/app.js';
import { ScheduleModel } from './pages/schedule.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's first journey runs in Korean (e2e/bilingual.test.ts shows the screens in both), the week's in both. */
const lang: Lang = 'ko';
const locale = 'ko-KR';

/** Days of next month, so every day used is ahead of today and in one grid. */
function nextMonth(): { day: (n: number) => string; firstWednesday: string } {
  const today = parseIsoDate(isoToday())!;
  const first =
    today.month === 12
      ? { year: today.year + 1, month: 1, day: 1 }
      : { ...today, month: today.month + 1, day: 1 };
  const day = (n: number) => toIsoDate(addDays(first, n - 1));
  const wednesday = addDays(first, (3 - dayOfWeek(first) + 7) % 7);
  return { day, firstWednesday: toIsoDate(wednesday) };
}

const plusDays = (iso: string, days: number) => toIsoDate(addDays(parseIsoDate(iso)!, days));

describe(`events that last and repeat, in ${lang}`, () => {
  it('shows an end, spans a trip across its days, and moves and deletes one class of a weekly series', async () => {
    const email = `schedule-${Date.now()}@example.com`;
    await createAccount(suite.server, email, 'member-password-1');
    const context = await suite.newContext({
      viewport: { width: 1280, height: 900 },
      locale,
      timezoneId: 'Asia/Seoul',
    });
    await signInContext(suite.server, context, email, 'member-password-1');
    const page = await context.newPage();
    const app = new AppModel(page, lang, suite.server.url);
    const schedule = new ScheduleModel(app);
    await app.open('schedule');
    await app.createVault('Genie master key 2026!');
    await app.go('schedule');
    const { day, firstWednesday } = nextMonth();

    // A timed event with an end: the day's list says from when to when.
    await schedule.add({ title: '치과', date: day(3), time: '14:00', endTime: '15:30' });
    await schedule
      .listed('치과')
      .getByText(`${timeLabel('14:00', locale)}–${timeLabel('15:30', locale)}`)
      .waitFor();

    // A trip of three days: one bar across the 9th to the 11th, titled where it starts, and nothing on the 12th.
    await schedule.add({ title: '제주 여행', date: day(9), endDate: day(11) });
    const tripId = await schedule.day(day(9)).locator('[data-event]').first().getAttribute('data-event');
    for (const date of [day(9), day(10), day(11)]) {
      await expect.poll(() => schedule.eventIn(date, tripId!).count(), { message: date }).toBe(1);
      expect(await schedule.eventIn(date, tripId!).getAttribute('class')).toContain(
        'schedule-day__event--span',
      );
    }
    expect(await schedule.eventIn(day(9), tripId!).textContent()).toBe('제주 여행');
    expect(await schedule.eventIn(day(12), tripId!).count()).toBe(0);
    await schedule.select(day(10));
    await schedule.listed('제주 여행').waitFor();

    // A weekly class on Wednesdays from the first Wednesday, 19:00 to 20:00.
    await schedule.add({
      title: '필라테스',
      date: firstWednesday,
      time: '19:00',
      endTime: '20:00',
      repeat: 'weekly',
    });
    const classId = await schedule
      .day(firstWednesday)
      .locator('[data-event]')
      .first()
      .getAttribute('data-event');
    const [second, third, fourth] = [7, 14, 21].map((days) => plusDays(firstWednesday, days)) as [
      string,
      string,
      string,
    ];
    for (const date of [firstWednesday, second, third, fourth]) {
      await expect.poll(() => schedule.eventIn(date, classId!).count(), { message: date }).toBe(1);
    }

    // The second class moves to Thursday at 20:00, this one only.
    await schedule.select(second);
    const form = await schedule.edit('필라테스');
    await form.getByLabel(schedule.text.form.startDate, { exact: true }).fill(plusDays(second, 1));
    await form.getByLabel(schedule.text.form.time, { exact: true }).fill('20:00');
    await form.getByLabel(schedule.text.form.endTime, { exact: true }).fill('21:00');
    await form.getByRole('button', { name: app.text.save, exact: true }).click();
    await schedule.choose('edit', 'one');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => schedule.eventIn(second, classId!).count()).toBe(0);
    await schedule.select(plusDays(second, 1));
    const moved = schedule.listed('필라테스');
    await moved.getByText(`${timeLabel('20:00', locale)}–${timeLabel('21:00', locale)}`).waitFor();
    await moved.getByText(schedule.text.event.changed).waitFor();

    // The third class is deleted, this one only; the fourth is still there at its time.
    await schedule.select(third);
    await schedule.delete('필라테스');
    await schedule.choose('delete', 'one');
    await expect.poll(() => schedule.eventIn(third, classId!).count()).toBe(0);
    await schedule.select(fourth);
    await schedule
      .listed('필라테스')
      .getByText(`${timeLabel('19:00', locale)}–${timeLabel('20:00', locale)}`)
      .waitFor();
    expect(await schedule.eventIn(firstWednesday, classId!).count()).toBe(1);
  });
});

describe.each([
  { lang: 'ko' as Lang, locale: 'ko-KR', dentist: '치과 정기검진', yoga: '아침 요가', wedding: '결혼기념일' },
  {
    lang: 'en' as Lang,
    locale: 'en-US',
    dentist: 'Dental check-up',
    yoga: 'Morning yoga',
    wedding: 'Wedding',
  },
])('the week with its hours, in $lang', ({ lang, locale, dentist, yoga, wedding }) => {
  it('places an event at its hours, opens it, starts one from an hour, and keeps the agenda chosen', async () => {
    const email = `week-${lang}-${Date.now()}@example.com`;
    await createAccount(suite.server, email, 'member-password-1');
    const context = await suite.newContext({
      viewport: { width: 1280, height: 900 },
      locale,
      timezoneId: 'Asia/Seoul',
      // Only to inject axe-core; the app's own pages never need it.
      bypassCSP: true,
    });
    await signInContext(suite.server, context, email, 'member-password-1');
    const page = await context.newPage();
    const app = new AppModel(page, lang, suite.server.url);
    const schedule = new ScheduleModel(app);
    await app.open('schedule');
    await app.createVault('Genie master key 2026!');

    // An anniversary and a dentist's appointment on the same day, next week.
    const day = plusDays(isoToday(), 7);
    const anniversaries = anniversaryText[lang];
    await app.go('anniversaries');
    await page.getByRole('button', { name: anniversaries.add }).first().click();
    const anniversaryForm = app.dialog(anniversaries.form.add);
    await anniversaryForm.getByLabel(anniversaries.form.name).fill(wedding);
    await anniversaryForm.getByLabel(schedule.text.form.date, { exact: true }).fill(day);
    await anniversaryForm.getByRole('button', { name: app.text.save }).click();
    await anniversaryForm.waitFor({ state: 'detached' });
    await app.go('schedule');
    await schedule.add({ title: dentist, date: day, time: '14:00', endTime: '15:30' });
    // The month: the day's cell and its panel name the anniversary too.
    expect(await schedule.day(day).locator('.visually-hidden').textContent()).toContain(
      fill(schedule.text.anniversary.named, { name: wedding }),
    );
    await schedule
      .dayList()
      .getByRole('button', { name: fill(schedule.text.anniversary.named, { name: wedding }), exact: true })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The week of that day: the appointment drawn from its 2 PM slot to half past 3, named with its times.
    await schedule.showView('week');
    const event = schedule.weekEvent(dentist);
    await event.waitFor();
    expect(await event.getAttribute('aria-label')).toContain(
      `${timeLabel('14:00', locale)}–${timeLabel('15:30', locale)}`,
    );
    const [block, two, three] = await Promise.all(
      [event, schedule.hourSlot(day, 14), schedule.hourSlot(day, 15)].map((locator) => locator.boundingBox()),
    );
    const hour = three!.y - two!.y;
    expect(Math.abs(block!.y - two!.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(block!.y + block!.height - (three!.y + hour / 2))).toBeLessThanOrEqual(2);
    await page
      .locator('.schedule-week')
      .getByRole('button', { name: fill(schedule.text.anniversary.named, { name: wedding }), exact: true })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Opened, it is the event's own form.
    await event.click();
    const form = schedule.form(schedule.text.form.editTitle);
    expect(await form.getByLabel(schedule.text.form.title, { exact: true }).inputValue()).toBe(dentist);
    expect(await form.getByLabel(schedule.text.form.time, { exact: true }).inputValue()).toBe('14:00');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // An hour slot starts a new event at that hour, for an hour.
    await schedule.hourSlot(day, 8).click();
    const created = schedule.form(schedule.text.form.newTitle);
    expect(await created.getByLabel(schedule.text.form.time, { exact: true }).inputValue()).toBe('08:00');
    expect(await created.getByLabel(schedule.text.form.endTime, { exact: true }).inputValue()).toBe('09:00');
    await created.getByLabel(schedule.text.form.title, { exact: true }).fill(yoga);
    await created.getByRole('button', { name: app.text.save, exact: true }).click();
    await created.waitFor({ state: 'detached' });
    await schedule.weekEvent(yoga).waitFor();

    // The agenda lists the day with its anniversary and both events, and stays chosen on coming back.
    await schedule.showView('agenda');
    const agendaDay = schedule.agendaDay(day);
    await agendaDay.getByText(dentist, { exact: true }).waitFor();
    await agendaDay.getByText(yoga, { exact: true }).waitFor();
    await agendaDay
      .getByRole('button', { name: fill(schedule.text.anniversary.named, { name: wedding }), exact: true })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await app.go('home');
    await app.go('schedule');
    await page
      .getByRole('button', { name: schedule.text.views.agenda, exact: true, pressed: true })
      .waitFor();
    await schedule.agendaDay(day).getByText(dentist, { exact: true }).waitFor();
  });
});
