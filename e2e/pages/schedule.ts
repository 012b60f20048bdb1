// The schedule screen as a person uses it: the month grid, the chosen day's events, the week with its hours, the
// agenda, the event form (its end, its days, its repeat) and the question asked of a repeating event's occurrence.
// Labels come from the app's own copy.
import type { Locator } from 'playwright-core';
import { fill, localeOf } from '../../src/client/text.js';
import { scheduleText } from '../../src/app/modules/schedule/copy.js';
import { dayLabel, hourLabel } from '../../src/app/modules/schedule/labels.js';
import { reminderText } from '../../src/app/modules/schedule/reminder-copy.js';
import { reminderLabel } from '../../src/app/modules/schedule/reminders.js';
import type { AppModel } from './app.js';

export interface NewEvent {
  title: string;
  /** 'YYYY-MM-DD': the start date (the day is chosen in the month first, as a person would). */
  date: string;
  /** A timed event: its start and end ('HH:MM'); all day when left out. */
  time?: string;
  endTime?: string;
  /** The last day of an all-day event of several days. */
  endDate?: string;
  repeat?: 'weekly';
  /** Minutes before the start of each reminder, chosen from the form's list. */
  reminders?: number[];
}

export class ScheduleModel {
  readonly text;

  constructor(readonly app: AppModel) {
    this.text = scheduleText[app.lang];
  }

  get page() {
    return this.app.page;
  }

  /** A day of the month grid. */
  day(date: string): Locator {
    return this.page.locator(`[role="gridcell"][data-date="${date}"]`);
  }

  /** The bars and titles of an event in a day's cell (matched by title, its own or its bar's). */
  eventIn(date: string, eventId: string): Locator {
    return this.day(date).locator(`[data-event="${eventId}"]`);
  }

  /** The month grid shown on the month of `date` (the next-month button pressed until it is there). */
  async showMonthOf(date: string): Promise<void> {
    // The grid drawn first: before the screen has loaded, no day is there and the steps would run past it.
    await this.page.locator('[role="grid"]').waitFor();
    for (let step = 0; step < 24 && (await this.day(date).count()) === 0; step++) {
      await this.page.getByRole('button', { name: this.text.month.next }).click();
    }
    await this.day(date).waitFor();
  }

  /** Chooses a day in the grid; its events are listed beside it. */
  async select(date: string): Promise<void> {
    await this.showMonthOf(date);
    await this.day(date).click();
    await this.page.locator(`[role="gridcell"][data-date="${date}"][aria-selected="true"]`).waitFor();
  }

  /** Shows the month, the week (at 1280 px: seven days) or the agenda from the views' switch. */
  async showView(view: 'month' | 'week' | 'agenda'): Promise<void> {
    const views = this.page.getByRole('group', { name: this.text.views.label, exact: true });
    const button = views.getByRole('button', { name: this.text.views[view], exact: true });
    await button.click();
    await this.page
      .getByRole('button', { name: this.text.views[view], exact: true, pressed: true })
      .waitFor();
  }

  /** The week's button of an event (on each day it covers), by its title. */
  weekEvent(title: string): Locator {
    return this.page.locator('.schedule-week').getByRole('button', { name: `${title}, ` });
  }

  /** The week's slot of an hour (0–23) of a day, which starts a new event there. */
  hourSlot(date: string, hour: number): Locator {
    const locale = localeOf(this.app.lang);
    return this.page.getByRole('button', {
      name: fill(this.text.week.newAt, { date: dayLabel(date, locale), hour: hourLabel(hour, locale) }),
      exact: true,
    });
  }

  /** A day of the agenda's list. */
  agendaDay(date: string): Locator {
    return this.page.locator(`[data-agenda-date="${date}"]`);
  }

  /** The chosen day's list of events. */
  dayList(): Locator {
    return this.page.locator('.schedule-layout__day');
  }

  /** One event of the chosen day's list, by its title. */
  listed(title: string): Locator {
    return this.dayList().locator('.schedule-event', { has: this.page.getByText(title, { exact: true }) });
  }

  form(name: string): Locator {
    return this.app.dialog(name);
  }

  async add(event: NewEvent): Promise<void> {
    await this.select(event.date);
    await this.page.getByRole('button', { name: this.text.add, exact: true }).click();
    const form = this.form(this.text.form.newTitle);
    await form.getByLabel(this.text.form.title, { exact: true }).fill(event.title);
    if (event.time) {
      await form.getByLabel(this.text.form.allDay, { exact: true }).uncheck();
      await form.getByLabel(this.text.form.time, { exact: true }).fill(event.time);
      if (event.endTime) await form.getByLabel(this.text.form.endTime, { exact: true }).fill(event.endTime);
    }
    if (event.endDate) await form.getByLabel(this.text.form.endDate, { exact: true }).fill(event.endDate);
    if (event.repeat) {
      await form.getByLabel(this.text.form.repeat, { exact: true }).selectOption(event.repeat);
    }
    for (const minutes of event.reminders ?? []) {
      const label = reminderLabel(minutes, !event.time, this.app.lang);
      await form.getByLabel(reminderText[this.app.lang].field.add, { exact: true }).selectOption({ label });
      await form
        .getByRole('button', { name: fill(reminderText[this.app.lang].field.remove, { label }) })
        .waitFor();
    }
    await form.getByRole('button', { name: this.app.text.save, exact: true }).click();
    await form.waitFor({ state: 'detached' });
  }

  /** Opens the form on an event of the chosen day from its list's edit button. */
  async edit(title: string): Promise<Locator> {
    await this.dayList()
      .getByRole('button', { name: fill(this.text.event.edit, { title }), exact: true })
      .click();
    return this.form(this.text.form.editTitle);
  }

  /** Answers "this event / this and following / all" for a repeating event's occurrence. */
  async choose(action: 'edit' | 'delete', scope: 'one' | 'following' | 'all'): Promise<void> {
    const dialog = this.page.getByRole('alertdialog', {
      name: action === 'edit' ? this.text.scope.editTitle : this.text.scope.deleteTitle,
    });
    await dialog.getByRole('button', { name: this.text.scope[scope], exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async delete(title: string): Promise<void> {
    await this.dayList()
      .getByRole('button', { name: fill(this.text.event.delete, { title }), exact: true })
      .click();
  }
}
