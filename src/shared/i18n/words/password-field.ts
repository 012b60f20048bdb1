// The shared catalog's `passwordField` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    show: '보기',
    hide: '숨기기',
    showPassword: '비밀번호 보기',
    hidePassword: '비밀번호 숨기기',
  },
  {
    show: 'Show',
    hide: 'Hide',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
);
