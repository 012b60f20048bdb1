// When an event happens within its days: all day (its last day, for a trip), or a start and an end time with the
// time zone they are in (floating by default: the same clock time anywhere, as every event kept before zones).
import { useId, useMemo } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { formatCalendarDate, timeLabel } from '../../format.js';
import { occurrencesBetween } from '../../calendar/occurrences.js';
import { deviceZoneName, knownZoneNames } from '../../calendar/time-zones.js';
import { scheduleText } from './copy.js';
import {
  checkDraft,
  shownEndDate,
  solarDateOf,
  withAllDay,
  type DraftProblems,
  type EventDraft,
} from './event-form.js';

let zoneNames: string[] | null = null;

/** The zones to choose from: this device's first, then every one the browser knows. */
function zoneChoices(current: string): string[] {
  zoneNames ??= knownZoneNames();
  const device = deviceZoneName();
  const names = zoneNames.filter((name) => name !== device);
  if (current && current !== device && !names.includes(current)) names.unshift(current);
  return names;
}

/** '2026-03-05 23:00' on this device, for a time set in another zone; null when the draft is not complete. */
function shownHere(draft: EventDraft): { date: string; time: string } | null {
  if (draft.allDay || !draft.zone || draft.zone === deviceZoneName()) return null;
  const check = checkDraft({ ...draft, title: draft.title.trim() || '-', repeat: 'none' });
  const date = solarDateOf(draft);
  if (!check.ok || !date) return null;
  const [first] = occurrencesBetween([{ id: 'draft', value: check.event }], date, date);
  const placed = first ?? occurrencesBetween([{ id: 'draft', value: check.event }], date, '9999-12-31')[0];
  return placed ? { date: placed.date, time: placed.time } : null;
}

export function EventTimeFields({
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
    allDay: useId(),
    time: useId(),
    timeNote: useId(),
    endDate: useId(),
    endTime: useId(),
    endNote: useId(),
    zone: useId(),
    zoneNote: useId(),
  };
  const update = (change: Partial<EventDraft>) => onChange((current) => ({ ...current, ...change }));
  const zones = useMemo(() => zoneChoices(draft.zone), [draft.zone]);
  const device = deviceZoneName();
  const here = shownHere(draft);
  const endProblem =
    problems.end === 'beforeStart'
      ? text.problems.endBeforeStart
      : problems.end
        ? text.problems.endInvalid
        : null;
  const timeProblem =
    problems.time === 'required'
      ? text.problems.timeRequired
      : problems.time
        ? text.problems.timeInvalid
        : null;

  return (
    <>
      <label className="checkbox schedule-form__all-day" htmlFor={ids.allDay}>
        <input
          id={ids.allDay}
          type="checkbox"
          checked={draft.allDay}
          onChange={(event) => onChange((current) => withAllDay(current, event.target.checked))}
        />
        {text.form.allDay}
      </label>

      {draft.allDay ? (
        <div className="field">
          <label htmlFor={ids.endDate}>{text.form.endDate}</label>
          <input
            id={ids.endDate}
            type="date"
            value={shownEndDate(draft)}
            min={solarDateOf(draft) ?? undefined}
            aria-invalid={endProblem ? true : undefined}
            aria-describedby={ids.endNote}
            onChange={(event) => update({ endDate: event.target.value })}
          />
          <div id={ids.endNote}>
            {endProblem && <p className="field__problem">{endProblem}</p>}
            <p className="field__hint">{text.form.lastDayHint}</p>
          </div>
        </div>
      ) : (
        <>
          <div className="form__grid schedule-form__times">
            <div className="field">
              <label htmlFor={ids.time}>{text.form.time}</label>
              <input
                id={ids.time}
                type="time"
                value={draft.time}
                aria-invalid={timeProblem ? true : undefined}
                aria-describedby={ids.timeNote}
                aria-required="true"
                onChange={(event) => update({ time: event.target.value })}
              />
              <div id={ids.timeNote}>{timeProblem && <p className="field__problem">{timeProblem}</p>}</div>
            </div>
            <div className="field">
              <label htmlFor={ids.endDate}>{text.form.endDate}</label>
              <input
                id={ids.endDate}
                type="date"
                value={shownEndDate(draft)}
                aria-invalid={endProblem ? true : undefined}
                aria-describedby={ids.endNote}
                onChange={(event) => update({ endDate: event.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.endTime}>{text.form.endTime}</label>
              <input
                id={ids.endTime}
                type="time"
                value={draft.endTime}
                aria-invalid={endProblem ? true : undefined}
                aria-describedby={ids.endNote}
                onChange={(event) => update({ endTime: event.target.value })}
              />
            </div>
          </div>
          <div id={ids.endNote}>
            {endProblem && <p className="field__problem">{endProblem}</p>}
            <p className="field__hint">{text.form.endHint}</p>
          </div>
          <div className="field">
            <label htmlFor={ids.zone}>{text.form.zone}</label>
            <select
              id={ids.zone}
              value={draft.zone}
              aria-describedby={ids.zoneNote}
              onChange={(event) => update({ zone: event.target.value })}
            >
              <option value="">{text.form.zoneFloating}</option>
              <option value={device}>
                {fill(text.form.zoneDevice, { zone: device.replace(/_/g, ' ') })}
              </option>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
            <div id={ids.zoneNote}>
              <p className="field__hint">{text.form.zoneHint}</p>
              {here && (
                <p className="field__hint schedule-form__solar" role="status">
                  {fill(text.form.zoneShown, {
                    date: formatCalendarDate(here.date, locale),
                    time: timeLabel(here.time, locale),
                  })}
                </p>
              )}
            </div>
          </div>
        </>
      )}
    </>
  );
}
