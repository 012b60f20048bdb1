import { defineText } from '../../../client/text.js';

export const remindersText = defineText(
  {
    heading: '알림',
    lead: '일정과 기념일 알림은 이 앱이 기기마다 따로 암호화해 서버에 맡깁니다. 서버는 언제 어느 기기로 보낼지만 알고, 알림 내용이나 어떤 일정인지는 알 수 없습니다.',
    here: {
      on: '이 기기에서 알림을 받습니다.',
      available: '이 기기는 아직 알림을 받지 않습니다.',
      unsupported:
        '이 브라우저는 푸시 알림을 지원하지 않습니다. 앱이 열려 있는 동안에는 화면에서 알려 드립니다.',
      'install-first':
        'iPhone과 iPad에서는 Safari의 공유 메뉴에서 "홈 화면에 추가"로 앱을 설치하고 홈 화면에서 열어야 푸시 알림을 받을 수 있습니다. 그때까지는 앱이 열려 있는 동안 화면에서 알려 드립니다.',
      denied:
        '이 기기에서 알림이 차단되어 있습니다. 브라우저 설정에서 이 사이트의 알림을 허용하면 받을 수 있습니다. 그때까지는 앱이 열려 있는 동안 화면에서 알려 드립니다.',
      'no-worker':
        '이 화면에서는 푸시 알림을 받을 수 없습니다(서비스 워커 없음). 앱이 열려 있는 동안에는 화면에서 알려 드립니다.',
      checking: '이 기기의 알림 상태를 확인하는 중...',
    },
    turnOn: '이 기기에서 알림 받기',
    turnOff: '이 기기에서 알림 끄기',
    turnedOn: '이 기기에서 알림을 받습니다.',
    turnedOff: '이 기기에서 더 이상 알림을 받지 않습니다.',
    failed: '알림을 켜지 못했습니다. 잠시 후 다시 시도해 주세요.',
    devices: '알림을 받는 기기',
    noDevices: '알림을 받는 기기가 없습니다.',
    thisDevice: '이 기기',
    noKeys: '이 기기의 키가 아직 동기화되지 않았습니다',
    added: '{{date}}에 켬',
    remove: '제거',
    removeConfirm: '{{name}}에서 더 이상 알림을 받지 않습니다. 제거할까요?',
    removed: '{{name}}을(를) 알림 목록에서 제거했습니다.',
    scheduled: { one: '서버에 맡긴 알림 {{count}}개', other: '서버에 맡긴 알림 {{count}}개' },
    left: {
      one: '한도를 넘어 맡기지 못한 알림 {{count}}개',
      other: '한도를 넘어 맡기지 못한 알림 {{count}}개',
    },
    runFailed: '알림을 서버에 맡기지 못했습니다. 온라인이 되면 다시 시도합니다.',
    language: {
      label: '알림 언어',
      hint: '알림은 한 번 암호화해 모든 기기로 보내므로, 어느 기기에서나 이 언어로 씁니다.',
    },
  },
  {
    heading: 'Reminders',
    lead: 'The app seals each schedule and anniversary reminder for each of your devices before the server keeps it. The server knows when to send it and to which device, never what it says or which event it is for.',
    here: {
      on: 'This device receives reminders.',
      available: 'This device does not receive reminders yet.',
      unsupported:
        'This browser does not support push notifications. While the app is open, reminders show on screen.',
      'install-first':
        'On iPhone and iPad, push reminders need the app on your Home Screen: in Safari, tap Share › Add to Home Screen, then open it from there. Until then, reminders show on screen while the app is open.',
      denied:
        'Notifications are blocked on this device. Allow them for this site in your browser’s settings to receive reminders. Until then, reminders show on screen while the app is open.',
      'no-worker':
        'Push reminders cannot be received here (no service worker). While the app is open, reminders show on screen.',
      checking: 'Checking reminders on this device...',
    },
    turnOn: 'Receive reminders on this device',
    turnOff: 'Stop reminders on this device',
    turnedOn: 'This device now receives reminders.',
    turnedOff: 'This device no longer receives reminders.',
    failed: 'Reminders could not be turned on. Please try again shortly.',
    devices: 'Devices that receive reminders',
    noDevices: 'No device receives reminders yet.',
    thisDevice: 'This device',
    noKeys: 'its keys have not synced here yet',
    added: 'on since {{date}}',
    remove: 'Remove',
    removeConfirm: '{{name}} will no longer receive reminders. Remove it?',
    removed: '{{name}} was removed from reminders.',
    scheduled: {
      one: '{{count}} reminder kept by the server',
      other: '{{count}} reminders kept by the server',
    },
    left: {
      one: '{{count}} reminder over the limit, not kept',
      other: '{{count}} reminders over the limit, not kept',
    },
    runFailed: 'Reminders could not be handed to the server. They will be tried again when online.',
    language: {
      label: 'Reminder language',
      hint: 'Each reminder is sealed once for all your devices, so every device shows it in this language.',
    },
  },
);
