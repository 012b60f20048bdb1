// The shared catalog's `common` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    appName: 'MyGenie',
    loading: '불러오는 중…',
    close: '닫기',
    ok: '확인',
    cancel: '취소',
    processing: '처리 중...',
    networkError: '네트워크 오류가 발생했습니다. 다시 시도해 주세요.',
    unknownError: '알 수 없는 오류가 발생했습니다.',
  },
  {
    appName: 'MyGenie',
    loading: 'Loading…',
    close: 'Close',
    ok: 'OK',
    cancel: 'Cancel',
    processing: 'Processing...',
    networkError: 'Network error occurred. Please try again',
    unknownError: 'An unknown error occurred',
  },
);
