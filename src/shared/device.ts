// What a device is called. The description's coarse rule names a device for the push record, login notifications
// and mails; the sync device list names it by browser and system ("Chrome on Windows"), in the member's language,
// and lets the member rename it.
import type { Language } from './constants.js';
import { catalog } from './i18n/index.js';
import { fill, isShownName } from './text.js';

export const DEVICE_NAMES = ['Mobile Device', 'iOS Device', 'Windows PC', 'Mac', 'Desktop'] as const;
export type DeviceName = (typeof DEVICE_NAMES)[number];

/** The description's device-name rule (§3), applied to a user-agent string. */
export function deviceNameFromUserAgent(userAgent: string): DeviceName {
  if (/Mobile|Android/.test(userAgent)) return 'Mobile Device';
  if (/iPad|iPhone/.test(userAgent)) return 'iOS Device';
  if (/Windows/.test(userAgent)) return 'Windows PC';
  if (/Mac/.test(userAgent)) return 'Mac';
  return 'Desktop';
}

export const BROWSERS = [
  'chrome',
  'safari',
  'firefox',
  'edge',
  'samsung',
  'whale',
  'opera',
  'other',
] as const;
export type Browser = (typeof BROWSERS)[number];
export const SYSTEMS = [
  'windows',
  'macos',
  'iphone',
  'ipad',
  'android',
  'chromeos',
  'linux',
  'other',
] as const;
export type DeviceSystem = (typeof SYSTEMS)[number];

// First match wins: browsers built on Chrome name Chrome too (and every iOS browser names Safari), so their own
// marks come first.
const BROWSER_MARKS: Array<[RegExp, Browser]> = [
  [/SamsungBrowser\//, 'samsung'],
  [/Whale\//, 'whale'],
  [/Edg(?:e|A|iOS)?\//, 'edge'],
  [/OPR\/|OPiOS\/|Opera/, 'opera'],
  [/Firefox\/|FxiOS\//, 'firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'chrome'],
  [/Version\/[\d.]+.*Safari\//, 'safari'],
];
// iPhone and Android agents also say "Mac OS X" and "Linux".
const SYSTEM_MARKS: Array<[RegExp, DeviceSystem]> = [
  [/iPhone|iPod/, 'iphone'],
  [/iPad/, 'ipad'],
  [/Android/, 'android'],
  [/CrOS/, 'chromeos'],
  [/Windows/, 'windows'],
  [/Macintosh|Mac OS X/, 'macos'],
  [/Linux|X11/, 'linux'],
];

/** The browser and the system a user-agent string names ('other' for what it does not tell). */
export function browserAndSystem(userAgent: string): { browser: Browser; system: DeviceSystem } {
  const browser = BROWSER_MARKS.find(([mark]) => mark.test(userAgent))?.[1] ?? 'other';
  const system = SYSTEM_MARKS.find(([mark]) => mark.test(userAgent))?.[1] ?? 'other';
  return { browser, system };
}

/** "Chrome on Windows", "Windows의 Chrome": a device's name for the sync device list. */
export function browserDeviceName(
  { browser, system }: { browser: Browser; system: DeviceSystem },
  lang: Language,
): string {
  const words = catalog[lang].devices;
  const browserName = words.browsers[browser];
  return system === 'other'
    ? browserName
    : fill(words.browserOn, { browser: browserName, system: words.systems[system] });
}

/** Every name `browserDeviceName` gives, in either language, and what it was made from. */
let generated: Map<string, { browser: Browser; system: DeviceSystem }> | null = null;

/**
 * A device name as the list shows it in `lang`: a name made from a user agent in either language reads in this
 * one ("Chrome on Windows" shows as "Windows의 Chrome" in Korean); a name the member gave stays as it is.
 */
export function shownDeviceName(name: string, lang: Language): string {
  if (!generated) {
    generated = new Map();
    for (const browser of BROWSERS) {
      for (const system of SYSTEMS) {
        for (const language of ['ko', 'en'] as const) {
          generated.set(browserDeviceName({ browser, system }, language), { browser, system });
        }
      }
    }
  }
  const made = generated.get(name);
  return made ? browserDeviceName(made, lang) : name;
}

export const DEVICE_NAME_MAX = 64;

/**
 * What is wrong with a name the member gives a device (the server refuses the same, `request/invalid`): nothing
 * but spaces, longer than 64 characters, or holding what would not show as it is (control, format and direction
 * characters, invisible fillers, stacked marks: `isShownName`), or angle brackets. Null when it is fine (it is kept trimmed).
 */
export function deviceNameProblem(name: string): 'empty' | 'too-long' | 'characters' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if (trimmed.length > DEVICE_NAME_MAX) return 'too-long';
  // The server's rule (src/shared/schemas/sync.ts): a name that shows as it is, and no angle brackets.
  if (!isShownName(trimmed) || /[<>]/.test(trimmed)) return 'characters';
  return null;
}
