import { describe, expect, it } from 'vitest';
import { deviceNameFromUserAgent } from './device.js';

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
