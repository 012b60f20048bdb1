// The words of event and anniversary reminders: the form's field and the message a device shows. Kept apart from
// the schedule's copy because the shell's reminder sources read them without loading the schedule screen.
import { defineText } from '../../../client/text.js';

export const reminderText = defineText(
  {
    field: {
      legend: '알림',
      none: '알림 없음',
      add: '알림 추가',
      choose: '알림 추가...',
      custom: '직접 입력...',
      amount: '얼마나 전',
      unit: '단위',
      addCustom: '추가',
      remove: '알림 삭제: {{label}}',
      full: '알림은 {{max}}개까지 둘 수 있습니다.',
      amountInvalid: '1 이상의 정수를 입력하세요.',
      tooEarly: '알림은 4주 전까지 둘 수 있습니다.',
      duplicate: '이미 있는 알림입니다.',
      pushOff:
        '이 기기는 푸시 알림을 받지 않습니다. 앱이 열려 있는 동안에는 화면에서 알려 드리고, 설정 › 알림에서 켤 수 있습니다.',
    },
    units: { minute: '분', hour: '시간', day: '일', week: '주' },
    atStart: '일정 시작 시간',
    before: '{{amount}} 전',
    onTheDay: '당일 {{time}}',
    beforeAt: '{{amount}} 전 {{time}}',
    now: '지금',
    anniversary: '기념일',
    range: '{{from}} ~ {{to}}',
  },
  {
    field: {
      legend: 'Reminders',
      none: 'No reminders',
      add: 'Add reminder',
      choose: 'Add a reminder...',
      custom: 'Custom...',
      amount: 'How long before',
      unit: 'Unit',
      addCustom: 'Add',
      remove: 'Remove reminder: {{label}}',
      full: 'Up to {{max}} reminders.',
      amountInvalid: 'Enter a whole number of 1 or more.',
      tooEarly: 'A reminder can come at most 4 weeks before.',
      duplicate: 'That reminder is already there.',
      pushOff:
        'This device does not receive push reminders. While the app is open they show on screen; turn push on in Settings › Reminders.',
    },
    units: { minute: 'minutes', hour: 'hours', day: 'days', week: 'weeks' },
    atStart: 'At the start',
    before: '{{amount}} before',
    onTheDay: 'On the day at {{time}}',
    beforeAt: '{{amount}} before at {{time}}',
    now: 'Now',
    anniversary: 'Anniversary',
    range: '{{from}} – {{to}}',
  },
);
