import { defineText } from '../../../client/text.js';

export const settingsText = defineText(
  {
    title: '설정',
    profile: {
      heading: '프로필',
      nickname: '닉네임',
      nicknameHint: '앱 화면에 표시되는 이름입니다(최대 30자).',
      tooLong: '닉네임은 30자 이하로 입력하세요.',
    },
    language: { heading: '언어', ko: '한국어', en: 'English' },
    autoLogout: {
      heading: '자동 로그아웃',
      label: '사용하지 않을 때 자동 로그아웃',
      none: '사용 안 함',
      minutes: { one: '{{count}}분', other: '{{count}}분' },
      hint: '마우스, 키보드, 클릭, 스크롤, 터치가 없으면 정한 시간 뒤 보관함을 잠그고 로그아웃합니다. 페이지가 숨겨진 동안은 멈춥니다.',
      saved: '자동 로그아웃을 {{value}}(으)로 설정했습니다.',
    },
    master: {
      heading: '마스터 비밀번호 변경',
      current: '현재 마스터 비밀번호',
      next: '새 마스터 비밀번호',
      confirm: '새 마스터 비밀번호 확인',
      submit: '마스터 비밀번호 변경',
      working: '변경하는 중...',
      wrong: '현재 마스터 비밀번호가 올바르지 않습니다.',
      required: '현재 마스터 비밀번호를 입력하세요.',
      changed: '마스터 비밀번호를 변경했습니다. 새 비밀번호를 안전한 곳에 적어 두세요.',
      note: '데이터는 다시 암호화되지 않고 데이터 키만 새 비밀번호로 다시 잠급니다.',
      account: '계정 비밀번호',
      accountHint:
        '동기화 중인 금고라 새 마스터 비밀번호가 다른 기기로 가려면 로그인할 때 쓰는 계정 비밀번호로 확인해야 합니다.',
      accountRequired: '계정 비밀번호를 입력하세요.',
    },
    detail: {
      heading: '상세 보기 비밀번호 변경',
      defaultInUse: '지금은 기본 비밀번호(0000)를 쓰고 있습니다.',
    },
    transfer: {
      heading: '가져오기와 내보내기',
      lead: 'Bitwarden, 1Password, KeePass, Day One, 캘린더(.ics), 뱅크샐러드, 카드·은행 내역을 가져오고, 일정·개인정보·일기·가계부를 다른 앱이 읽는 파일로 내보냅니다.',
      open: '가져오기와 내보내기 열기',
    },
    vault: {
      heading: '암호화 정보',
      summary:
        'AES-GCM 256비트 · PBKDF2-SHA256 {{iterations}}회(이 기기에 맞춰 약 0.3초) · 항목마다 무작위 솔트와 12바이트 IV',
      records: { one: '보관 중인 항목 {{count}}개', other: '보관 중인 항목 {{count}}개' },
    },
    notice: '이용 안내',
  },
  {
    title: 'Settings',
    profile: {
      heading: 'Profile',
      nickname: 'Nickname',
      nicknameHint: 'The name shown in the app (at most 30 characters).',
      tooLong: 'The nickname can be at most 30 characters.',
    },
    language: { heading: 'Language', ko: '한국어', en: 'English' },
    autoLogout: {
      heading: 'Auto logout',
      label: 'Log out automatically when idle',
      none: 'Never',
      minutes: { one: '{{count}} minute', other: '{{count}} minutes' },
      hint: 'With no mouse, keyboard, click, scroll or touch activity for this long, the vault locks and you are logged out. The timer pauses while the page is hidden.',
      saved: 'Auto logout set to {{value}}.',
    },
    master: {
      heading: 'Change master password',
      current: 'Current master password',
      next: 'New master password',
      confirm: 'Confirm new master password',
      submit: 'Change master password',
      working: 'Changing...',
      wrong: 'The current master password is incorrect.',
      required: 'Please enter your current master password.',
      changed: 'Your master password has been changed. Write the new one down somewhere safe.',
      note: 'Your data is not re-encrypted; only its key is locked again with the new password.',
      account: 'Account password',
      accountHint:
        'This vault syncs: the new master password reaches your other devices once you confirm it with the password you log in with.',
      accountRequired: 'Please enter your account password.',
    },
    detail: {
      heading: 'Change detail view password',
      defaultInUse: 'You are using the default password (0000).',
    },
    transfer: {
      heading: 'Import and export',
      lead: 'Bring in Bitwarden, 1Password, KeePass, Day One, calendars (.ics), Banksalad and card or bank statements, and take your schedule, personal info, diary and ledger out as files other apps read.',
      open: 'Open import and export',
    },
    vault: {
      heading: 'Encryption',
      summary:
        'AES-GCM 256-bit · PBKDF2-SHA256 with {{iterations}} iterations (about 0.3 s on this device) · a random salt and 12-byte IV per item',
      records: { one: '{{count}} item stored', other: '{{count}} items stored' },
    },
    notice: 'About using MyGenie',
  },
);
