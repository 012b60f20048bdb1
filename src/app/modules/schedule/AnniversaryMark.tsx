// An anniversary on a day of the schedule's views: its name after a heart, in a colour of its own, spoken as
// '기념일 …' / 'Anniversary …' so it is told from an event; pressed, it opens on the anniversaries screen. The heart
// is drawn by the stylesheet, so the words seen are the words of its name.
import type { CSSProperties } from 'react';
import { fill, useText } from '../../../client/text.js';
import type { AnniversaryDay } from './anniversary-days.js';
import { scheduleText } from './copy.js';

export function AnniversaryMark({
  anniversary,
  onOpen,
  badge = false,
  className = '',
  style,
}: {
  anniversary: AnniversaryDay;
  onOpen: (id: string) => void;
  /** Its kind written out beside it, where there is room (the agenda). */
  badge?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const text = useText(scheduleText);
  return (
    <button
      type="button"
      className={`schedule-anniversary ${className}`.trim()}
      aria-label={fill(text.anniversary.named, { name: anniversary.name })}
      style={style}
      data-anniversary={anniversary.id}
      onClick={() => onOpen(anniversary.id)}
    >
      {badge && <span className="schedule-badge schedule-badge--anniversary">{text.anniversary.label}</span>}{' '}
      <span className="schedule-anniversary__name">{anniversary.name}</span>
    </button>
  );
}
