// The features page's text in Korean and English, plus the fairy guide's spoken tour of the page (`tour`).
import {
  AUTO_LOGOUT_DEFAULT_MIN,
  DETAIL_PASSWORD_DEFAULT,
  MASTER_PASSWORD_PUSH_MIN_LENGTH,
  MASTER_PASSWORD_RECOMMENDED_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/constants.js';
import { defineText } from '../../../client/text.js';

export const copy = defineText(
  {
    meta: {
      title: '기능 | MyGenie',
      description:
        'MyGenie 앱의 메모(일기), 개인정보, 문서, 가계부, 설정 기능과 로그인 알림 등록, iPhone·iPad 알림 설정, 마스터 비밀번호 주의사항을 안내합니다.',
    },
    hero: {
      eyebrow: '기능 안내',
      title: '하루를 정리하는 데 필요한 것을 한 앱에',
      lead: '일정과 메모(일기), 개인정보, 문서, 가계부까지 MyGenie 앱 하나로 관리할 수 있습니다. 모든 기록은 기기 안에서 암호화된 뒤 저장되고, 인터넷이 없어도 그대로 열립니다.',
    },
    features: {
      title: '앱에서 할 수 있는 일',
      lead: '민감한 기록이 담긴 메모(일기), 개인정보, 문서, 가계부는 상세 보기 비밀번호를 한 번 더 확인한 뒤에 열립니다.',
      diary: {
        title: '메모(일기)',
        body: '날짜별로 일기와 메모를 남기고, 필요할 때 검색으로 바로 찾아볼 수 있습니다.',
        points: [
          '날짜마다 일기와 메모 작성',
          '본문까지 찾아 주는 전체 검색',
          '상세 보기 비밀번호를 확인한 뒤에 열림',
        ],
      },
      personal: {
        title: '개인정보',
        body: '은행 계좌, 카드, 각종 회원번호처럼 자주 찾지만 아무에게나 보여서는 안 되는 정보를 한곳에 모아 둡니다.',
        points: [
          '계좌·카드·회원번호를 항목별로 정리',
          '기록마다 따로 암호화해 기기에 저장',
          '필요할 때 바로 꺼내 보는 내 정보 수첩',
        ],
      },
      documents: {
        title: '문서',
        body: '계약서나 증명서 사본처럼 중요한 파일을 암호화한 채로 기기에 보관합니다.',
        points: [
          '파일을 기기에서 암호화한 뒤 저장',
          '인터넷 연결 없이도 열람 가능',
          '상세 보기 비밀번호로 한 번 더 보호',
        ],
      },
      ledger: {
        title: '가계부',
        body: '수입과 지출을 그때그때 기록해 두면 한 달의 흐름을 월별 요약으로 보여 줍니다.',
        points: ['수입과 지출 기록', '월별 합계와 요약', '다른 기록처럼 기기 안에서 암호화'],
      },
      settings: {
        title: '설정',
        body: '앱을 내 방식에 맞게 조정하고 비밀번호와 백업을 관리합니다.',
        points: [
          '닉네임, 마스터 비밀번호, 상세 보기 비밀번호 변경',
          `자동 로그아웃 시간 선택(사용 안 함, 5·10·20·30분, 기본 ${AUTO_LOGOUT_DEFAULT_MIN}분)`,
          '백업 위치 지정(파일, MyGenie 서버, WebDAV 드라이브, Google Drive)',
        ],
      },
    },
    notifications: {
      title: '로그인 알림',
      lead: '내 계정에 새로운 기기가 로그인하면 바로 알 수 있도록, 이 기기를 알림 받을 기기로 등록할 수 있습니다.',
      login: {
        title: '이 기기로 로그인 알림 받기',
        body: '다른 기기에서 누군가 내 계정으로 로그인하면 이 기기로 알림이 옵니다. 본인이 한 로그인이 아니라면 바로 알아차릴 수 있습니다.',
        points: [
          `등록하려면 로그인한 상태에서 마스터 비밀번호(${MASTER_PASSWORD_PUSH_MIN_LENGTH}자 이상)를 입력합니다.`,
          '입력한 마스터 비밀번호는 이 기기 안에서만 쓰이고 서버로 보내지지 않습니다.',
          '계정당 한 기기만 등록됩니다. 새 기기를 등록하면 이전 등록을 대신하고, 등록은 7일이 지나면 새로 갱신됩니다.',
        ],
        button: '이 기기 등록하기',
        masterPassword: '마스터 비밀번호',
        masterHint: '본인 확인에만 쓰이며 이 기기 밖으로 보내지지 않습니다.',
        signedOut: '로그인한 뒤 이 기기를 등록할 수 있습니다.',
        login: '로그인',
        tooShort: `마스터 비밀번호를 ${MASTER_PASSWORD_PUSH_MIN_LENGTH}자 이상 입력하세요.`,
        registering: '토큰을 등록하는 중...',
        success: '이 기기에 등록했습니다 (이전 기기의 등록은 대체될 수 있습니다)',
        permissionFailed: '알림 권한이 거부되었거나 토큰을 만들지 못했습니다',
        saveFailed: '토큰을 저장하지 못했습니다',
        failed: '오류가 발생했습니다.',
        unsupported: '이 브라우저는 알림을 받을 수 없습니다.',
        statusHere: '이 기기가 로그인 알림을 받고 있습니다.',
        statusElsewhere: '다른 기기({{device}})가 로그인 알림을 받고 있습니다.',
        statusNone: '로그인 알림을 받을 기기가 아직 등록되어 있지 않습니다.',
        unregister: '등록 해제',
        unregistered: '등록을 해제했습니다.',
      },
      ios: {
        title: 'iPhone·iPad에서 알림 받기',
        body: 'iPhone과 iPad는 iOS·iPadOS 16.4 이상에서, MyGenie를 홈 화면에 추가한 경우에만 알림을 받을 수 있습니다.',
        steps: [
          'Safari에서 MyGenie 사이트를 엽니다.',
          '공유 버튼(위쪽 화살표가 있는 네모)을 누릅니다.',
          '‘홈 화면에 추가’를 고른 뒤 추가를 누릅니다.',
          '홈 화면의 MyGenie 아이콘으로 열어 로그인하고, 알림을 허용합니다.',
        ],
      },
    },
    warnings: {
      title: '마스터 비밀번호 주의사항',
      lead: '마스터 비밀번호는 모든 기록을 여는 열쇠이자, 새 기기의 로그인을 확인하고 잊어버린 계정 비밀번호를 바꿀 때도 쓰입니다.',
      calloutTitle: '꼭 기억해 주세요',
      items: [
        '마스터 비밀번호는 서버로 보내지지 않아 MyGenie 팀도 알 수 없습니다. 잊어버리면 저희를 포함해 누구도 암호화된 기록을 복구할 수 없습니다.',
        '가족이나 친구를 포함해 누구에게도 알려 주지 마세요. MyGenie 팀은 마스터 비밀번호를 묻지 않습니다.',
        `최소 ${PASSWORD_MIN_LENGTH}자 이상이어야 하며, ${MASTER_PASSWORD_RECOMMENDED_LENGTH}자 이상으로 영문자·숫자·기호를 섞어 만드는 것을 권장합니다.`,
        '백업을 정기적으로 해 두세요. 기기를 잃어버리거나 고장 나도 백업과 마스터 비밀번호가 있으면 새 기기에서 복원할 수 있습니다.',
        `상세 보기 비밀번호는 처음에 ${DETAIL_PASSWORD_DEFAULT}으로 설정되어 있습니다. 처음 사용할 때 반드시 나만 아는 값으로 바꿔 주세요.`,
      ],
      more: '설정 방법을 차례대로 알고 싶다면',
      moreLink: '사용법 안내 보기',
    },
    tour: [
      '안녕하세요! 저는 MyGenie 요정이에요. 기능 페이지를 함께 둘러볼까요?',
      '먼저 메모(일기)와 개인정보예요. 날짜별 기록도, 계좌와 카드 정보도 안전하게 담아 둘 수 있어요.',
      '문서와 가계부, 설정도 있어요. 민감한 기록은 상세 보기 비밀번호를 한 번 더 확인한 뒤에 열려요.',
      '로그인 알림을 등록하면 다른 기기에서 내 계정에 로그인할 때 이 기기로 알려 드려요. 로그인하고 마스터 비밀번호를 넣으면 바로 등록돼요.',
      'iPhone이나 iPad라면 iOS 16.4 이상에서 홈 화면에 추가하고, 아이콘으로 열어 알림을 허용해 주세요.',
      '마스터 비밀번호는 저희도 복구할 수 없어요. 길게 만들고, 아무에게도 알려 주지 말고, 백업도 꼭 해 두세요.',
      '축하해요! 기능 둘러보기를 모두 마쳤어요. 이제 MyGenie와 함께 하루를 정리해 보세요.',
    ],
  },
  {
    meta: {
      title: 'Features | MyGenie',
      description:
        "MyGenie's diary, personal info, documents, ledger and settings, plus login notifications, iPhone and iPad push setup and master password advice.",
    },
    hero: {
      eyebrow: 'Features',
      title: 'Everything you need to organise your day, in one app',
      lead: 'Keep your schedule, memos and diary, personal information, documents and household ledger together in the MyGenie app. Every record is encrypted on your device before it is stored, and the app opens even without an internet connection.',
    },
    features: {
      title: 'What you can do in the app',
      lead: 'Sensitive records — your diary, personal information, documents and ledger — open only after your detail view password is checked once more.',
      diary: {
        title: 'Memo (diary)',
        body: 'Write diary entries and memos by date, and find any of them again with search.',
        points: [
          'Diary entries and memos for each date',
          'Full-text search through every entry',
          'Opens only after the detail view password',
        ],
      },
      personal: {
        title: 'Personal info',
        body: 'Keep bank accounts, cards and membership numbers in one place — details you need often but should not show to just anyone.',
        points: [
          'Accounts, cards and membership numbers, neatly organised',
          'Each record encrypted separately on your device',
          'Your own little notebook, ready whenever you need it',
        ],
      },
      documents: {
        title: 'Documents',
        body: 'Store important files, such as contracts or copies of certificates, encrypted on your device.',
        points: [
          'Files encrypted on your device before they are stored',
          'Open them even without an internet connection',
          'Protected once more by the detail view password',
        ],
      },
      ledger: {
        title: 'Household ledger',
        body: 'Record income and spending as they happen, and see how your month went in a monthly summary.',
        points: [
          'Income and expense entries',
          'Monthly totals and summary',
          'Encrypted on your device like every other record',
        ],
      },
      settings: {
        title: 'Settings',
        body: 'Make the app work your way and manage your passwords and backups.',
        points: [
          'Change your nickname, master password and detail view password',
          `Choose the auto-logout time (off, or 5, 10, 20 or 30 minutes; ${AUTO_LOGOUT_DEFAULT_MIN} by default)`,
          'Pick where backups go (a file, MyGenie server, a WebDAV drive or Google Drive)',
        ],
      },
    },
    notifications: {
      title: 'Login notifications',
      lead: 'Register this device to be notified, so you know right away when a new device signs in to your account.',
      login: {
        title: 'Get login notifications on this device',
        body: 'When someone signs in to your account on another device, this device gets a notification. If it was not you, you will notice straight away.',
        points: [
          `To register, sign in and enter your master password (at least ${MASTER_PASSWORD_PUSH_MIN_LENGTH} characters).`,
          'Your master password is used only on this device and is never sent to our server.',
          'One device per account: registering a new device replaces the old one, and the registration is refreshed after 7 days.',
        ],
        button: 'Register this device',
        masterPassword: 'Master password',
        masterHint: 'Only to confirm it is you; it never leaves this device.',
        signedOut: 'Log in first to register this device.',
        login: 'Log in',
        tooShort: `Enter your master password (at least ${MASTER_PASSWORD_PUSH_MIN_LENGTH} characters).`,
        registering: 'Registering token...',
        success: 'Registered on this device (previous device may be replaced)',
        permissionFailed: 'Permission denied or token creation failed',
        saveFailed: 'Failed to save token',
        failed: 'An error occurred.',
        unsupported: 'This browser cannot receive notifications.',
        statusHere: 'This device receives login notifications.',
        statusElsewhere: 'Another device ({{device}}) receives login notifications.',
        statusNone: 'No device is registered for login notifications yet.',
        unregister: 'Unregister',
        unregistered: 'Unregistered.',
      },
      ios: {
        title: 'Notifications on iPhone and iPad',
        body: 'iPhone and iPad can receive notifications only on iOS or iPadOS 16.4 or later, and only when MyGenie has been added to the Home Screen.',
        steps: [
          'Open the MyGenie site in Safari.',
          'Tap the Share button (the square with an arrow pointing up).',
          'Choose “Add to Home Screen”, then tap Add.',
          'Open MyGenie from its Home Screen icon, sign in and allow notifications.',
        ],
      },
    },
    warnings: {
      title: 'Master password: please read',
      lead: 'Your master password is the key to all your records. It is also used to confirm sign-ins on new devices and to change a forgotten account password.',
      calloutTitle: 'Keep these in mind',
      items: [
        'Your master password is never sent to our server, so the MyGenie team never knows it. If you forget it, nobody — including us — can recover your encrypted records.',
        'Do not share it with anyone, not even family or friends. The MyGenie team will never ask for your master password.',
        `It must be at least ${PASSWORD_MIN_LENGTH} characters; we recommend ${MASTER_PASSWORD_RECOMMENDED_LENGTH} or more, mixing letters, digits and symbols.`,
        'Back up regularly. If your device is lost or broken, your backup and master password let you restore everything on a new one.',
        `Your detail view password starts as ${DETAIL_PASSWORD_DEFAULT}. Change it to something only you know the first time you use the app.`,
      ],
      more: 'Want to set things up step by step?',
      moreLink: 'Read the how-to guide',
    },
    tour: [
      "Hi! I'm the MyGenie fairy. Shall we take a look around the features page together?",
      'First up, memo and personal info. Keep your dated entries and your account and card details safe here.',
      'There are documents, a household ledger and settings too. Sensitive records open only after your detail view password.',
      'Register for login notifications, and this device will tell you when someone signs in to your account elsewhere. Log in, enter your master password, and you are set!',
      'On an iPhone or iPad with iOS 16.4 or later, add MyGenie to your Home Screen, open it from the icon and allow notifications.',
      'Nobody can recover your master password, not even us. Make it long, keep it to yourself, and always keep a backup.',
      "Congratulations, you've finished the features tour! Now let MyGenie help you organise your day.",
    ],
  },
);
