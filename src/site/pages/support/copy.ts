// Support page (description §2 "Support"): warnings, operator and legal information, the four kinds of
// inquiry with the member-only inquiry form, and frequently asked questions.
import { DETAIL_PASSWORD_DEFAULT, SUPPORT_EMAIL } from '../../../shared/constants.js';
import { defineText } from '../../../client/text.js';

export const copy = defineText(
  {
    meta: {
      title: '고객 지원 | MyGenie',
      description:
        'MyGenie를 쓰기 전에 꼭 알아 둘 주의 사항, 운영자와 법적 정보, 문의 방법, 자주 묻는 질문을 모았습니다. 문의에는 영업일 기준 3일 안에 답변드립니다.',
    },
    hero: {
      eyebrow: '고객 지원',
      title: '무엇을 도와드릴까요?',
      lead: '사용하다 막히는 부분이 있다면 아래 주의 사항과 자주 묻는 질문을 먼저 살펴봐 주세요. 그래도 해결되지 않으면 언제든 아래 양식이나 이메일로 문의해 주세요.',
    },
    warnings: {
      title: '꼭 알아 두세요',
      calloutTitle: '기록을 지키기 위한 중요한 주의 사항',
      items: [
        {
          title: '마스터 비밀번호는 복구할 수 없습니다.',
          body: '마스터 비밀번호는 저희 서버로 전송되지 않으므로 저희를 포함해 누구도 찾아 드리거나 재설정할 수 없습니다. 잊어버리면 암호화된 기록도 되살릴 수 없으니 안전한 곳에 따로 기억해 두세요.',
        },
        {
          title: '정기적으로 백업해 주세요.',
          body: '기기가 고장 나거나 분실되면 그 기기에만 있던 기록은 되찾을 수 없습니다. 설정에서 매일 자동 백업을 켜 두면 가장 안전합니다.',
        },
        {
          title: `상세 보기 비밀번호 ${DETAIL_PASSWORD_DEFAULT}을 바꿔 주세요.`,
          body: `처음 값 ${DETAIL_PASSWORD_DEFAULT}을 그대로 두면 기기를 잠깐 빌린 사람도 일기, 개인정보, 문서, 가계부를 열 수 있습니다. 설정에서 나만 아는 번호로 바꿔 주세요.`,
        },
        {
          title: '피싱에 주의하세요.',
          body: '저희는 이메일, 전화, 문자 메시지로 마스터 비밀번호를 묻지 않습니다. 마스터 비밀번호를 요구하는 연락은 모두 사기이니 응하지 마시고 저희에게 알려 주세요.',
        },
        {
          title: '브라우저 데이터를 지우면 이 기기의 보관함도 사라집니다.',
          body: '브라우저에서 사이트 데이터(쿠키와 저장소)를 삭제하면 이 기기에 저장된 기록이 함께 지워집니다. 지우기 전에 반드시 백업해 두세요.',
        },
      ],
    },
    legal: {
      title: '개발자 및 법적 정보',
      operatorLabel: '운영자',
      operator: 'MyGenie 팀',
      serviceLabel: '서비스',
      service: 'MyGenie 개인 비서 웹 앱',
      contactLabel: '문의 이메일',
      privacyContactLabel: '개인정보 문의',
      ipLabel: '지식재산권',
      ip: ['특허 출원', '저작권 등록: 로컬 버전, 온라인·모바일 버전', '상표 출원'],
      policiesLabel: '정책',
      privacyLink: '개인정보 처리방침',
      termsLink: '이용약관',
    },
    contact: {
      title: '문의하기',
      lead: '문의 종류를 확인하고 아래 양식으로 보내 주세요. 카드의 버튼을 누르면 그 종류가 선택된 채로 양식으로 이동합니다. 문의에는 영업일 기준 3일 안에 답변드립니다.',
      note: '문의에는 마스터 비밀번호, 상세 보기 비밀번호, 기록의 내용을 절대 적지 마세요. 저희는 그런 정보 없이도 도와드릴 수 있습니다.',
      includeLabel: '문의에 적어 주시면 좋은 내용',
      addressLabel: '이메일이 더 편하시면 이 주소로 보내 주세요:',
      writeAbout: '이 내용으로 문의하기',
      types: {
        tech: {
          title: '기술 지원',
          when: '설치, 로그인, 백업과 복원처럼 사용 방법이 궁금하거나 기능이 생각대로 동작하지 않을 때 이용해 주세요.',
          include: [
            '사용 중인 기기와 운영체제(예: Windows 11, iOS 18)',
            '브라우저 종류와 버전',
            '어떤 기능에서 무엇을 하려고 했는지',
            '이메일로 보낼 때는 가입한 이메일 주소',
          ],
        },
        bug: {
          title: '오류 신고',
          when: '화면이 깨지거나 오류 메시지가 나타나는 등 분명히 잘못된 동작을 발견했을 때 알려 주세요.',
          include: [
            '오류가 생기기까지 한 일을 순서대로(재현 방법)',
            '화면에 나온 오류 메시지 그대로',
            '기기, 운영체제, 브라우저 정보',
            '화면 캡처가 있다면 이메일로 보내 주세요(개인 기록은 가려 주세요)',
          ],
        },
        feature: {
          title: '기능 제안',
          when: '있었으면 하는 기능이나 더 편해졌으면 하는 부분이 있을 때 보내 주세요.',
          include: [
            '제안하는 기능이나 개선할 점',
            '그 기능이 필요한 상황',
            '참고할 만한 예(다른 앱이나 서비스)',
          ],
        },
        general: {
          title: '일반 문의',
          when: '계정 삭제 요청, 제휴 제안 등 위에 해당하지 않는 모든 문의에 이용해 주세요.',
          include: [
            '문의 내용',
            '이메일로 계정에 관해 문의할 때는 가입한 이메일 주소',
            '답변을 다른 주소로 받고 싶다면 그 주소',
          ],
        },
      },
    },
    inquiry: {
      title: '문의 보내기',
      lead: '회원이라면 여기에서 바로 문의를 보낼 수 있습니다. 답변은 가입한 이메일 주소로 보내 드립니다.',
      typeLabel: '문의 종류',
      subjectLabel: '제목',
      messageLabel: '내용',
      counter: '{{count}}/{{max}}자',
      subjectMissing: '제목을 입력해 주세요.',
      messageMissing: '문의 내용을 입력해 주세요.',
      submit: '보내기',
      sending: '보내는 중...',
      sent: '문의해 주셔서 감사합니다. 문의를 잘 받았고, {{email}} 주소로 확인 메일을 보내 드렸습니다. 영업일 기준 3일 안에 답변드리겠습니다.',
      loginRequired: '문의는 회원만 보낼 수 있습니다. 로그인한 뒤 문의를 보내 주세요.',
      login: '로그인',
      register: '회원가입',
    },
    faq: {
      title: '자주 묻는 질문',
      items: [
        {
          question: '마스터 비밀번호를 잊어버렸어요.',
          answer: [
            '마스터 비밀번호는 기기 밖으로 나가지 않고 저희 서버에도 저장되지 않습니다. 그래서 안타깝지만 저희를 포함해 누구도 찾아 드리거나 재설정해 드릴 수 없고, 그 비밀번호로 암호화된 기록과 백업도 복호화할 수 없습니다.',
            '혹시 기억나는 후보가 있다면 차분히 다시 입력해 보세요. 앞으로는 마스터 비밀번호를 안전한 곳에 따로 적어 두기를 권해 드립니다.',
          ],
          steps: [],
        },
        {
          question: '상세 보기 비밀번호를 잊어버렸어요.',
          answer: [
            '마스터 비밀번호를 알고 있다면 백업과 복원으로 상세 보기 비밀번호를 초기화할 수 있습니다. 아래 순서대로 진행해 주세요.',
          ],
          steps: [
            '설정에서 지금 데이터를 백업합니다.',
            '이 기기의 MyGenie 데이터를 삭제합니다.',
            '다시 로그인하고 마스터 비밀번호를 입력합니다.',
            `방금 만든 백업을 복원합니다. 상세 보기 비밀번호가 ${DETAIL_PASSWORD_DEFAULT}으로 돌아갑니다.`,
            '설정에서 새 상세 보기 비밀번호를 정합니다.',
          ],
        },
        {
          question: '계정 비밀번호를 잊어버렸어요.',
          answer: [
            '로그인 창에서 "회원가입 / 비밀번호 변경"을 열고 이메일, 새 비밀번호, 마스터 키(MyGenie 앱에서 정한 마스터 비밀번호)를 입력해 주세요.',
            '보내 드리는 확인 메일의 링크를 1시간 안에 열면 새 비밀번호가 적용되고, 다른 기기의 로그인은 모두 종료됩니다.',
          ],
          steps: [],
        },
        {
          question: '인증 메일이 오지 않아요.',
          answer: [
            '먼저 스팸함(정크 메일함)과 프로모션함을 확인해 주세요. 그래도 없다면 로그인 화면에서 이메일과 비밀번호로 로그인해 보세요. 인증 메일을 다시 보낼지 묻는 안내가 나타납니다.',
            `인증 링크는 24시간 동안 유효하고, 한 주소로는 1시간에 3통까지 보낼 수 있습니다. 그래도 받지 못하면 이메일(${SUPPORT_EMAIL})로 알려 주세요.`,
          ],
          steps: [],
        },
        {
          question: '여러 기기에서 함께 쓸 수 있나요?',
          answer: [
            '네. 같은 계정으로 여러 기기에서 로그인할 수 있습니다. 새 기기에서 로그인하면 이미 로그인된 다른 기기에 "본인이 맞나요?"라는 확인 창이 나타납니다. 본인이라면 마스터 비밀번호로 확인하고, 아니라면 거절해 주세요. 거절하면 새 로그인은 차단됩니다.',
            '기록은 기기마다 따로 저장되므로, 다른 기기로 옮기려면 한 기기에서 백업한 뒤 다른 기기에서 마스터 비밀번호로 복원해 주세요. 백업 위치를 WebDAV 드라이브, Google Drive, MyGenie 서버 보관함으로 정해 두면 옮기기가 편합니다.',
          ],
          steps: [],
        },
        {
          question: '인터넷이 없어도 쓸 수 있나요?',
          answer: [
            '네. MyGenie 앱은 한 번 열고 나면 네트워크 없이도 동작합니다. 바탕화면이나 홈 화면에 앱으로 설치해 두면 더 빠르게 열 수 있습니다.',
            '다만 로그인, 오늘의 운세, 서버나 클라우드로 하는 백업처럼 서버와 통신해야 하는 기능은 인터넷 연결이 필요합니다.',
          ],
          steps: [],
        },
        {
          question: '백업은 어떻게 하나요?',
          answer: [
            'MyGenie 앱의 설정에서 백업 위치를 고른 뒤 백업을 실행하면 됩니다. 파일로 내려받기, MyGenie 서버 보관함(용량 제한이 있습니다), WebDAV 드라이브(Nextcloud, Synology 등), Google Drive 중에서 고를 수 있습니다.',
            '백업은 암호화된 JSON 또는 ZIP 파일로 만들어지며, 매일 자동 백업을 켜 둘 수도 있습니다. 복원할 때는 마스터 비밀번호가 필요합니다.',
          ],
          steps: [],
        },
        {
          question: '제 기록이 MyGenie 서버에 저장되나요?',
          answer: [
            '기록의 내용은 여러분의 기기에만 암호화되어 저장됩니다. 서버에는 계정 이메일, 비밀번호의 argon2id 해시, 로그인 세션과 기기 이름, 그리고 서버 보관함을 고른 경우 암호화된 백업만 저장됩니다.',
            '마스터 비밀번호와 데이터 키는 서버로 보내지지 않으므로, 서버에 보관된 백업도 저희는 열어 볼 수 없습니다.',
          ],
          steps: [],
        },
        {
          question: '계정을 삭제하고 싶어요.',
          answer: [
            `가입한 이메일 주소로 ${SUPPORT_EMAIL}에 계정 삭제를 요청해 주세요. 본인 확인을 거쳐 계정과 서버에 보관된 백업을 삭제하고 결과를 알려 드립니다.`,
            '기기에 저장된 기록은 서버에 없으므로, 필요하면 먼저 백업한 뒤 브라우저의 사이트 데이터를 지워 직접 삭제해 주세요.',
          ],
          steps: [],
        },
        {
          question: 'iPhone이나 iPad에서 로그인 알림을 받으려면 어떻게 하나요?',
          answer: [
            'iOS·iPadOS 16.4 이상에서 사이트를 홈 화면에 추가해야 알림을 받을 수 있습니다. Safari에서 공유 → 홈 화면에 추가를 누른 뒤, 홈 화면의 아이콘으로 MyGenie를 열고 알림을 허용해 주세요.',
          ],
          steps: [],
        },
      ],
    },
  },
  {
    meta: {
      title: 'Support | MyGenie',
      description:
        'Important warnings, operator and legal information, how to contact us and answers to common questions about MyGenie. We reply within 3 business days.',
    },
    hero: {
      eyebrow: 'Support',
      title: 'How can we help?',
      lead: 'If you get stuck, start with the warnings and frequently asked questions below. If they do not solve your problem, contact us at any time with the form below or by e-mail.',
    },
    warnings: {
      title: 'Please read this first',
      calloutTitle: 'Important warnings to keep your records safe',
      items: [
        {
          title: 'Your master password cannot be recovered.',
          body: 'Your master password is never sent to our server, so nobody, including us, can look it up or reset it. If you forget it, your encrypted records cannot be recovered either, so keep it somewhere safe.',
        },
        {
          title: 'Back up regularly.',
          body: 'If a device breaks or gets lost, records that existed only on that device are gone for good. Turning on daily automatic backup in Settings is the safest choice.',
        },
        {
          title: `Change the default detail view password ${DETAIL_PASSWORD_DEFAULT}.`,
          body: `If you keep the default ${DETAIL_PASSWORD_DEFAULT}, anyone who borrows your device for a moment can open your diary, personal information, documents and ledger. Choose a code only you know in Settings.`,
        },
        {
          title: 'Beware of phishing.',
          body: 'We never ask for your master password by e-mail, phone or text message. Any message asking for it is a scam: do not reply, and let us know.',
        },
        {
          title: "Clearing browser data removes this device's vault.",
          body: "Deleting this site's data in your browser (cookies and storage) also deletes the records stored on this device. Always make a backup first.",
        },
      ],
    },
    legal: {
      title: 'Developer and legal information',
      operatorLabel: 'Operator',
      operator: 'The MyGenie team',
      serviceLabel: 'Service',
      service: 'MyGenie personal assistant web app',
      contactLabel: 'Contact e-mail',
      privacyContactLabel: 'Privacy contact',
      ipLabel: 'Intellectual property',
      ip: [
        'Patent application filed',
        'Copyright registered for the local version and for the online/mobile version',
        'Trademark application filed',
      ],
      policiesLabel: 'Policies',
      privacyLink: 'Privacy policy',
      termsLink: 'Terms of service',
    },
    contact: {
      title: 'Contact us',
      lead: 'Check which kind of inquiry fits, then send it with the form below. The button on each card takes you to the form with that kind already chosen. We reply within 3 business days.',
      note: 'Never include your master password, your detail view password or the content of your records in an inquiry. We can help you without them.',
      includeLabel: 'What to include',
      addressLabel: 'Prefer e-mail? Write to us at',
      writeAbout: 'Write about this',
      types: {
        tech: {
          title: 'Technical support',
          when: 'Write to us when you are not sure how to do something, such as installing, signing in, backing up or restoring, or when a feature does not work as expected.',
          include: [
            'Your device and operating system (for example Windows 11 or iOS 18)',
            'Your browser and its version',
            'Which feature you used and what you were trying to do',
            'If you write by e-mail, the e-mail address of your account',
          ],
        },
        bug: {
          title: 'Bug report',
          when: 'Let us know when something is clearly wrong, such as a broken screen or an error message.',
          include: [
            'The steps that led to the problem, in order',
            'The exact error message shown on screen',
            'Your device, operating system and browser',
            'Screenshots, if you have them, by e-mail (hide any personal records)',
          ],
        },
        feature: {
          title: 'Feature suggestion',
          when: 'Send us your ideas for new features or for anything that could be easier to use.',
          include: [
            'The feature or improvement you suggest',
            'The situation where you would use it',
            'Examples from other apps or services, if any',
          ],
        },
        general: {
          title: 'General inquiry',
          when: 'Use this for account deletion requests, partnership proposals and anything else not covered above.',
          include: [
            'Your question or request',
            'If you write by e-mail about your account, the e-mail address of your account',
            'A different address for our reply, if you prefer one',
          ],
        },
      },
    },
    inquiry: {
      title: 'Send an inquiry',
      lead: 'Members can send an inquiry right here. We reply to the e-mail address of your account.',
      typeLabel: 'Type of inquiry',
      subjectLabel: 'Subject',
      messageLabel: 'Message',
      counter: '{{count}} / {{max}} characters',
      subjectMissing: 'Please enter a subject.',
      messageMissing: 'Please write your message.',
      submit: 'Send',
      sending: 'Sending...',
      sent: 'Thank you. We received your inquiry and sent a confirmation to {{email}}. We answer within 3 business days.',
      loginRequired: 'Inquiries are for members. Please log in to send one.',
      login: 'Log in',
      register: 'Register',
    },
    faq: {
      title: 'Frequently asked questions',
      items: [
        {
          question: 'I forgot my master password.',
          answer: [
            'Your master password never leaves your device and is not stored on our server. We are sorry, but that means nobody, including us, can look it up or reset it, and records and backups encrypted with it cannot be decrypted.',
            'If you have a few guesses, try them calmly. From now on, we recommend writing your master password down and keeping it somewhere safe.',
          ],
          steps: [],
        },
        {
          question: 'I forgot my detail view password.',
          answer: [
            'If you know your master password, you can reset the detail view password with a backup and a restore. Follow these steps:',
          ],
          steps: [
            'Back up your data in Settings.',
            "Delete this device's MyGenie data.",
            'Sign in again and enter your master password.',
            `Restore the backup you just made. The detail view password goes back to ${DETAIL_PASSWORD_DEFAULT}.`,
            'Set a new detail view password in Settings.',
          ],
        },
        {
          question: 'I forgot my account password.',
          answer: [
            'In the login window, open "Register / Change password" and enter your e-mail, a new password and your master key (the master password you set in the MyGenie app).',
            'Open the link in the confirmation e-mail we send within 1 hour. Your new password then takes effect, and you are signed out on all other devices.',
          ],
          steps: [],
        },
        {
          question: 'The verification e-mail does not arrive.',
          answer: [
            'First check your spam (junk) and promotions folders. If it is not there, try to log in with your e-mail and password, and we will ask whether to send the verification e-mail again.',
            `The verification link is valid for 24 hours, and we send at most 3 e-mails per address per hour. If it still does not arrive, e-mail us at ${SUPPORT_EMAIL}.`,
          ],
          steps: [],
        },
        {
          question: 'Can I use MyGenie on several devices?',
          answer: [
            'Yes. You can sign in with the same account on several devices. When a new device signs in, your other signed-in devices ask "Is this you?". If it is you, confirm with your master password; if not, refuse, and the new sign-in is blocked.',
            'Records are stored on each device separately. To move them, back up on one device and restore on the other with your master password. Choosing a WebDAV drive, Google Drive or your MyGenie server storage as the backup target makes this easy.',
          ],
          steps: [],
        },
        {
          question: 'Can I use it without an internet connection?',
          answer: [
            'Yes. After you open it once, the MyGenie app works without a network. Installing it as a desktop or home-screen app makes it even quicker to open.',
            'Features that talk to our server, such as signing in, the daily fortune and backups to our server or a cloud drive, need a connection.',
          ],
          steps: [],
        },
        {
          question: 'How do I back up my records?',
          answer: [
            'In the Settings of the MyGenie app, choose a backup target and run a backup. You can download a file or use your MyGenie server storage (with a quota), a WebDAV drive (Nextcloud, Synology…) or Google Drive.',
            'Backups are encrypted JSON or ZIP files, and you can turn on a daily automatic backup. Restoring a backup needs your master password.',
          ],
          steps: [],
        },
        {
          question: 'Are my records stored on your server?',
          answer: [
            'The content of your records is stored, encrypted, only on your devices. Our server keeps your account e-mail, an argon2id hash of your password, sign-in sessions and device names, and encrypted backups only if you choose our server storage.',
            'Your master password and data key are never sent to our server, so we cannot open the backups stored with us either.',
          ],
          steps: [],
        },
        {
          question: 'How do I delete my account?',
          answer: [
            `Write to ${SUPPORT_EMAIL} from the e-mail address of your account and ask us to delete it. After confirming it is you, we delete your account and any backups stored on our server, and let you know when it is done.`,
            "Records on your devices are not on our server. If you want them gone too, back them up first if needed, then clear this site's data in your browser.",
          ],
          steps: [],
        },
        {
          question: 'How do I get login notifications on an iPhone or iPad?',
          answer: [
            'Notifications need iOS or iPadOS 16.4 or later, with the site added to your Home Screen. In Safari, tap Share → Add to Home Screen, then open MyGenie from the Home Screen icon and allow notifications.',
          ],
          steps: [],
        },
      ],
    },
  },
);
