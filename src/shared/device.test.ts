import { describe, expect, it } from 'vitest';
import {
  browserAndSystem,
  browserDeviceName,
  deviceNameFromUserAgent,
  deviceNameProblem,
  shownDeviceName,
} from './device.js';

describe('device name rule', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'Mobile Device',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      'Mobile Device',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1', 'iOS Device'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120', 'Windows PC'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15', 'Mac'],
    ['Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0', 'Desktop'],
    ['', 'Desktop'],
  ])('%s → %s', (userAgent, name) => {
    expect(deviceNameFromUserAgent(userAgent)).toBe(name);
  });
});

describe('sync device names', () => {
  // Real user agents, as those browsers send them.
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Windows',
      'Windows의 Chrome',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
      'Windows의 Edge',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Whale/4.29.282.14 Safari/537.36',
      'Whale on Windows',
      'Windows의 웨일',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Opera on Windows',
      'Windows의 Opera',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on macOS',
      'macOS의 Firefox',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
      'macOS의 Safari',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
      'iPhone의 Safari',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
      'iPhone의 Chrome',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
      'Firefox on iPhone',
      'iPhone의 Firefox',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      'Safari on iPad',
      'iPad의 Safari',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
      'Android의 삼성 인터넷',
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
      'Android의 Chrome',
    ],
    [
      'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.87',
      'Edge on Android',
      'Android의 Edge',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S908N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Whale/3.27.2.13 Mobile Safari/537.36',
      'Whale on Android',
      'Android의 웨일',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
      'ChromeOS의 Chrome',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Linux',
      'Linux의 Firefox',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
      'Linux의 Chrome',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.6.5',
      'Browser on iPhone',
      'iPhone의 브라우저',
    ],
    ['curl/8.5.0', 'Browser', '브라우저'],
    ['', 'Browser', '브라우저'],
  ])('%s → %s / %s', (userAgent, english, korean) => {
    const parts = browserAndSystem(userAgent);
    expect(browserDeviceName(parts, 'en')).toBe(english);
    expect(browserDeviceName(parts, 'ko')).toBe(korean);
  });

  it('shows a name made from a user agent in the language on screen, and a name the member gave as it is', () => {
    expect(shownDeviceName('Chrome on Windows', 'ko')).toBe('Windows의 Chrome');
    expect(shownDeviceName('Android의 삼성 인터넷', 'en')).toBe('Samsung Internet on Android');
    expect(shownDeviceName('Safari on iPhone', 'en')).toBe('Safari on iPhone');
    expect(shownDeviceName('엄마 노트북', 'en')).toBe('엄마 노트북');
    // The coarse names of devices registered before names told the browser stay as they were.
    expect(shownDeviceName('Desktop', 'ko')).toBe('Desktop');
  });
});

describe('a name the member gives a device', () => {
  it('is 1 to 64 characters once trimmed, without control or direction characters or angle brackets', () => {
    expect(deviceNameProblem('  엄마 노트북 ')).toBeNull();
    expect(deviceNameProblem('a'.repeat(64))).toBeNull();
    expect(deviceNameProblem('   ')).toBe('empty');
    expect(deviceNameProblem('')).toBe('empty');
    expect(deviceNameProblem('a'.repeat(65))).toBe('too-long');
    for (const bad of [
      'tab\there',
      'new\nline',
      'del\u007f',
      'rtl\u202eevil',
      'iso\u2067late',
      'mark\u200f',
      '<b>',
      'a > b',
      // Names that show as nothing or as something else (issue 43): the server refuses them too.
      '\u3164',
      '\u115f\u1160',
      '\u2800',
      'a\u034fb',
      'a\u180bb',
      'a\u17b4b',
      `e${'\u0301'.repeat(63)}`,
    ]) {
      expect(deviceNameProblem(bad), JSON.stringify(bad)).toBe('characters');
    }
    for (const good of ['Zoë’s iPad', '📱 Phone', '내 노트북', '내 노트북'.normalize('NFD')]) {
      expect(deviceNameProblem(good), good).toBeNull();
    }
  });
});
