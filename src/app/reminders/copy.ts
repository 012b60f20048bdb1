// The words of reminders shown by the app itself (in-app.ts), in Korean and English.
import { defineText } from '../../client/text.js';

export const reminderAlertText = defineText(
  {
    region: '지금 알림',
    dismiss: '닫기',
    untitled: '알림',
  },
  {
    region: 'Reminders now',
    dismiss: 'Dismiss',
    untitled: 'Reminder',
  },
);
