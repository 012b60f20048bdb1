// The shared catalog's `home` words the account controls of every page show (the welcome line, the reminder to
// log in first), in Korean and English: home.ts puts them in its section (the catalog's keys stay as they were).
import { defineText } from '../../text.js';

export const words = defineText(
  {
    welcome: '{{name}}님, 환영합니다!',
    loginFirst: 'MyGenie를 사용하려면 먼저 로그인해 주세요.',
  },
  {
    welcome: 'Welcome, {{name}}!',
    loginFirst: 'Please login first to use MyGenie.',
  },
);
