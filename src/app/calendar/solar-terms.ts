// The 24 solar terms (절기): the moments the Sun's apparent ecliptic longitude reaches a multiple of 15°,
// dated in Korea Standard Time. Meeus, Astronomical Algorithms (2nd ed.), chapters 22, 25 and 32.
import type { LocalizedName } from './holidays.js';
import { toIsoDate } from './plain-date.js';

export interface SolarTerm {
  date: string;
  key: SolarTermKey;
  name: LocalizedName;
  /** The instant the Sun reaches the term's longitude. */
  at: Date;
}

/** From 소한 (285°) in early January to 동지 (270°) in December, 15° apart. */
const TERMS = [
  ['sohan', '소한', 'Minor Cold'],
  ['daehan', '대한', 'Major Cold'],
  ['ipchun', '입춘', 'Start of Spring'],
  ['usu', '우수', 'Rain Water'],
  ['gyeongchip', '경칩', 'Awakening of Insects'],
  ['chunbun', '춘분', 'Spring Equinox'],
  ['cheongmyeong', '청명', 'Clear and Bright'],
  ['gogu', '곡우', 'Grain Rain'],
  ['ipha', '입하', 'Start of Summer'],
  ['soman', '소만', 'Grain Buds'],
  ['mangjong', '망종', 'Grain in Ear'],
  ['haji', '하지', 'Summer Solstice'],
  ['soseo', '소서', 'Minor Heat'],
  ['daeseo', '대서', 'Major Heat'],
  ['ipchu', '입추', 'Start of Autumn'],
  ['cheoseo', '처서', 'End of Heat'],
  ['baengno', '백로', 'White Dew'],
  ['chubun', '추분', 'Autumn Equinox'],
  ['hallo', '한로', 'Cold Dew'],
  ['sanggang', '상강', "Frost's Descent"],
  ['ipdong', '입동', 'Start of Winter'],
  ['soseol', '소설', 'Minor Snow'],
  ['daeseol', '대설', 'Major Snow'],
  ['dongji', '동지', 'Winter Solstice'],
] as const;

export type SolarTermKey = (typeof TERMS)[number][0];

const DEGREE = Math.PI / 180;
const ARCSECOND = DEGREE / 3600;
const J2000 = 2451545;
const UNIX_EPOCH_JD = 2440587.5;
const DAY_MS = 86_400_000;
/** Terrestrial minus universal time, about 69 s in the 2020s; a minute off moves a term's date rarely. */
const DELTA_T_DAYS = 69 / 86_400;
const KST_OFFSET_MS = 9 * 3_600_000;

// Earth's heliocentric longitude, VSOP87 truncated as in Meeus's table 32.A (amplitude in 1e-8 rad, phase,
// frequency per Julian millennium). The low-precision Sun of chapter 25 is off by up to ~10 minutes, and
// terms fall close enough to midnight KST (2025 동지 at 00:03) for that to change the date.
type Series = readonly (readonly [number, number, number])[];
const EARTH_LONGITUDE: readonly Series[] = [
  [
    [175347046, 0, 0],
    [3341656, 4.6692568, 6283.07585],
    [34894, 4.6261, 12566.1517],
    [3497, 2.7441, 5753.3849],
    [3418, 2.8289, 3.5231],
    [3136, 3.6277, 77713.7715],
    [2676, 4.4181, 7860.4194],
    [2343, 6.1352, 3930.2097],
    [1324, 0.7425, 11506.7698],
    [1273, 2.0371, 529.691],
    [1199, 1.1096, 1577.3435],
    [990, 5.233, 5884.927],
    [902, 2.045, 26.298],
    [857, 3.508, 398.149],
    [780, 1.179, 5223.694],
    [753, 2.533, 5507.553],
    [505, 4.583, 18849.228],
    [492, 4.205, 775.523],
    [357, 2.92, 0.067],
    [317, 5.849, 11790.629],
    [284, 1.899, 796.298],
    [271, 0.315, 10977.079],
    [243, 0.345, 5486.778],
    [206, 4.806, 2544.314],
    [205, 1.869, 5573.143],
    [202, 2.458, 6069.777],
    [156, 0.833, 213.299],
    [132, 3.411, 2942.463],
    [126, 1.083, 20.775],
    [115, 0.645, 0.98],
    [103, 0.636, 4694.003],
    [102, 0.976, 15720.839],
    [102, 4.267, 7.114],
    [99, 6.21, 2146.17],
    [98, 0.68, 155.42],
    [86, 5.98, 161000.69],
    [85, 1.3, 6275.96],
    [85, 3.67, 71430.7],
    [80, 1.81, 17260.15],
  ],
  [
    [628331966747, 0, 0],
    [206059, 2.678235, 6283.07585],
    [4303, 2.6351, 12566.1517],
    [425, 1.59, 3.523],
    [119, 5.796, 26.298],
    [109, 2.966, 1577.344],
    [93, 2.59, 18849.23],
    [72, 1.14, 529.69],
    [68, 1.87, 398.15],
    [67, 4.41, 5507.55],
    [59, 2.89, 5223.69],
    [56, 2.17, 155.42],
    [45, 0.4, 796.3],
    [36, 0.47, 775.52],
  ],
  [
    [52919, 0, 0],
    [8720, 1.0721, 6283.0758],
    [309, 0.867, 12566.152],
    [27, 0.05, 3.52],
    [16, 5.19, 26.3],
    [16, 3.68, 155.42],
  ],
  [
    [289, 5.844, 6283.076],
    [35, 0, 0],
    [17, 5.49, 12566.15],
  ],
  [[114, 3.142, 0]],
];

function sumSeries(series: Series, millennia: number): number {
  let sum = 0;
  for (const [amplitude, phase, frequency] of series)
    sum += amplitude * Math.cos(phase + frequency * millennia);
  return sum;
}

/** The Sun's apparent longitude in degrees [0, 360) at a Julian Ephemeris Day. */
function apparentSolarLongitude(jde: number): number {
  const millennia = (jde - J2000) / 365_250;
  const centuries = millennia * 10;
  let earth = 0;
  EARTH_LONGITUDE.forEach((series, power) => (earth += sumSeries(series, millennia) * millennia ** power));
  const geometric = earth * 1e-8 + Math.PI - 0.09033 * ARCSECOND; // heliocentric Earth → geocentric Sun, FK5
  const node = (125.04452 - 1934.136261 * centuries) * DEGREE;
  const sunMean = (280.4665 + 36000.7698 * centuries) * DEGREE;
  const moonMean = (218.3165 + 481267.8813 * centuries) * DEGREE;
  const nutation =
    -17.2 * Math.sin(node) -
    1.32 * Math.sin(2 * sunMean) -
    0.23 * Math.sin(2 * moonMean) +
    0.21 * Math.sin(2 * node);
  const distance = 1.00014 + 0.016707 * Math.cos(3.0984635 + 6283.07585 * millennia);
  const apparent = geometric + (nutation - 20.4898 / distance) * ARCSECOND;
  return (((apparent / DEGREE) % 360) + 360) % 360;
}

/** The Julian Ephemeris Day the Sun reaches `longitude`, by Newton's method from a nearby guess. */
function jdeAtLongitude(longitude: number, guess: number): number {
  let jde = guess;
  for (let step = 0; step < 20; step++) {
    const behind = ((((longitude - apparentSolarLongitude(jde)) % 360) + 540) % 360) - 180;
    jde += (behind * 365.2422) / 360;
    if (Math.abs(behind) < 1e-8) break;
  }
  return jde;
}

/** The year's 24 solar terms by date, 소한 first. */
export function solarTermsInYear(year: number): SolarTerm[] {
  const januaryFirst = Date.UTC(year, 0, 1) / DAY_MS + UNIX_EPOCH_JD;
  return TERMS.map(([key, ko, en], index) => {
    const longitude = (285 + 15 * index) % 360;
    // The Sun is near 280° on 1 January and moves about 1° a day.
    const guess = januaryFirst + ((longitude - 280 + 360) % 360) * (365.2422 / 360);
    const at = new Date((jdeAtLongitude(longitude, guess) - DELTA_T_DAYS - UNIX_EPOCH_JD) * DAY_MS);
    const kst = new Date(at.getTime() + KST_OFFSET_MS);
    const date = toIsoDate({
      year: kst.getUTCFullYear(),
      month: kst.getUTCMonth() + 1,
      day: kst.getUTCDate(),
    });
    return { date, key, name: { ko, en }, at };
  });
}
