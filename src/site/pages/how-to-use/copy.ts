// The how-to-use page's text in Korean and English: the eight first steps, six setup guides and three tips.
import {
  AUTO_LOGOUT_DEFAULT_MIN,
  DETAIL_PASSWORD_DEFAULT,
  MASTER_PASSWORD_RECOMMENDED_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/constants.js';
import { defineText } from '../../../client/text.js';

export const copy = defineText(
  {
    meta: {
      title: '사용법 | MyGenie',
      description:
        '회원가입부터 마스터 비밀번호, 상세 보기 비밀번호, 자동 로그아웃, 백업, 닉네임, 기념일 설정까지 MyGenie를 시작하는 방법을 차례대로 안내합니다.',
    },
    hero: {
      eyebrow: '사용법',
      title: '처음 시작하는 분을 위한 MyGenie 안내',
      lead: '가입부터 첫 기록과 백업까지, 아래 순서대로 따라 하면 누구나 쉽게 시작할 수 있습니다. 자주 쓰는 설정과 알아 두면 좋은 팁도 함께 정리했습니다.',
    },
    flow: {
      title: '이렇게 시작합니다',
      lead: '처음 한 번만 차근차근 따라 해 주세요. 그다음부터는 앱을 열고 바로 기록하면 됩니다.',
      steps: [
        {
          title: '회원가입과 이메일 인증',
          body: `이메일과 ${PASSWORD_MIN_LENGTH}자 이상의 비밀번호로 가입한 뒤, 받은 메일의 인증 링크를 엽니다. 메일이 보이지 않으면 스팸함도 확인해 주세요.`,
        },
        {
          title: '로그인',
          body: '인증을 마친 이메일과 비밀번호로 로그인합니다. 지원되는 기기에서는 패스키로 지문이나 얼굴 로그인도 쓸 수 있습니다.',
        },
        {
          title: '앱 열기',
          body: '‘MyGenie 앱 열기’ 버튼을 누르면 앱이 열립니다. 처음 한 번 열어 두면 다음부터는 인터넷 없이도 열립니다.',
        },
        {
          title: '마스터 비밀번호 설정',
          body: `앱을 처음 열면 마스터 비밀번호를 정합니다. ${PASSWORD_MIN_LENGTH}자 이상이어야 하고, ${MASTER_PASSWORD_RECOMMENDED_LENGTH}자 이상으로 영문자·숫자·기호를 섞는 것을 권장합니다.`,
        },
        {
          title: '상세 보기 비밀번호 변경',
          body: `상세 보기 비밀번호는 처음에 ${DETAIL_PASSWORD_DEFAULT}입니다. 앱이 변경을 요청하면 나만 아는 값으로 바로 바꿔 주세요.`,
        },
        {
          title: '첫 일정과 일기 남기기',
          body: '일정에 약속이나 음력 생일을 넣고, 메모(일기)에 오늘의 기록을 남겨 보세요. 음력 날짜로 저장한 일정은 해마다 그날 다시 돌아옵니다.',
        },
        {
          title: '백업 설정',
          body: '설정에서 백업 위치를 고르고 첫 백업을 해 둡니다. 매일 자동 백업을 켜 두면 더욱 안심할 수 있습니다.',
        },
        {
          title: '오프라인 사용과 앱 설치',
          body: '한 번 열어 둔 앱은 인터넷 없이도 동작합니다. 바탕화면이나 홈 화면에 설치하면 다른 앱처럼 바로 열 수 있습니다.',
        },
      ],
    },
    guides: {
      title: '설정 가이드',
      lead: '자주 찾는 설정을 하나씩, 따라 하기 쉬운 순서로 정리했습니다.',
      items: [
        {
          title: '마스터 비밀번호',
          summary: '모든 기록을 암호화하는 열쇠이므로 길고 나만 아는 비밀번호로 정합니다.',
          steps: [
            '앱을 처음 열면 나오는 마스터 비밀번호 설정 화면에서 새 비밀번호를 입력합니다.',
            `${PASSWORD_MIN_LENGTH}자 이상이 필요하며, ${MASTER_PASSWORD_RECOMMENDED_LENGTH}자 이상으로 영문자·숫자·기호를 섞어 만드는 것을 권장합니다.`,
            '나중에 바꾸려면 설정에서 마스터 비밀번호 변경을 고르고, 현재 비밀번호와 새 비밀번호를 입력합니다.',
            '변경할 때는 기록을 다시 암호화하지 않고 열쇠만 새로 감싸므로 금방 끝납니다.',
          ],
        },
        {
          title: '상세 보기 비밀번호',
          summary: '메모(일기), 개인정보, 문서, 가계부를 열 때 한 번 더 확인하는 두 번째 비밀번호입니다.',
          steps: [
            `처음에는 ${DETAIL_PASSWORD_DEFAULT}으로 설정되어 있고, 처음 사용할 때 앱이 변경을 요청합니다.`,
            '설정에서 상세 보기 비밀번호 변경을 고르고, 현재 비밀번호와 새 비밀번호를 입력합니다.',
            '생일이나 같은 숫자의 반복처럼 짐작하기 쉬운 값은 피해 주세요.',
            `잊어버렸다면 백업한 뒤 이 기기의 데이터를 지우고, 다시 로그인해 마스터 비밀번호를 입력하고 복원합니다. 비밀번호가 ${DETAIL_PASSWORD_DEFAULT}으로 돌아가면 새로 정해 주세요.`,
          ],
        },
        {
          title: '자동 로그아웃',
          summary:
            '자리를 비운 사이 다른 사람이 앱을 보지 못하도록, 정한 시간이 지나면 자동으로 로그아웃합니다.',
          steps: [
            '설정에서 자동 로그아웃을 엽니다.',
            `사용 안 함, 5분, 10분, 20분, 30분 중에서 고릅니다. 기본값은 ${AUTO_LOGOUT_DEFAULT_MIN}분입니다.`,
            '고른 시간 동안 아무 조작이 없으면 로그아웃되며, 다시 로그인하면 이어서 쓸 수 있습니다.',
            '여러 사람이 함께 쓰는 컴퓨터라면 5분처럼 짧게 설정해 주세요.',
          ],
        },
        {
          title: '백업',
          summary: '기록을 암호화된 그대로, 내가 고른 곳에 보관해 둡니다.',
          steps: [
            '설정에서 백업 위치를 고릅니다. 파일 다운로드, MyGenie 서버의 내 저장 공간(용량 제한 있음), WebDAV 드라이브(Nextcloud, Synology 등), Google Drive 중에서 선택할 수 있습니다.',
            '백업을 실행하면 기록이 암호화된 JSON 또는 ZIP 형식으로 저장됩니다.',
            '매일 자동 백업을 켜 두면 따로 신경 쓰지 않아도 됩니다.',
            '새 기기에서는 로그인하고 마스터 비밀번호를 입력한 뒤 복원합니다. 복원은 전부 되거나 전혀 되지 않으므로, 손상된 백업이 데이터를 절반만 덮어쓰는 일은 없습니다.',
          ],
        },
        {
          title: '닉네임',
          summary: '앱에서 나를 부를 이름을 정합니다.',
          steps: [
            '설정에서 닉네임을 엽니다.',
            '원하는 이름을 입력합니다.',
            '저장하면 바로 새 닉네임이 적용됩니다.',
          ],
        },
        {
          title: '기념일',
          summary:
            '소중한 날 두 개를 정해 두면, 가장 가까운 날짜와 함께 세 개의 기념일을 한눈에 볼 수 있습니다.',
          steps: [
            '앱에서 기념일 설정을 엽니다.',
            '결혼기념일이나 가족의 생일처럼 챙기고 싶은 날 두 개를 골라 저장합니다.',
            '세 번째 기념일은 저장된 날짜 가운데 가장 가까운 날로 자동으로 채워집니다.',
            '기념일은 언제든지 다시 바꿀 수 있습니다.',
          ],
        },
      ],
    },
    tips: {
      title: '알아 두면 좋은 팁',
      items: [
        {
          title: '보안: 비밀번호는 서로 다르게',
          body: '마스터 비밀번호는 계정 비밀번호나 다른 서비스의 비밀번호와 다르게 정하세요. 지원되는 기기라면 패스키 로그인을 함께 쓰면 더 안전합니다.',
        },
        {
          title: '백업: 두 곳에 나눠서',
          body: '자동 백업과 함께 가끔은 파일로도 받아 두세요. 어느 백업이든 복원하려면 마스터 비밀번호가 꼭 필요합니다.',
        },
        {
          title: '오프라인: 처음 한 번은 온라인으로',
          body: '앱은 처음 한 번 인터넷에 연결된 상태에서 열어야 오프라인에서도 쓸 수 있습니다. 그다음부터는 비행기나 지하철처럼 연결이 없는 곳에서도 기록이 기기에 바로 저장됩니다.',
        },
      ],
      more: '더 알아보기:',
      featuresLink: '기능 안내',
      securityLink: '보안 안내',
    },
  },
  {
    meta: {
      title: 'How to use | MyGenie',
      description:
        'Get started with MyGenie step by step: sign up, then set your master password, detail view password, auto logout, backup, nickname and anniversaries.',
    },
    hero: {
      eyebrow: 'How to use',
      title: 'Getting started with MyGenie',
      lead: 'From signing up to your first entries and backup, follow the steps below and you will be ready in no time. We have also gathered the most-used settings and a few handy tips.',
    },
    flow: {
      title: 'How it flows',
      lead: 'Go through these steps once. After that, just open the app and start writing.',
      steps: [
        {
          title: 'Sign up and verify your e-mail',
          body: `Sign up with your e-mail address and a password of at least ${PASSWORD_MIN_LENGTH} characters, then open the verification link we send you. If you cannot find the mail, check your spam folder.`,
        },
        {
          title: 'Log in',
          body: 'Log in with your verified e-mail address and password. On supported devices you can also sign in with your fingerprint or face using a passkey.',
        },
        {
          title: 'Open the app',
          body: 'Press “Open MyGenie app” to start the app. Once it has opened one time, it opens again even without an internet connection.',
        },
        {
          title: 'Set your master password',
          body: `The first time you open the app, you choose a master password. It needs at least ${PASSWORD_MIN_LENGTH} characters; we recommend ${MASTER_PASSWORD_RECOMMENDED_LENGTH} or more, mixing letters, digits and symbols.`,
        },
        {
          title: 'Change the detail view password',
          body: `Your detail view password starts as ${DETAIL_PASSWORD_DEFAULT}. When the app asks you to change it, pick something only you know.`,
        },
        {
          title: 'Add your first schedule and diary entries',
          body: 'Put an appointment or a lunar birthday in your schedule, and write today’s entry in your diary. Events saved on a lunar date come back on that date every year.',
        },
        {
          title: 'Set up backup',
          body: 'In Settings, choose where backups go and make your first backup. Turn on the daily automatic backup for extra peace of mind.',
        },
        {
          title: 'Use it offline and install it',
          body: 'Once opened, the app works without an internet connection. Install it on your desktop or Home Screen to open it like any other app.',
        },
      ],
    },
    guides: {
      title: 'Setup guides',
      lead: 'The settings people look for most, one at a time, in easy-to-follow steps.',
      items: [
        {
          title: 'Master password',
          summary: 'It is the key that encrypts all your records, so make it long and known only to you.',
          steps: [
            'The first time you open the app, enter a new password on the master password screen.',
            `It needs at least ${PASSWORD_MIN_LENGTH} characters; we recommend ${MASTER_PASSWORD_RECOMMENDED_LENGTH} or more, mixing letters, digits and symbols.`,
            'To change it later, choose Change master password in Settings and enter your current and new passwords.',
            'Changing it is quick: your records are not re-encrypted, only the key that protects them is re-wrapped.',
          ],
        },
        {
          title: 'Detail view password',
          summary:
            'A second password, checked again before your diary, personal info, documents or ledger open.',
          steps: [
            `It starts as ${DETAIL_PASSWORD_DEFAULT}, and the app asks you to change it the first time you use it.`,
            'In Settings, choose Change detail view password and enter your current and new passwords.',
            'Avoid values that are easy to guess, such as a birthday or the same digit repeated.',
            `Forgot it? Back up, delete this device’s data, sign in again, enter your master password and restore. It returns to ${DETAIL_PASSWORD_DEFAULT}; then set a new one.`,
          ],
        },
        {
          title: 'Auto logout',
          summary:
            'Signs you out automatically after a set time, so nobody can look at the app while you are away.',
          steps: [
            'Open Auto logout in Settings.',
            `Choose off, 5, 10, 20 or 30 minutes. The default is ${AUTO_LOGOUT_DEFAULT_MIN} minutes.`,
            'If nothing happens for that long you are signed out; sign in again to carry on.',
            'On a computer shared with others, choose a short time such as 5 minutes.',
          ],
        },
        {
          title: 'Backup',
          summary: 'Keep your records, still encrypted, in a place you choose.',
          steps: [
            'Choose where backups go in Settings: a downloaded file, your storage on the MyGenie server (with a quota), a WebDAV drive (Nextcloud, Synology and others) or Google Drive.',
            'When you run a backup, your records are saved as encrypted JSON or ZIP.',
            'Turn on the daily automatic backup so you do not have to think about it.',
            'On a new device, sign in, enter your master password and restore. A restore is all or nothing, so a damaged backup never overwrites only half of your data.',
          ],
        },
        {
          title: 'Nickname',
          summary: 'Choose the name the app calls you by.',
          steps: [
            'Open Nickname in Settings.',
            'Enter the name you like.',
            'Save, and your new nickname is used right away.',
          ],
        },
        {
          title: 'Anniversaries',
          summary:
            'Pick two special days, and you see three anniversaries at a glance, including the nearest date.',
          steps: [
            'Open the anniversary settings in the app.',
            'Choose and save two days you want to remember, such as a wedding anniversary or a family birthday.',
            'The third anniversary is filled in automatically with the nearest of your saved dates.',
            'You can change your anniversaries at any time.',
          ],
        },
      ],
    },
    tips: {
      title: 'Tips',
      items: [
        {
          title: 'Security: use different passwords',
          body: 'Make your master password different from your account password and from passwords you use elsewhere. On supported devices, passkey login adds extra safety.',
        },
        {
          title: 'Backup: keep it in two places',
          body: 'Alongside the automatic backup, download a backup file now and then. Whichever backup you use, restoring it always needs your master password.',
        },
        {
          title: 'Offline: go online the first time',
          body: 'Open the app once while connected to the internet so it can work offline. After that, your entries are saved on your device even on a plane or in the underground.',
        },
      ],
      more: 'Learn more:',
      featuresLink: 'Features',
      securityLink: 'Security',
    },
  },
);
