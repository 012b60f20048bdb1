// The words of the push notifications the server sends, in Korean and English.
import { defineText } from '../../shared/text.js';

export const NOTIFICATION_TEXT = defineText(
  { title: '새 로그인 알림', body: '{{device}}에서 {{time}}(서울 시간)에 로그인했습니다.' },
  { title: 'New login', body: 'Signed in on {{device}} at {{time}} (Seoul time).' },
);
