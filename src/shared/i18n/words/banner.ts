// The shared catalog's `banner` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    label: '업데이트 소식',
    dontShow24h: '24시간 동안 보지 않기',
    close: '닫기',
  },
  {
    label: 'Update',
    dontShow24h: "Don't show for 24 hours",
    close: 'Close',
  },
);
