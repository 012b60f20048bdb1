// The part of lunar-javascript (which ships no types) that the saju engine and its tests use.
declare module 'lunar-javascript' {
  /** A Gregorian moment, read as a wall-clock time in China Standard Time (UTC+8) wherever solar terms matter. */
  export interface Solar {
    getYear(): number;
    getMonth(): number;
    getDay(): number;
    getHour(): number;
    getMinute(): number;
    getSecond(): number;
    /** 'YYYY-MM-DD' */
    toYmd(): string;
    /** 'YYYY-MM-DD HH:mm:ss' */
    toYmdHms(): string;
    getLunar(): Lunar;
  }

  export interface Lunar {
    getYear(): number;
    /** Negative for a leap month. */
    getMonth(): number;
    getDay(): number;
    getSolar(): Solar;
    getEightChar(): EightChar;
    /** The sexagenary day as two characters, e.g. '甲子' (the day starts at midnight). */
    getDayInGanZhi(): string;
    /** Solar term name → its moment in UTC+8, for the terms around this lunar year. */
    getJieQiTable(): Record<string, Solar>;
  }

  export interface EightChar {
    /** 1: the hour 23:00–24:00 already belongs to the next day; 2 (default): the day pillar changes at midnight. */
    setSect(sect: 1 | 2): void;
    getSect(): 1 | 2;
    getYearGan(): string;
    getYearZhi(): string;
    getMonthGan(): string;
    getMonthZhi(): string;
    getDayGan(): string;
    getDayZhi(): string;
    getTimeGan(): string;
    getTimeZhi(): string;
  }

  export const Solar: {
    fromYmd(year: number, month: number, day: number): Solar;
    fromYmdHms(year: number, month: number, day: number, hour: number, minute: number, second: number): Solar;
  };

  export const Lunar: {
    /** A leap month is given as a negative month; throws an Error for a month or day the year does not have. */
    fromYmd(lunarYear: number, lunarMonth: number, lunarDay: number): Lunar;
  };
}
