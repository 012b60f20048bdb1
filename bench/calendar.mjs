// The calendar engine at scale (issue 46), in Node through the app's own modules: a schedule of SIZES events (default
// 1,000 → 10,000 → 100,000), one in twenty a repeating series (weekly on chosen days, monthly on the nth weekday,
// daily every few days until a date, yearly, lunar yearly) with moved and deleted occurrences, the rest single events
// over three years (timed with an end in a zone or floating, all-day trips of several days). Median of RUNS, in the
// member's zone (Asia/Seoul), each figure as the views compute it:
//  - the month view: the 42 days of its grid by day (target ≤ 50 ms at 10,000);
//  - the week view: the 7 days of a week laid out in hours and lanes, with the holidays (≤ 50 ms);
//  - a year of occurrences expanded (≤ 20 ms);
//  - the agenda of the next 90 days, with lunar dates and holidays (≤ 30 ms);
//  - the first view after an edit (the engine's index of the events rebuilt), for reference;
// and, as a same-run baseline, one plain pass over the events reading each one's date (what any view costs at
// least), each figure also as a ratio to it, and the growth from one size to the next.
// `npm run bench:calendar` writes bench/calendar.json; `npm run bench:vault` runs it too (bench/vault.json).
// BENCH_SMOKE=1: 1,000 and 2,000 events, one run.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runnerImport } from 'vite';
import { list, size, SMOKE, writeResult } from './lib/result.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = size('RUNS', 15, 1);
const SIZES = list('CALENDAR_SIZES', '1000,10000,100000', '1000,2000').map(Number);
const TARGET_SIZE = 10_000;
export const CALENDAR_TARGETS = { monthMs: 50, weekMs: 50, yearMs: 20, agendaMs: 30 };
const ZONE = 'Asia/Seoul';

/** @param {string} file */
async function load(file) {
  return (await runnerImport(path.join(root, file), { configFile: false, root, logLevel: 'warn' })).module;
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A small deterministic random source, so every run and every machine times the same schedule. @param {number} seed */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pad = (/** @type {number} */ value) => String(value).padStart(2, '0');
/** @param {number} day days since 1970 */
const isoOf = (day) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * `count` events around `today`, one in twenty a series.
 * @param {number} count @param {string} today
 * @returns {Array<{ id: string; value: Record<string, unknown> & { date: string } }>}
 */
export function schedule(count, today) {
  const next = random(count);
  const start = Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000) - 365;
  const events = [];
  for (let index = 0; index < count; index++) {
    const day = start + Math.floor(next() * 3 * 365);
    const hour = 7 + Math.floor(next() * 13);
    const timed = {
      time: `${pad(hour)}:${next() < 0.5 ? '00' : '30'}`,
      duration: next() < 0.8 ? `PT${1 + Math.floor(next() * 3)}H` : undefined,
      ...(next() < 0.6 ? { zone: ZONE } : {}),
    };
    /** @type {Record<string, unknown> & { date: string }} */
    const value = { title: `일정 ${index}`, memo: '', calendar: 'solar', date: isoOf(day), repeat: 'none' };
    if (index % 20 === 0) {
      const kind = (index / 20) % 5;
      Object.assign(value, timed);
      if (kind === 0) value.rule = { freq: 'weekly', weekdays: [1, 3] };
      if (kind === 1) value.rule = { freq: 'monthly', nth: 2, count: 24 };
      if (kind === 2) value.rule = { freq: 'daily', interval: 3, until: isoOf(day + 200) };
      if (kind === 3) Object.assign(value, { rule: { freq: 'yearly' }, repeat: 'yearly', time: '' });
      if (kind === 4) {
        Object.assign(value, { calendar: 'lunar', date: `19${60 + (index % 40)}-0${1 + (index % 9)}-15` });
        Object.assign(value, { repeat: 'yearly', time: '', duration: undefined, zone: undefined });
      }
      if (kind < 3) {
        // A moved and a deleted occurrence, a few weeks in.
        const firstWeek = kind === 0 ? day + ((8 - new Date(day * 86_400_000).getUTCDay()) % 7) : day;
        value.exceptions = {
          [isoOf(firstWeek + 21)]: { deleted: true },
          [isoOf(firstWeek + 42)]: { time: '18:00', title: `옮긴 일정 ${index}` },
        };
      }
    } else if (next() < 0.25) {
      const days = 1 + Math.floor(next() * 4);
      Object.assign(value, { time: '', ...(days > 1 ? { duration: `P${days}D` } : {}) });
    } else {
      Object.assign(value, timed);
    }
    for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
    events.push({ id: `e${index}`, value });
  }
  return events;
}

/**
 * Times `work` RUNS times after a warm-up, answering the median in ms.
 * @param {() => unknown} work
 */
function timed(work) {
  work();
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** The figures at each size. */
export async function calendarFigures() {
  const engine = await load('src/app/calendar/occurrences.ts');
  const agenda = await load('src/app/modules/schedule/agenda.ts');
  const holidays = await load('src/app/calendar/holidays.ts');
  const week = await load('src/app/modules/schedule/week-layout.ts');
  const today = new Date().toISOString().slice(0, 10);
  const plus = (/** @type {number} */ days) =>
    isoOf(Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000) + days);
  const monthFrom = `${today.slice(0, 7)}-01`;
  const sizes = [];
  for (const count of SIZES) {
    const events = schedule(count, today);
    const series = events.filter((event) => event.value.rule || event.value.calendar === 'lunar').length;
    // The baseline: one pass reading each event's date, as the least any view must do.
    const baselineMs = timed(() => {
      let inMonth = 0;
      for (const event of events) if (event.value.date.startsWith(today.slice(0, 7))) inMonth++;
      return inMonth;
    });
    const monthMs = timed(() => agenda.eventsByDate(events, monthFrom, plus(41), ZONE));
    // As the week view does: its days' occurrences, holidays, laid out in hours and lanes.
    const weekDays = week.windowDays(today, 7);
    const weekMs = timed(() =>
      week.weekLayout(
        weekDays,
        engine.occurrencesBetween(events, today, plus(6), ZONE),
        weekDays.flatMap((/** @type {string} */ day) => agenda.holidaysOn(day, holidays.bundledHolidays)),
        [],
      ),
    );
    const yearMs = timed(() => engine.occurrencesBetween(events, today, plus(364), ZONE));
    const agendaMs = timed(() =>
      agenda.agendaDays(events, today, plus(89), holidays.bundledHolidays, new Map(), ZONE),
    );
    // After an edit the list is a new array: the engine indexes it again.
    const afterEditMs = timed(() => agenda.eventsByDate([...events], monthFrom, plus(41), ZONE));
    const occurrences = engine.occurrencesBetween(events, today, plus(364), ZONE).length;
    sizes.push({
      events: count,
      series,
      occurrencesInYear: occurrences,
      baselineMs,
      monthMs,
      weekMs,
      yearMs,
      agendaMs,
      afterEditMs,
      ratio: {
        month: monthMs / baselineMs,
        week: weekMs / baselineMs,
        year: yearMs / baselineMs,
        agenda: agendaMs / baselineMs,
      },
    });
  }
  const atTarget = sizes.find((entry) => entry.events === TARGET_SIZE);
  return {
    runs: RUNS,
    zone: ZONE,
    sizes,
    targets: CALENDAR_TARGETS,
    pass: atTarget
      ? {
          month: atTarget.monthMs <= CALENDAR_TARGETS.monthMs,
          week: atTarget.weekMs <= CALENDAR_TARGETS.weekMs,
          year: atTarget.yearMs <= CALENDAR_TARGETS.yearMs,
          agenda: atTarget.agendaMs <= CALENDAR_TARGETS.agendaMs,
        }
      : null,
  };
}

/** The figures as lines to print. @param {Awaited<ReturnType<typeof calendarFigures>>} figures */
export function calendarLines(figures) {
  const lines = [`calendar engine (${figures.zone}, median of ${figures.runs}):`];
  /** @type {(typeof figures.sizes)[number] | null} */
  let before = null;
  for (const entry of figures.sizes) {
    const grown = (/** @type {'monthMs' | 'weekMs' | 'yearMs' | 'agendaMs'} */ key) =>
      before ? ` (×${(entry[key] / before[key]).toFixed(1)})` : '';
    lines.push(
      `  ${String(entry.events).padStart(7)} events (${entry.series} series, ${entry.occurrencesInYear} occurrences a year): ` +
        `month ${entry.monthMs.toFixed(2)} ms${grown('monthMs')} · week ${entry.weekMs.toFixed(2)} ms${grown('weekMs')} · ` +
        `year ${entry.yearMs.toFixed(2)} ms${grown('yearMs')} · agenda 90 d ${entry.agendaMs.toFixed(2)} ms${grown('agendaMs')} · ` +
        `first view after an edit ${entry.afterEditMs.toFixed(1)} ms · baseline pass ${entry.baselineMs.toFixed(3)} ms ` +
        `(month ×${entry.ratio.month.toFixed(0)})`,
    );
    before = entry;
  }
  const t = figures.targets;
  lines.push(
    `  targets at 10,000: month ≤ ${t.monthMs}, week ≤ ${t.weekMs}, year ≤ ${t.yearMs}, agenda ≤ ${t.agendaMs} ms: ` +
      (figures.pass
        ? Object.values(figures.pass).every(Boolean)
          ? 'pass'
          : `FAIL ${JSON.stringify(figures.pass)}`
        : 'not run'),
  );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await calendarFigures();
  writeResult('calendar', { date: new Date().toISOString(), ...figures });
  for (const line of calendarLines(figures)) console.log(line);
  if (figures.pass && !Object.values(figures.pass).every(Boolean) && !SMOKE) process.exitCode = 1;
}
