// The shared catalog's `home` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';
import { words as account } from './home-account.js';

export const words = defineText(
  {
    heroEyebrow: '개인 비서 · 오프라인 · 암호화',
    heroTitle: '내 일정과 일기, 내 기기 안에서만 안전하게',
    heroDescription:
      'MyGenie는 일정(양력·음력), 일기, 개인정보, 문서, 가계부를 한곳에 모아 주는 개인 비서 앱입니다. 모든 기록은 여러분의 기기에서 AES-GCM 256비트로 암호화되어 저장되고, 여러분이 고른 곳에만 암호화된 채로 백업됩니다. 인터넷이 없어도 그대로 동작합니다.',
    fairyAlt: 'MyGenie 요정 안내자',
    welcome: account.ko.welcome,
    welcomeSub: '오늘도 MyGenie와 함께 하루를 정리해 보세요.',
    tilesTitle: '무엇을 관리할까요?',
    tiles: {
      schedule: { title: '일정', body: '양력·음력 달력과 공휴일, 24절기까지 한눈에' },
      diary: { title: '메모(일기)', body: '날짜별 일기와 메모를 검색까지 한 번에' },
      personal: { title: '개인정보', body: '계좌, 카드, 회원번호를 상세 비밀번호 뒤에' },
      documents: { title: '문서', body: '중요한 파일을 암호화해 기기에 보관' },
      ledger: { title: '가계부', body: '수입과 지출을 기록하고 월별로 정리' },
      settings: { title: '설정', body: '비밀번호, 자동 로그아웃, 백업 위치 관리' },
    },
    featuresTitle: '믿고 맡길 수 있는 이유',
    featureCards: {
      encryption: {
        title: '강력한 암호화',
        body: '인증 암호(AES-GCM 256비트)와 솔트를 더한 키 유도(PBKDF2-SHA256)로 기록마다 따로 암호화합니다. 마스터 비밀번호 없이는 누구도 읽을 수 없습니다.',
      },
      detailPassword: {
        title: '민감한 정보는 한 번 더',
        body: '일기, 개인정보, 문서, 가계부는 상세 보기 비밀번호를 한 번 더 확인한 뒤에 열립니다.',
      },
      layers: {
        title: '다층 보안',
        body: '지문·얼굴 로그인(패스키), 다른 기기 로그인 알림, 자리를 비우면 자동 로그아웃까지 겹겹이 지킵니다.',
      },
      backup: {
        title: '클라우드 백업과 복원',
        body: '내가 고른 드라이브에 암호화된 JSON 또는 ZIP으로 백업하고, 새 기기에서 마스터 비밀번호만으로 복원합니다.',
      },
    },
    ctaTitle: 'MyGenie를 바로 시작하세요',
    ctaBody: '바탕화면에 바로가기를 만들어 두면 앱처럼 빠르게 열 수 있습니다.',
    installButton: '바탕화면 바로가기 만들기',
    openAppButton: 'MyGenie 앱 열기',
    installUnsupported:
      'PWA 설치를 지원하지 않거나 이미 설치되어 있습니다. Chrome, Edge, Safari 같은 최신 브라우저를 이용해 주세요.',
    installDone: '바로가기를 만들었습니다.',
    loginFirst: account.ko.loginFirst,
  },
  {
    heroEyebrow: 'Personal assistant · Offline · Encrypted',
    heroTitle: 'Your schedule and diary, safe on your own device',
    heroDescription:
      'MyGenie brings your schedule (solar and Korean lunar), diary, personal information, documents and household ledger together in one personal assistant. Every record is encrypted on your device with 256-bit AES-GCM and backed up, still encrypted, only to the place you choose. It keeps working without an internet connection.',
    fairyAlt: 'The MyGenie fairy guide',
    welcome: account.en.welcome,
    welcomeSub: 'Let MyGenie help you organise your day.',
    tilesTitle: 'What would you like to manage?',
    tiles: {
      schedule: { title: 'Schedule', body: 'Solar and lunar calendar, holidays and the 24 solar terms' },
      diary: { title: 'Memo (diary)', body: 'Dated diary entries and memos, searchable' },
      personal: {
        title: 'Personal info',
        body: 'Accounts, cards and member numbers behind a second password',
      },
      documents: { title: 'Documents', body: 'Important files kept encrypted on your device' },
      ledger: { title: 'Accounts', body: 'Record income and spending, month by month' },
      settings: { title: 'Settings', body: 'Passwords, auto logout and where backups go' },
    },
    featuresTitle: 'Why you can trust it',
    featureCards: {
      encryption: {
        title: 'Strong encryption',
        body: 'Each record is encrypted separately with an authenticated cipher (256-bit AES-GCM) and a salted key derivation (PBKDF2-SHA256). Without your master password nobody can read it.',
      },
      detailPassword: {
        title: 'A second check for sensitive data',
        body: 'Diary, personal information, documents and the ledger open only after the detail view password is checked once more.',
      },
      layers: {
        title: 'Multi-layer security',
        body: 'Fingerprint or face login with passkeys, alerts when another device signs in, and automatic sign-out when you step away.',
      },
      backup: {
        title: 'Cloud backup and restore',
        body: 'Back up as encrypted JSON or ZIP to the drive you choose, and restore on a new device with just your master password.',
      },
    },
    ctaTitle: 'Start using MyGenie now',
    ctaBody: 'Create a desktop shortcut to open it as quickly as an app.',
    installButton: 'Create a desktop shortcut',
    openAppButton: 'Open MyGenie app',
    installUnsupported:
      'PWA installation is not supported or already installed. Please use the latest browsers like Chrome, Edge, Safari.',
    installDone: 'The shortcut has been created.',
    loginFirst: account.en.loginFirst,
  },
);
