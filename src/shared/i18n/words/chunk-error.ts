// The shared catalog's `chunkError` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    title: '페이지를 불러오지 못했습니다',
    body: 'MyGenie가 새 버전으로 업데이트되었거나 네트워크가 잠시 끊겼습니다. 새로 고치면 최신 화면을 불러옵니다.',
    reload: '새로 고침',
  },
  {
    title: 'This page could not be loaded',
    body: 'MyGenie has been updated to a new version, or the network dropped for a moment. Reload to get the latest page.',
    reload: 'Reload',
  },
);
