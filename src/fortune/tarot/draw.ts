/**
 * The deterministic daily tarot draw: one card per member per Seoul calendar day.
 *
 * `${memberKey}|${date}` is hashed with xmur3 and fed into a mulberry32 PRNG, so the same member sees the same
 * card all day on every device, and the card changes with the date. Pure integer arithmetic only (no crypto
 * APIs), so it gives identical results in Node and in the browser.
 *
 * Changing the hash, the PRNG or the DECK order changes everyone's card for the day; deck.test.ts pins a few
 * draws so such a change is deliberate.
 */
import { DECK, type TarotCard } from './deck.js';
import { isCalendarDate, mulberry32, seoulDate } from '../daily-seed.js';

export interface DailyDraw {
  card: TarotCard;
  reversed: boolean;
}

/** xmur3 string hash: returns a generator of 32-bit seeds derived from `text`. */
function xmur3(text: string): () => number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
}

/**
 * Today's card for a member. `date` is the day in Asia/Seoul as YYYY-MM-DD (see `seoulDate`).
 * The same member and date always give the same card and orientation; about half of draws are reversed.
 */
export function dailyDraw(memberKey: string, date: string): DailyDraw {
  if (!isCalendarDate(date)) {
    throw new RangeError(`dailyDraw: date must be a YYYY-MM-DD calendar day, got ${JSON.stringify(date)}`);
  }
  const random = mulberry32(xmur3(`${memberKey}|${date}`)());
  const card = DECK[Math.floor(random() * DECK.length)];
  if (!card) throw new Error('dailyDraw: the deck is empty');
  return { card, reversed: random() < 0.5 };
}

export { seoulDate };
