// The date of an event or an anniversary: solar from a date picker, or a Korean lunar year, month and day with
// the leap-month box, with the other calendar's date shown as a hint.
import { useId } from 'react';
import { weekdayNames } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { LUNAR_FIRST_YEAR, LUNAR_LAST_YEAR, leapMonthOf, lunarMonthLength } from '../../calendar/lunar.js';
import { dayOfWeek, parseIsoDate } from '../../calendar/plain-date.js';
import { scheduleText } from './copy.js';
import {
  leapAvailable,
  lunarDateOf,
  solarDateOf,
  switchCalendar,
  type DateProblem,
  type EventDraft,
} from './event-form.js';
import { lunarLabel, lunarMonthLabel } from './labels.js';

export type DateDraft = Pick<
  EventDraft,
  'calendar' | 'solarDate' | 'lunarYear' | 'lunarMonth' | 'lunarDay' | 'leap'
>;

const LUNAR_PARTS = [
  { name: 'lunarYear', min: LUNAR_FIRST_YEAR, max: LUNAR_LAST_YEAR },
  { name: 'lunarMonth', min: 1, max: 12 },
  { name: 'lunarDay', min: 1, max: 30 },
] as const;

export function EventDateFields<T extends DateDraft>({
  draft,
  onChange,
  problem,
  dateLabel,
}: {
  draft: T;
  onChange: (change: (current: T) => T) => void;
  problem: DateProblem | undefined;
  /** The solar date's label ('Date' unless said: an event's 'Start date'). */
  dateLabel?: string;
}) {
  const text = useText(scheduleText);
  const { locale } = useLanguage();
  const ids = {
    calendar: useId(),
    date: useId(),
    dateNote: useId(),
    lunarYear: useId(),
    lunarMonth: useId(),
    lunarDay: useId(),
    leap: useId(),
  };
  const update = (change: Partial<DateDraft>) => onChange((current) => ({ ...current, ...change }));
  const leapOpen = leapAvailable(draft);
  const lunarYear = Number(draft.lunarYear);
  const leapMonth = Number.isInteger(lunarYear) ? leapMonthOf(lunarYear) : null;
  const solarHint = draft.calendar === 'lunar' ? solarDateOf(draft) : null;
  const lunarHint = draft.calendar === 'solar' ? lunarDateOf(draft) : null;

  function dateProblem(): string | null {
    switch (problem) {
      case 'required':
        return text.problems.dateRequired;
      case 'invalid':
        return draft.calendar === 'lunar' ? text.problems.lunarInvalid : text.problems.dateInvalid;
      case 'outOfRange':
        return text.problems.outOfRange;
      case 'dayTooLarge': {
        const year = Number(draft.lunarYear);
        const month = Number(draft.lunarMonth);
        const leap = draft.leap && leapOpen;
        return fill(text.problems.dayTooLarge, {
          month: lunarMonthLabel(text, year, month, leap),
          length: lunarMonthLength(year, month, leap) ?? '',
        });
      }
      default:
        return null;
    }
  }

  const dateError = dateProblem();

  return (
    <>
      <fieldset className="schedule-form__group">
        <legend>{text.form.calendar}</legend>
        <div className="schedule-form__choices">
          {(['solar', 'lunar'] as const).map((calendar) => (
            <label key={calendar} className="checkbox">
              <input
                type="radio"
                name={ids.calendar}
                value={calendar}
                checked={draft.calendar === calendar}
                onChange={() => onChange((current) => switchCalendar(current, calendar))}
              />
              {calendar === 'solar' ? text.form.solar : text.form.lunar}
            </label>
          ))}
        </div>
      </fieldset>

      {draft.calendar === 'solar' ? (
        <div className="field">
          <label htmlFor={ids.date}>{dateLabel ?? text.form.date}</label>
          <input
            id={ids.date}
            type="date"
            value={draft.solarDate}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={ids.dateNote}
            aria-required="true"
            onChange={(event) => update({ solarDate: event.target.value })}
          />
          <div id={ids.dateNote}>
            {dateError && <p className="field__problem">{dateError}</p>}
            {lunarHint && <p className="field__hint">{lunarLabel(text, lunarHint, 'withYear')}</p>}
          </div>
        </div>
      ) : (
        <fieldset className="schedule-form__group">
          <legend>{text.form.lunarDate}</legend>
          <div className="schedule-form__lunar">
            {LUNAR_PARTS.map(({ name, min, max }) => (
              <div className="field" key={name}>
                <label htmlFor={ids[name]}>{text.form[name]}</label>
                <input
                  id={ids[name]}
                  type="number"
                  inputMode="numeric"
                  min={min}
                  max={max}
                  value={draft[name]}
                  aria-invalid={dateError ? true : undefined}
                  aria-describedby={ids.dateNote}
                  onChange={(event) => update({ [name]: event.target.value })}
                />
              </div>
            ))}
          </div>
          <label className="checkbox schedule-form__leap" htmlFor={ids.leap}>
            <input
              id={ids.leap}
              type="checkbox"
              checked={draft.leap && leapOpen}
              disabled={!leapOpen}
              onChange={(event) => update({ leap: event.target.checked })}
            />
            {text.form.leap}
          </label>
          <div id={ids.dateNote}>
            {dateError && <p className="field__problem">{dateError}</p>}
            {Number.isInteger(lunarYear) && lunarYear >= LUNAR_FIRST_YEAR && lunarYear <= LUNAR_LAST_YEAR ? (
              <p className="field__hint">
                {leapMonth
                  ? fill(text.form.leapYes, { year: lunarYear, month: leapMonth })
                  : fill(text.form.leapNone, { year: lunarYear })}
              </p>
            ) : (
              <p className="field__hint">{text.form.lunarRange}</p>
            )}
            {solarHint && <SolarHint iso={solarHint} template={text.form.solarHint} locale={locale} />}
          </div>
        </fieldset>
      )}
    </>
  );
}

function SolarHint({ iso, template, locale }: { iso: string; template: string; locale: string }) {
  const date = parseIsoDate(iso);
  const weekday = date ? (weekdayNames(locale)[dayOfWeek(date)] ?? '') : '';
  return <p className="field__hint schedule-form__solar">{fill(template, { date: iso, weekday })}</p>;
}
