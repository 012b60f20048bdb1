// The bilingual comparison itself, on trees written by hand: what it must find, and what it must let pass.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/shared/i18n/index.js';
import { bilingualProblems, type Node } from './bilingual.js';

const ko = catalog.ko;
const en = catalog.en;

const screen = (lang: 'ko' | 'en'): Node[] => [
  { role: 'navigation', name: catalog[lang].nav.mainNavigation },
  { role: 'heading', name: catalog[lang].home.heroTitle },
  { role: 'paragraph text', name: catalog[lang].home.loginFirst },
  { role: 'text', name: catalog[lang].home.welcome.replace('{{name}}', 'jane') },
  { role: 'text', name: '2026-12-01' },
];

describe('comparing a screen in Korean with the same screen in English', () => {
  it('lets translated texts, filled placeholders and data pass', () => {
    expect(bilingualProblems(screen('ko'), screen('en'))).toEqual([]);
  });

  it('finds English on the Korean screen and Korean on the English one', () => {
    const koWithEnglish = screen('ko');
    koWithEnglish[1] = { role: 'heading', name: en.home.heroTitle };
    expect(bilingualProblems(koWithEnglish, screen('en'))).toEqual([
      `heading 1: English on the Korean screen: "${en.home.heroTitle}"`,
    ]);
    const enWithKorean = screen('en');
    enWithKorean[2] = { role: 'paragraph text', name: ko.home.loginFirst };
    expect(bilingualProblems(screen('ko'), enWithKorean)).toEqual([
      `paragraph text 2: Korean on the English screen: "${ko.home.loginFirst}"`,
      `paragraph text 2: Hangul on the English screen: "${ko.home.loginFirst}"`,
    ]);
  });

  it('finds two different texts in the same place', () => {
    const other = screen('en');
    other[1] = { role: 'heading', name: en.home.loginFirst };
    expect(bilingualProblems(screen('ko'), other)).toEqual([
      `heading 1: "${ko.home.heroTitle}" in Korean but "${en.home.loginFirst}" in English, not the same text`,
    ]);
  });

  it('finds a key shown instead of its words', () => {
    const missing = screen('en');
    missing[1] = { role: 'heading', name: 'home.heroTitle' };
    expect(bilingualProblems(screen('ko'), missing)[0]).toBe(
      `heading 1: a key shown instead of its words: "${ko.home.heroTitle}" / "home.heroTitle"`,
    );
  });

  it('finds a control that one language has and the other lacks', () => {
    const shorter = screen('en').filter((node) => node.role !== 'heading');
    expect(bilingualProblems(screen('ko'), shorter)).toEqual([
      expect.stringMatching(/^the two trees part at node 1: ko .*heading/),
    ]);
  });
});
