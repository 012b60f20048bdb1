// The reminders of an event or an anniversary, in its form: the ones chosen (each removable), a list to add one
// (at the start, 10 minutes, an hour, a day before; for a day: on the day, a day or a week before, at 9:00), or an
// amount and unit of one's own. Where this device receives no push, it says so: the app reminds while open.
import { useId, useState } from 'react';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePushAvailability } from '../../reminders/react.js';
import { reminderText } from './reminder-copy.js';
import {
  customMinutes,
  DAY_PRESETS,
  REMINDER_UNITS,
  REMINDERS_PER_RECORD,
  reminderLabel,
  remindersOf,
  TIMED_PRESETS,
  type ReminderUnit,
} from './reminders.js';
import './reminders.css';

const CUSTOM = 'custom';

export function RemindersField({
  reminders,
  allDay,
  onChange,
}: {
  reminders: readonly number[];
  /** An all-day event or an anniversary: reminders at 9:00 of the day or days before. */
  allDay: boolean;
  onChange: (reminders: number[]) => void;
}) {
  const text = useText(reminderText);
  const { lang } = useLanguage();
  const availability = usePushAvailability();
  const ids = { add: useId(), amount: useId(), unit: useId(), problem: useId(), push: useId() };
  const [custom, setCustom] = useState<{ amount: string; unit: ReminderUnit } | null>(null);
  const [problem, setProblem] = useState('');
  const chosen = remindersOf(reminders);
  const presets = (allDay ? DAY_PRESETS : TIMED_PRESETS).filter((minutes) => !chosen.includes(minutes));
  const full = chosen.length >= REMINDERS_PER_RECORD;
  const pushOff = availability !== null && availability !== 'on';

  const add = (minutes: number) => {
    if (chosen.includes(minutes)) return setProblem(text.field.duplicate);
    onChange(remindersOf([...chosen, minutes]));
    setProblem('');
    setCustom(null);
  };

  const addCustom = () => {
    if (!custom) return;
    const checked = customMinutes(custom.amount, custom.unit);
    if (!checked.ok) return setProblem(text.field[checked.problem]);
    add(checked.minutes);
  };

  return (
    <fieldset
      className="schedule-form__group reminders-field"
      aria-describedby={pushOff ? ids.push : undefined}
    >
      <legend>{text.field.legend}</legend>
      {chosen.length > 0 ? (
        <ul className="reminders-field__list">
          {chosen.map((minutes) => {
            const label = reminderLabel(minutes, allDay, lang);
            return (
              <li key={minutes} className="reminders-field__item">
                <span>{label}</span>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={fill(text.field.remove, { label })}
                  onClick={() => onChange(chosen.filter((other) => other !== minutes))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="field__hint">{text.field.none}</p>
      )}
      {full ? (
        <p className="field__hint">{fill(text.field.full, { max: REMINDERS_PER_RECORD })}</p>
      ) : (
        <div className="field">
          <label htmlFor={ids.add} className="visually-hidden">
            {text.field.add}
          </label>
          <select
            id={ids.add}
            value={custom ? CUSTOM : ''}
            onChange={(event) => {
              const value = event.target.value;
              setProblem('');
              if (value === CUSTOM) setCustom({ amount: '', unit: allDay ? 'day' : 'minute' });
              else if (value) add(Number(value));
              else setCustom(null);
            }}
          >
            <option value="">{text.field.choose}</option>
            {presets.map((minutes) => (
              <option key={minutes} value={minutes}>
                {reminderLabel(minutes, allDay, lang)}
              </option>
            ))}
            <option value={CUSTOM}>{text.field.custom}</option>
          </select>
        </div>
      )}
      {custom && !full && (
        <div className="reminders-field__custom">
          <div className="field">
            <label htmlFor={ids.amount}>{text.field.amount}</label>
            <input
              id={ids.amount}
              type="number"
              inputMode="numeric"
              min={1}
              value={custom.amount}
              aria-invalid={problem ? true : undefined}
              aria-describedby={ids.problem}
              onChange={(event) => setCustom({ ...custom, amount: event.target.value })}
              onKeyDown={(event) => {
                // Enter adds the reminder here, not the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addCustom();
                }
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.unit}>{text.field.unit}</label>
            <select
              id={ids.unit}
              value={custom.unit}
              onChange={(event) => setCustom({ ...custom, unit: event.target.value as ReminderUnit })}
            >
              {REMINDER_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {text.units[unit]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button button--small" onClick={addCustom}>
            {text.field.addCustom}
          </button>
        </div>
      )}
      <div id={ids.problem}>
        {problem && (
          <p className="field__problem" role="alert">
            {problem}
          </p>
        )}
      </div>
      {pushOff && chosen.length > 0 && (
        <p id={ids.push} className="field__hint">
          {text.field.pushOff}
        </p>
      )}
    </fieldset>
  );
}
