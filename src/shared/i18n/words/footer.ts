// The shared catalog's `footer` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    tagline: '내 기기 안에서 암호화되는 나만의 개인 비서',
    rights: '© {{year}} MyGenie. All rights reserved.',
    /** Admins only: the version and commit the server runs. */
    version: '버전 {{version}} · 커밋 {{commit}}',
    commitUnknown: '알 수 없음',
  },
  {
    tagline: 'Your personal assistant, encrypted on your own device',
    rights: '© {{year}} MyGenie. All rights reserved.',
    /** Admins only: the version and commit the server runs. */
    version: 'Version {{version}} · commit {{commit}}',
    commitUnknown: 'unknown',
  },
);
