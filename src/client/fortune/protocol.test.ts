// The fortune page ↔ embed messages: exact shapes pass, everything else (other types, extra keys, wrong types,
// out-of-range numbers, control characters, other origins) is dropped.
import { describe, expect, it } from 'vitest';
import { frameHeight, fromExpected, parseEmbedMessage, parseParentMessage } from './protocol.js';

describe('fortune messages', () => {
  it('accepts the embed’s height and overlay messages in their exact shapes', () => {
    expect(parseEmbedMessage({ type: 'fortune-embed-height', height: 812.4 })).toEqual({
      type: 'fortune-embed-height',
      height: 813,
    });
    expect(frameHeight(813)).toBe(833);
    expect(
      parseEmbedMessage({ type: 'fortune-parent-overlay', show: true, message: '운세를 만드는 중...' }),
    ).toEqual({
      type: 'fortune-parent-overlay',
      show: true,
      width: 360,
      height: 600,
      message: '운세를 만드는 중...',
      subText: '',
    });
    expect(parseEmbedMessage({ type: 'fortune-parent-overlay', show: false })).toEqual({
      type: 'fortune-parent-overlay',
      show: false,
    });
  });

  it('drops anything else from the embed', () => {
    for (const data of [
      null,
      'fortune-embed-height',
      [],
      { type: 'fortune-embed-height' },
      { type: 'fortune-embed-height', height: -1 },
      { type: 'fortune-embed-height', height: Number.NaN },
      { type: 'fortune-embed-height', height: 1e9 },
      { type: 'fortune-embed-height', height: '100' },
      { type: 'fortune-embed-height', height: 100, extra: 1 },
      { type: 'fortune-parent-overlay', show: 'yes' },
      { type: 'fortune-parent-overlay', show: true, width: 50 },
      { type: 'fortune-parent-overlay', show: true, message: 'x'.repeat(501) },
      { type: 'fortune-parent-overlay', show: true, message: 'bad\u0007bell' },
      { type: 'fortune-parent-overlay', show: true, html: '<img onerror=alert(1)>' },
      { type: 'fortune-set-language', lang: 'ko' },
    ]) {
      expect([data, parseEmbedMessage(data)]).toEqual([data, null]);
    }
  });

  it('accepts the page’s language and key messages, and drops anything else', () => {
    expect(parseParentMessage({ type: 'fortune-set-language', lang: 'en' })).toEqual({
      type: 'fortune-set-language',
      lang: 'en',
    });
    expect(parseParentMessage({ type: 'fortune-set-key', key: 'sk-test_123' })).toEqual({
      type: 'fortune-set-key',
      key: 'sk-test_123',
    });
    for (const data of [
      { type: 'fortune-set-language', lang: 'ja' },
      { type: 'fortune-set-language', lang: 'ko', more: true },
      { type: 'fortune-set-key', key: '' },
      { type: 'fortune-set-key', key: 'has space' },
      { type: 'fortune-set-key', key: 'k'.repeat(513) },
      { type: 'fortune-set-key', key: 42 },
      { type: 'fortune-embed-height', height: 10 },
    ]) {
      expect([data, parseParentMessage(data)]).toEqual([data, null]);
    }
  });

  it('takes messages only from the exact origin and window expected', () => {
    const frame = {};
    expect(fromExpected({ origin: 'https://mygenie.example' }, 'https://mygenie.example')).toBe(true);
    expect(
      fromExpected({ origin: 'https://mygenie.example', source: frame }, 'https://mygenie.example', frame),
    ).toBe(true);
    for (const origin of [
      'https://mygenie.example.evil',
      'http://mygenie.example',
      'null',
      'https://MYGENIE.example',
    ]) {
      expect(fromExpected({ origin }, 'https://mygenie.example')).toBe(false);
    }
    expect(
      fromExpected({ origin: 'https://mygenie.example', source: {} }, 'https://mygenie.example', frame),
    ).toBe(false);
  });
});
