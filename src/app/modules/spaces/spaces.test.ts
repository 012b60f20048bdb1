// The spaces' words and colours as a reader meets them: every text in Korean and English with the same keys, none
// empty, the Korean in Hangul; each of the eight colours has its shades in both themes in spaces.css, and a chip's
// text keeps at least WCAG AA contrast (4.5:1) against its background.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPACE_COLOURS } from '../../../shared/spaces/colours.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { spacesText } from './copy.js';

function shape(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    shape(value, prefix ? `${prefix}.${key}` : key),
  );
}

function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  return Object.values(node as Record<string, unknown>).flatMap(texts);
}

describe('the spaces’ copy', () => {
  it.each([
    ['the screens', spacesText],
    ['the chips, pickers and filters', spaceTagText],
  ] as const)(
    'of %s: the same keys in Korean and English, none empty, the Korean in Hangul',
    (_what, copy) => {
      expect(shape(copy.en)).toEqual(shape(copy.ko));
      for (const text of [...texts(copy.ko), ...texts(copy.en)]) expect(text.trim()).not.toBe('');
      const korean = texts(copy.ko);
      expect(korean.filter((text) => /[가-힣]/.test(text)).length / korean.length).toBeGreaterThan(0.9);
    },
  );

  it('names every colour in both languages', () => {
    for (const lang of ['ko', 'en'] as const) {
      expect(Object.keys(spaceTagText[lang].colours).sort()).toEqual([...SPACE_COLOURS].sort());
    }
  });
});

const css = readFileSync(new URL('../../ui/spaces/space-tags.css', import.meta.url), 'utf8');

/** The custom properties set in the first rule whose selector is `selector`. */
function properties(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6});/g)].map((match) => [match[1]!, match[2]!]));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each([
  ['light', ':root'],
  ['dark', ":root[data-theme='dark']"],
])('the space chips in the %s theme', (_theme, selector) => {
  const shades = properties(selector);

  it.each(SPACE_COLOURS)('%s: a dot, and chip text at AA contrast on its background', (colour) => {
    expect(shades.get(`--space-${colour}-dot`)).toMatch(/^#/);
    const background = shades.get(`--space-${colour}-bg`)!;
    const text = shades.get(`--space-${colour}-text`)!;
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('"Only me" too', () => {
    expect(contrast(shades.get('--space-mine-text')!, shades.get('--space-mine-bg')!)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('gives every colour its chip and swatch rule', () => {
    for (const colour of SPACE_COLOURS)
      expect(css).toContain(`.space-chip--${colour},\n.space-swatch--${colour} {`);
  });
});
