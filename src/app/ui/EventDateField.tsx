// A date on the solar or the Korean lunar calendar: a date picker for solar dates; year, month, day and a
// leap-month box for lunar ones, with the solar date shown beside it.
import { useId } from 'react';
import { formatDate } from '../format.js';
import { defineText, fill, useLanguage, useText } from '../i18n.js';
import { leapMonthOf, parseLunarDate } from '../modules/schedule/calendar/lunar.js';
import { solarDateOf, switchCalendar, type EventDate, type EventDateProblem } from './event-date.js';

export const eventDateText = defineText(
  {
    calendar: '달력',
    solar: '양력',
    lunar: '음력',
    date: '날짜',
    year: '년',
    month: '월',
    day: '일',
    leap: '윤달',
    solarIs: '양력 {{date}}',
    problems: {
      invalid: '올바른 날짜를 입력하세요.',
      'lunar-range': '음력은 1890년부터 2050년까지 입력할 수 있습니다.',
      'lunar-day': '그 달에는 그 날짜가 없습니다(음력 한 달은 29일 또는 30일).',
      leap: '그 해에는 그 달의 윤달이 없습니다.',
    },
  },
  {
    calendar: 'Calendar',
    solar: 'Solar',
    lunar: 'Lunar',
    date: 'Date',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    leap: 'Leap month',
    solarIs: 'Solar {{date}}',
    problems: {
      invalid: 'Please enter a valid date.',
      'lunar-range': 'Lunar dates can be entered from 1890 to 2050.',
      'lunar-day': 'That month has no such day (a lunar month has 29 or 30 days).',
      leap: 'That year has no leap month of that number.',
    },
  },
);

function pad(value: number | string, width: number): string {
  return String(value).padStart(width, '0');
}

export function EventDateField({
  value,
  onChange,
  problem,
}: {
  value: EventDate;
  onChange: (value: EventDate) => void;
  problem: EventDateProblem | null;
}) {
  const text = useText(eventDateText);
  const { locale } = useLanguage();
  const id = useId();
  const lunar =
    value.calendar === 'lunar'
      ? (parseLunarDate(value.date, value.leap) ?? { year: 0, month: 0, day: 0 })
      : null;
  const setLunarPart = (part: 'year' | 'month' | 'day', raw: string) => {
    const parts = value.date.split('-');
    const next = {
      year: parts[0] ?? '',
      month: parts[1] ?? '',
      day: parts[2] ?? '',
      [part]: raw.replace(/\D/g, ''),
    };
    const date = `${pad(next.year, 4)}-${pad(next.month, 2)}-${pad(next.day, 2)}`;
    const year = Number(next.year);
    const month = Number(next.month);
    onChange({ calendar: 'lunar', date, leap: value.leap && leapMonthOf(year) === month });
  };
  const leapPossible = lunar ? leapMonthOf(lunar.year) === lunar.month : false;
  const solar = value.calendar === 'lunar' && !problem ? solarDateOf(value) : null;

  return (
    <fieldset className="field event-date">
      <legend>{text.date}</legend>
      <div className="toolbar" role="radiogroup" aria-label={text.calendar}>
        {(['solar', 'lunar'] as const).map((calendar) => (
          <label key={calendar} className="checkbox">
            <input
              type="radio"
              name={`${id}-calendar`}
              checked={value.calendar === calendar}
              onChange={() => onChange(switchCalendar(value, calendar))}
            />
            {text[calendar]}
          </label>
        ))}
      </div>
      {value.calendar === 'solar' ? (
        <input
          type="date"
          aria-label={`${text.solar} ${text.date}`}
          value={value.date}
          min="1900-01-01"
          max="2100-12-31"
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange({ ...value, date: event.target.value })}
        />
      ) : (
        <div className="event-date__lunar">
          {(['year', 'month', 'day'] as const).map((part) => (
            <label key={part} className="event-date__part">
              <input
                inputMode="numeric"
                value={lunar && lunar[part] ? String(lunar[part]) : ''}
                maxLength={part === 'year' ? 4 : 2}
                aria-invalid={problem ? true : undefined}
                onChange={(event) => setLunarPart(part, event.target.value)}
              />
              <span>{text[part]}</span>
            </label>
          ))}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={value.leap}
              disabled={!leapPossible && !value.leap}
              onChange={(event) => onChange({ ...value, leap: event.target.checked })}
            />
            {text.leap}
          </label>
        </div>
      )}
      {solar && (
        <p className="field__hint">
          {fill(text.solarIs, { date: formatDate(solar, locale, { dateStyle: 'long' }) })}
        </p>
      )}
      {problem && <p className="field__problem">{text.problems[problem]}</p>}
    </fieldset>
  );
}
