// Asks once for the birth date (solar or lunar, with the leap month) and the optional birth time, and checks
// it against the calendars before anything is kept.
import { useId, useState, type FormEvent } from 'react';
import type { Language } from '../../shared/constants.js';
import { FIRST_BIRTH_YEAR } from '../saju/pillars.js';
import { checkBirth, type BirthForm as Fields, type BirthProblem, type BirthRecord } from './birth.js';
import { copy } from './copy.js';

const pad = (n: number) => String(n).padStart(2, '0');

function fieldsOf(birth: BirthRecord | null): Fields {
  if (!birth) return { calendar: 'solar', year: '', month: '', day: '', leapMonth: false, time: '' };
  return {
    calendar: birth.calendar,
    year: String(birth.year),
    month: String(birth.month),
    day: String(birth.day),
    leapMonth: birth.leapMonth,
    time: birth.hour === null ? '' : `${pad(birth.hour)}:${pad(birth.minute ?? 0)}`,
  };
}

export function BirthForm({
  lang,
  today,
  initial,
  onSave,
  onCancel,
}: {
  lang: Language;
  today: string;
  initial: BirthRecord | null;
  onSave: (birth: BirthRecord) => void;
  onCancel?: () => void;
}) {
  const t = copy[lang].birth;
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(initial));
  const [problem, setProblem] = useState<{ problem: BirthProblem; field: 'date' | 'time' } | null>(null);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };

  const thisYear = Number(today.slice(0, 4));
  const years = Array.from({ length: thisYear - FIRST_BIRTH_YEAR + 1 }, (_, index) => thisYear - index);
  const days = fields.calendar === 'lunar' ? 30 : 31;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkBirth(fields, today);
    if (!checked.ok) {
      setProblem({ problem: checked.problem, field: checked.field });
      return;
    }
    onSave(checked.birth);
  }

  const errorId = `${id}-error`;
  const dateInvalid = problem?.field === 'date';
  const timeInvalid = problem?.field === 'time';
  return (
    <form className="fe-card fe-birth" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <p className="fe-card__lead">{t.lead}</p>

      <fieldset className="fe-birth__calendar">
        <legend>{t.calendar}</legend>
        {(['solar', 'lunar'] as const).map((calendar) => (
          <label key={calendar} className="fe-choice">
            <input
              type="radio"
              name={`${id}-calendar`}
              value={calendar}
              checked={fields.calendar === calendar}
              onChange={() => set('calendar', calendar)}
            />
            {t[calendar]}
          </label>
        ))}
      </fieldset>

      <div className="fe-birth__date" role="group" aria-labelledby={`${id}-date`}>
        <span id={`${id}-date`} className="fe-label">
          {t.date}
        </span>
        <div className="fe-birth__selects">
          <select
            aria-label={t.yearLabel}
            value={fields.year}
            onChange={(event) => set('year', event.target.value)}
            aria-invalid={dateInvalid}
            aria-describedby={dateInvalid ? errorId : undefined}
          >
            <option value="">{t.year}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {lang === 'ko' ? `${year}년` : year}
              </option>
            ))}
          </select>
          <select
            aria-label={t.monthLabel}
            value={fields.month}
            onChange={(event) => set('month', event.target.value)}
            aria-invalid={dateInvalid}
            aria-describedby={dateInvalid ? errorId : undefined}
          >
            <option value="">{t.month}</option>
            {Array.from({ length: 12 }, (_, index) => index + 1).map((month) => (
              <option key={month} value={month}>
                {lang === 'ko' ? `${month}월` : month}
              </option>
            ))}
          </select>
          <select
            aria-label={t.dayLabel}
            value={fields.day}
            onChange={(event) => set('day', event.target.value)}
            aria-invalid={dateInvalid}
            aria-describedby={dateInvalid ? errorId : undefined}
          >
            <option value="">{t.day}</option>
            {Array.from({ length: days }, (_, index) => index + 1).map((day) => (
              <option key={day} value={day}>
                {lang === 'ko' ? `${day}일` : day}
              </option>
            ))}
          </select>
        </div>
        {fields.calendar === 'lunar' && (
          <label className="fe-choice">
            <input
              type="checkbox"
              checked={fields.leapMonth}
              onChange={(event) => set('leapMonth', event.target.checked)}
            />
            {t.leapMonth}
          </label>
        )}
      </div>

      <div className="fe-field">
        <label htmlFor={`${id}-time`} className="fe-label">
          {t.time}
        </label>
        <input
          id={`${id}-time`}
          type="time"
          value={fields.time}
          onChange={(event) => set('time', event.target.value)}
          aria-invalid={timeInvalid}
          aria-describedby={`${id}-time-hint${timeInvalid ? ` ${errorId}` : ''}`}
        />
        <p id={`${id}-time-hint`} className="fe-hint">
          {t.timeHint}
        </p>
      </div>

      {problem && (
        <p id={errorId} className="fe-error" role="alert">
          {t.problems[problem.problem]}
        </p>
      )}
      <div className="fe-actions">
        <button type="submit" className="button button--primary">
          {t.submit}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
