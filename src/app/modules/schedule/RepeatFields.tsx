// The repeat editor: how often (none, daily, weekly, monthly, yearly; a lunar date yearly only), every how many,
// on which weekdays, by the day of the month or its nth weekday, and until when (never, a date, a number of times).
import { useId } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { utcFormatter } from '../../format.js';
import { fromEpochDay } from '../../calendar/plain-date.js';
import { weekdayOf } from '../../calendar/rules.js';
import { dayNumber } from '../../calendar/series.js';
import { scheduleText } from './copy.js';
import {
  solarDateOf,
  type DraftProblems,
  type EventDraft,
  type RepeatBy,
  type RepeatChoice,
} from './event-form.js';
import { nthName, weekdayName } from './labels.js';

const CHOICES: readonly RepeatChoice[] = ['none', 'daily', 'weekly', 'monthly', 'yearly'];

export function RepeatFields({
  draft,
  onChange,
  problems,
}: {
  draft: EventDraft;
  onChange: (change: (current: EventDraft) => EventDraft) => void;
  problems: DraftProblems;
}) {
  const text = useText(scheduleText);
  const { locale } = useLanguage();
  const ids = {
    repeat: useId(),
    repeatNote: useId(),
    interval: useId(),
    intervalNote: useId(),
    weekdays: useId(),
    by: useId(),
    ends: useId(),
    until: useId(),
    count: useId(),
    endsNote: useId(),
  };
  const update = (change: Partial<EventDraft>) => onChange((current) => ({ ...current, ...change }));
  const lunar = draft.calendar === 'lunar';
  const startDay = dayNumber(solarDateOf(draft));
  const start = startDay === null ? null : fromEpochDay(startDay);
  const labels: Record<RepeatChoice, string> = {
    none: text.form.repeatNone,
    daily: text.form.repeatDaily,
    weekly: text.form.repeatWeekly,
    monthly: text.form.repeatMonthly,
    yearly: text.form.repeatYearly,
  };
  const choices = lunar ? (['none', 'yearly'] as const) : CHOICES;
  const periodic = !lunar && (draft.repeat === 'monthly' || draft.repeat === 'yearly');
  const byChoices: RepeatBy[] = ['date', 'nth'];
  // The last such weekday of its month: offered when the start is in the month's last seven days.
  if (start && startDay !== null && fromEpochDay(startDay + 7).month !== start.month) byChoices.push('last');

  function byLabel(by: RepeatBy): string {
    if (!start || startDay === null) return '';
    const yearly = draft.repeat === 'yearly';
    const month = utcFormatter(locale, { month: 'long' }).format(Date.UTC(2023, start.month - 1, 1));
    if (by === 'date') {
      const date = utcFormatter(locale, { month: 'long', day: 'numeric' }).format(
        Date.UTC(2023, start.month - 1, start.day),
      );
      return fill(yearly ? text.form.byDate.yearly : text.form.byDate.monthly, { day: start.day, date });
    }
    return fill(yearly ? text.form.byWeekday.yearly : text.form.byWeekday.monthly, {
      nth: nthName(text, by === 'last' ? -1 : Math.ceil(start.day / 7)),
      weekday: weekdayName(weekdayOf(startDay), locale),
      month,
    });
  }

  const intervalProblem = problems.interval ? text.problems.intervalInvalid : null;
  const endsProblem = problems.until
    ? text.problems.untilInvalid
    : problems.count
      ? text.problems.countInvalid
      : null;

  return (
    <div className="schedule-form__repeat">
      <div className="field">
        <label htmlFor={ids.repeat}>{text.form.repeat}</label>
        <select
          id={ids.repeat}
          value={lunar && draft.repeat !== 'none' ? 'yearly' : draft.repeat}
          aria-describedby={lunar ? ids.repeatNote : undefined}
          onChange={(event) => update({ repeat: event.target.value as RepeatChoice })}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labels[choice]}
            </option>
          ))}
        </select>
        {lunar && (
          <p id={ids.repeatNote} className="field__hint">
            {text.form.lunarRepeat}
          </p>
        )}
      </div>

      {draft.repeat !== 'none' && (
        <>
          {!lunar && (
            <div className="field schedule-form__interval">
              <label htmlFor={ids.interval}>{text.form.interval}</label>
              <div className="field__row">
                <input
                  id={ids.interval}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={999}
                  value={draft.interval}
                  aria-invalid={intervalProblem ? true : undefined}
                  aria-describedby={ids.intervalNote}
                  onChange={(event) => update({ interval: event.target.value })}
                />
                <span id={ids.intervalNote}>{text.form.intervalUnit[draft.repeat]}</span>
              </div>
              {intervalProblem && <p className="field__problem">{intervalProblem}</p>}
            </div>
          )}

          {!lunar && draft.repeat === 'weekly' && (
            <fieldset className="schedule-form__group" aria-describedby={ids.weekdays}>
              <legend>{text.form.weekdays}</legend>
              <div className="schedule-form__weekdays">
                {[0, 1, 2, 3, 4, 5, 6].map((day) => (
                  <label key={day} className="schedule-form__weekday">
                    <input
                      type="checkbox"
                      checked={draft.weekdays.includes(day)}
                      aria-label={weekdayName(day, locale)}
                      onChange={(event) =>
                        onChange((current) => ({
                          ...current,
                          weekdaysFollowStart: false,
                          weekdays: event.target.checked
                            ? [...current.weekdays, day]
                            : current.weekdays.filter((other) => other !== day),
                        }))
                      }
                    />
                    <span aria-hidden="true">{weekdayName(day, locale, 'short')}</span>
                  </label>
                ))}
              </div>
              <div id={ids.weekdays}>
                {problems.weekdays && <p className="field__problem">{text.problems.weekdaysRequired}</p>}
              </div>
            </fieldset>
          )}

          {periodic && start && (
            <fieldset className="schedule-form__group">
              <legend>{text.form.repeatOn}</legend>
              <div className="schedule-form__options">
                {byChoices.map((by) => (
                  <label key={by} className="checkbox">
                    <input
                      type="radio"
                      name={ids.by}
                      value={by}
                      checked={draft.repeatBy === by}
                      onChange={() => update({ repeatBy: by })}
                    />
                    {byLabel(by)}
                  </label>
                ))}
              </div>
              {draft.repeat === 'monthly' && draft.repeatBy === 'date' && start.day > 28 && (
                <p className="field__hint">{fill(text.form.skipHint, { day: start.day })}</p>
              )}
            </fieldset>
          )}

          <fieldset className="schedule-form__group" aria-describedby={ids.endsNote}>
            <legend>{text.form.ends}</legend>
            <div className="schedule-form__options">
              <label className="checkbox">
                <input
                  type="radio"
                  name={ids.ends}
                  checked={draft.ends === 'never'}
                  onChange={() => update({ ends: 'never' })}
                />
                {text.form.endsNever}
              </label>
              <div className="schedule-form__end-choice">
                <label className="checkbox">
                  <input
                    type="radio"
                    name={ids.ends}
                    checked={draft.ends === 'until'}
                    onChange={() => update({ ends: 'until' })}
                  />
                  {text.form.endsOn}
                </label>
                <input
                  id={ids.until}
                  type="date"
                  aria-label={text.form.until}
                  value={draft.until}
                  min={solarDateOf(draft) ?? undefined}
                  disabled={draft.ends !== 'until'}
                  aria-invalid={problems.until ? true : undefined}
                  onChange={(event) => update({ until: event.target.value })}
                />
              </div>
              <div className="schedule-form__end-choice">
                <label className="checkbox">
                  <input
                    type="radio"
                    name={ids.ends}
                    checked={draft.ends === 'count'}
                    onChange={() => update({ ends: 'count' })}
                  />
                  {text.form.endsAfter}
                </label>
                <input
                  id={ids.count}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={999}
                  aria-label={text.form.repeatCount}
                  value={draft.count}
                  disabled={draft.ends !== 'count'}
                  aria-invalid={problems.count ? true : undefined}
                  onChange={(event) => update({ count: event.target.value })}
                />
              </div>
            </div>
            <div id={ids.endsNote}>{endsProblem && <p className="field__problem">{endsProblem}</p>}</div>
          </fieldset>
        </>
      )}
    </div>
  );
}
