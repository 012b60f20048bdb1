// The shared catalog's `language` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    label: '언어',
    ko: '한국어',
    en: 'English',
    switchShort: 'Kor/Eng',
  },
  {
    label: 'Language',
    ko: '한국어',
    en: 'English',
    switchShort: 'Kor/Eng',
  },
);
