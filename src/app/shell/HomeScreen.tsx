// The app's main screen: D-day counts of anniversaries 1, 2 and 3, today's schedule, and the modules.
import { useMemo } from 'react';
import { formatCalendarDate, isoToday } from '../format.js';
import { fill, useLanguage, useText } from '../../client/text.js';
import { mainDDays, type Anniversary } from '../modules/schedule/anniversaries/model.js';
import { occurrencesBetween } from '../calendar/occurrences.js';
import type { ScheduleEvent } from '../records/event.js';
import { useScheduleEvents } from '../modules/schedule/use-schedule-data.js';
import { useRecords, useVault } from '../vault/react.js';
import { shellText } from '../copy.js';
import type { AppScreen } from './pages.js';
import { readSettings } from '../settings.js';

const TILES = ['schedule', 'diary', 'personal', 'documents', 'ledger', 'anniversaries', 'settings'] as const;

export function HomeScreen({ go }: { go: (screen: AppScreen) => void }) {
  const text = useText(shellText);
  const { locale } = useLanguage();
  const vault = useVault();
  const events = useRecords<ScheduleEvent>('event');
  const anniversaries = useRecords<Anniversary>('anniversaries');
  const today = isoToday();
  const settings = readSettings(vault);
  const ddays = useMemo(
    () => mainDDays(today, anniversaries, events, settings.mainAnniversaries),
    [today, anniversaries, events, settings.mainAnniversaries],
  );
  const saved = useScheduleEvents();
  // Today's occurrences in order (all-day first, then by time): a trip's middle day and a weekly class too.
  const todays = useMemo(() => occurrencesBetween(saved, today, today), [saved, today]);
  const counts: Partial<Record<(typeof TILES)[number], number>> = {
    schedule: events.length,
    diary: vault.list('memo').length,
    personal: vault.list('personal').length,
    documents: vault.list('document').length,
    ledger: vault.list('ledger').length,
    anniversaries: anniversaries.length,
  };

  return (
    <section aria-labelledby="home-title">
      <div className="screen-head">
        <h1 id="home-title">
          {text.home.title} · {formatCalendarDate(today, locale, { dateStyle: 'full' })}
        </h1>
      </div>
      <div className="home-grid">
        <section className="panel" aria-labelledby="home-anniversaries">
          <h2 id="home-anniversaries">{text.home.anniversaries}</h2>
          {ddays.length === 0 ? (
            <p className="empty">{text.home.noAnniversaries}</p>
          ) : (
            <ul className="dday-list list">
              {ddays.map((dday) => (
                <li key={`${dday.slot}-${dday.id}`} className="dday">
                  <span className="dday__count">
                    {dday.days === 0 ? text.home.dtoday : fill(text.home.dday, { days: dday.days })}
                  </span>
                  <span className="dday__name">{dday.name}</span>
                  <span className="dday__date">
                    {dday.slot === 3 ? `${text.home.auto} · ` : ''}
                    {formatCalendarDate(dday.date, locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel" aria-labelledby="home-today">
          <h2 id="home-today">{text.home.today}</h2>
          {todays.length === 0 ? (
            <p className="empty">{text.home.noEvents}</p>
          ) : (
            <ul className="list">
              {todays.map((occurrence) => (
                <li key={`${occurrence.id} ${occurrence.key}`} className="list__item">
                  <div className="list__main">
                    <p className="list__title">{occurrence.title}</p>
                    {occurrence.time && occurrence.date === today && (
                      <p className="list__meta">{occurrence.time}</p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="panel" aria-labelledby="home-modules">
        <h2 id="home-modules">
          {text.home.counts} · {fill(text.home.records, { count: vault.itemCount })}
        </h2>
        <div className="home-tiles">
          {TILES.map((tile) => (
            <button key={tile} type="button" className="home-tile" onClick={() => go(tile)}>
              {text.nav[tile]}
              {counts[tile] !== undefined && (
                <small>{fill(text.home.records, { count: counts[tile] })}</small>
              )}
            </button>
          ))}
        </div>
      </section>
    </section>
  );
}
