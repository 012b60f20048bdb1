// The shared catalog's `notFound` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    title: '페이지를 찾을 수 없습니다',
    body: '주소가 바뀌었거나 없는 페이지입니다.',
    home: '홈으로 가기',
  },
  {
    title: 'Page not found',
    body: 'The address has changed or the page does not exist.',
    home: 'Go to home',
  },
);
