// The shared catalog's `autoLogout` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    title: '자동 로그아웃',
    lead: '일정 시간 아무 조작이 없으면 이 브라우저의 사이트와 앱에서 자동으로 로그아웃합니다.',
    label: '로그아웃까지',
    none: '사용 안 함',
    minutes: { one: '{{count}}분', other: '{{count}}분' },
    expired: '{{minutes}}분 동안 사용하지 않아 로그아웃했습니다.',
  },
  {
    title: 'Auto logout',
    lead: 'Logs out by itself after a time without activity, on the site and in the app of this browser.',
    label: 'Log out after',
    none: 'Never',
    minutes: { one: '{{count}} minute', other: '{{count}} minutes' },
    expired: 'You were logged out after {{minutes}} minutes without activity.',
  },
);
