// Security page (description §2 "Security"): principles, how records are protected, what the member gains,
// and an honest account of what our server knows.
import { DETAIL_PASSWORD_DEFAULT } from '../../../shared/constants.js';
import { defineText } from '../../../client/text.js';

export const copy = defineText(
  {
    meta: {
      title: '보안 | MyGenie',
      description:
        'MyGenie는 모든 기록을 기기 안에서 AES-GCM 256비트로 암호화하고, 마스터 비밀번호는 서버로 보내지 않습니다. 암호화 방식과 백업·복원이 어떻게 기록을 지키는지 안내합니다.',
    },
    hero: {
      eyebrow: '보안',
      title: '내 기록은 내 기기에서, 나만 열 수 있게',
      lead: 'MyGenie는 기록을 저장하기 전에 여러분의 기기 안에서 먼저 암호화합니다. 열쇠가 되는 마스터 비밀번호는 기기 밖으로 나가지 않으므로, 저희를 포함해 누구도 여러분의 기록을 읽을 수 없습니다.',
    },
    principles: {
      title: 'MyGenie가 지키는 네 가지 원칙',
      lead: '기능을 하나 만들 때마다 아래 원칙에 맞는지부터 확인합니다.',
      items: [
        {
          title: '나만 읽을 수 있는 기록',
          body: '모든 기록은 저장되기 전에 기기 안에서 암호화됩니다. 마스터 비밀번호는 저희 서버로 전송되지 않으므로 저희도 내용을 볼 수 없습니다.',
        },
        {
          title: '인터넷 없이도 그대로',
          body: 'MyGenie 앱은 처음 한 번 열고 나면 네트워크 없이도 동작합니다. 기록을 읽고 쓰는 데 서버가 필요하지 않으니 데이터가 불필요하게 오가지 않습니다.',
        },
        {
          title: '겹겹이 쌓은 보호 장치',
          body: '마스터 비밀번호로 잠근 데이터 위에 민감한 메뉴를 한 번 더 잠그는 상세 보기 비밀번호를 두었습니다. 지문·얼굴 로그인(패스키), 새 기기 로그인 확인, 자동 로그아웃도 함께 지켜 줍니다.',
        },
        {
          title: '결정은 언제나 여러분이',
          body: '백업을 언제, 어디에 둘지는 여러분이 직접 정합니다. 파일, WebDAV 드라이브, Google Drive, MyGenie 서버 보관함 중 어디를 고르든 기록은 암호화된 채로 저장됩니다.',
        },
      ],
    },
    features: {
      title: '기록을 지키는 방법',
      lead: '암호화부터 복원까지, 기록이 어떤 과정을 거쳐 보호되는지 소개합니다.',
      techLabel: '기술 정보',
      items: [
        {
          title: 'AES-GCM-256 인증 암호화',
          body: '모든 기록은 무작위로 만든 256비트 데이터 키로 AES-GCM 방식으로 암호화됩니다. 인증 암호화이기 때문에 누군가 암호문을 조금이라도 바꾸면 복호화할 때 바로 드러납니다.',
          tech: 'AES-GCM · 256비트 키 · 기록마다 무작위 12바이트 IV · 인증 태그로 변조 검출',
        },
        {
          title: '기록마다 다른 솔트와 키',
          body: '기록마다 무작위 솔트로 별도의 하위 키를 만들어 쓰므로, 같은 내용을 저장해도 암호문은 매번 달라집니다. 데이터 키는 마스터 비밀번호에서 유도한 키로 한 번 더 감싸 보관합니다.',
          tech: 'HKDF 하위 키 · PBKDF2-SHA256 키 유도, 기기에서 약 250~400ms가 걸리도록 반복 횟수를 맞추며 최소 600,000회',
        },
        {
          title: '상세 보기 비밀번호',
          body: `일기, 개인정보, 문서, 가계부는 상세 보기 비밀번호를 한 번 더 입력해야 열립니다. 처음 값은 ${DETAIL_PASSWORD_DEFAULT}이니 첫 사용 때 안내에 따라 꼭 바꿔 주세요.`,
          tech: `기본값 ${DETAIL_PASSWORD_DEFAULT} · 설정 → 상세 보기 비밀번호 변경에서 바꿀 수 있음`,
        },
        {
          title: '내 기기 안에 저장',
          body: '암호화된 기록은 이 기기 브라우저의 IndexedDB에 저장됩니다. 그래서 인터넷이 끊겨도 기록을 보고 쓰는 데 문제가 없습니다.',
          tech: 'IndexedDB · 암호문만 저장 · 첫 방문 이후 오프라인 동작',
        },
        {
          title: '암호화된 클라우드 백업',
          body: '백업은 암호화된 JSON 또는 ZIP 파일로 여러분이 고른 곳에 저장됩니다. 백업 안의 기록도 암호화된 상태 그대로여서 보관하는 곳에서는 내용을 읽을 수 없습니다.',
          tech: '파일 내려받기 · MyGenie 서버 보관함 · WebDAV(Nextcloud, Synology 등) · Google Drive · 매일 자동 백업(선택)',
        },
        {
          title: '안전한 복원',
          body: '새 기기에서는 백업을 불러와 마스터 비밀번호를 입력하면 기록이 그대로 돌아옵니다. 복원은 전부 성공하거나 아예 적용되지 않으므로, 손상되거나 변조된 백업이 기존 데이터를 절반만 덮어쓰는 일은 없습니다.',
          tech: '마스터 비밀번호로 데이터 키 해제 · 모든 기록이 정상일 때만 한 번에 적용(all-or-nothing)',
        },
      ],
    },
    benefits: {
      title: '여러분에게 좋은 점',
      items: [
        {
          title: '유출되어도 읽을 수 없습니다',
          body: '서버에 있는 기록은 암호화된 백업뿐이므로, 만에 하나 서버가 침해되더라도 기록의 내용은 드러나지 않습니다.',
        },
        {
          title: '어디서나, 인터넷 없이도',
          body: '비행기 안이나 신호가 약한 곳에서도 일정과 일기를 바로 확인하고 기록할 수 있습니다.',
        },
        {
          title: '기기를 바꿔도 그대로',
          body: '백업과 마스터 비밀번호만 있으면 새 휴대폰이나 컴퓨터에서도 기록을 그대로 이어 쓸 수 있습니다.',
        },
        {
          title: '잠깐 자리를 비워도 안심',
          body: '정해 둔 시간(기본 10분) 동안 사용하지 않으면 자동으로 로그아웃되고, 민감한 메뉴는 상세 보기 비밀번호로 한 번 더 잠겨 있습니다.',
        },
      ],
    },
    server: {
      title: '서버가 아는 것과 모르는 것',
      calloutTitle: '숨김없이 알려 드립니다',
      intro:
        '계정과 로그인을 운영하려면 서버에도 최소한의 정보가 필요합니다. 무엇을 보관하고 무엇을 보지 못하는지 있는 그대로 공개합니다.',
      knowsTitle: '서버에 저장되는 것',
      knows: [
        '계정 이메일 주소',
        '계정 비밀번호의 argon2id 해시(비밀번호 자체는 저장하지 않습니다)',
        '로그인 세션과 기기 이름(로그인 알림과 새 기기 확인에 쓰입니다)',
        '서버 보관함에 맡기기로 선택한 백업(언제나 암호화된 상태입니다)',
      ],
      neverTitle: '서버가 절대 볼 수 없는 것',
      never: [
        '마스터 비밀번호',
        '기록을 암호화하는 데이터 키',
        '일정, 일기, 개인정보, 문서, 가계부 등 기록의 내용',
      ],
      outro:
        '그래서 마스터 비밀번호를 잊어버리면 저희도 기록을 되살려 드릴 수 없습니다. 마스터 비밀번호는 안전한 곳에 따로 기억해 두세요.',
      privacyBefore: '개인정보를 어떻게 처리하는지는 ',
      privacyLink: '개인정보 처리방침',
      privacyAfter: '에서 자세히 확인할 수 있습니다.',
    },
  },
  {
    meta: {
      title: 'Security | MyGenie',
      description:
        'MyGenie encrypts every record on your device with 256-bit AES-GCM and never sends your master password to our server. Learn how encryption, backup and restore keep your records safe.',
    },
    hero: {
      eyebrow: 'Security',
      title: 'Your records stay on your device, and only you can open them',
      lead: 'MyGenie encrypts your records on your own device before they are stored. The master password that unlocks them never leaves your device, so nobody, not even we, can read what you keep.',
    },
    principles: {
      title: 'Four principles we hold to',
      lead: 'Every feature we build is checked against these principles first.',
      items: [
        {
          title: 'Private by design',
          body: 'Every record is encrypted on your device before it is stored. Your master password is never sent to our server, so we cannot see your records either.',
        },
        {
          title: 'Works offline',
          body: 'After you open it once, the MyGenie app works without a network connection. Reading and writing records needs no server, so your data does not travel anywhere it does not have to.',
        },
        {
          title: 'Layers of protection',
          body: 'On top of the data locked by your master password, a detail view password guards the most sensitive sections. Fingerprint or face sign-in (passkeys), new-device confirmation and automatic logout add further protection.',
        },
        {
          title: 'You stay in control',
          body: 'You decide when and where your backups go. Whether you choose a file, a WebDAV drive, Google Drive or your MyGenie server storage, your records are stored encrypted.',
        },
      ],
    },
    features: {
      title: 'How your records are protected',
      lead: 'From encryption to restore, here is what happens to your records along the way.',
      techLabel: 'Technical detail',
      items: [
        {
          title: 'AES-GCM-256 authenticated encryption',
          body: 'Every record is encrypted with AES-GCM using a random 256-bit data key. Because the encryption is authenticated, any change to the encrypted data is detected as soon as it is decrypted.',
          tech: 'AES-GCM · 256-bit key · random 12-byte IV per record · authentication tag detects tampering',
        },
        {
          title: 'A different salt and key for every record',
          body: 'Each record gets its own sub-key made with a random salt, so the same content never produces the same encrypted data twice. The data key itself is wrapped by a key derived from your master password.',
          tech: 'HKDF sub-keys · PBKDF2-SHA256 key derivation, iterations calibrated to about 250–400 ms on your device and never fewer than 600,000',
        },
        {
          title: 'Detail view password',
          body: `Your diary, personal information, documents and ledger open only after you enter the detail view password. It starts as ${DETAIL_PASSWORD_DEFAULT}, so change it when the app asks you on first use.`,
          tech: `Default ${DETAIL_PASSWORD_DEFAULT} · change it in Settings → Change detail view password`,
        },
        {
          title: 'Stored on your device',
          body: "Encrypted records are kept in your browser's IndexedDB on this device. That is why you can read and write them even when you are offline.",
          tech: 'IndexedDB · encrypted data only · works offline after the first visit',
        },
        {
          title: 'Encrypted cloud backup',
          body: 'Backups are saved as encrypted JSON or ZIP files to the place you choose. Records inside a backup stay encrypted, so wherever it is kept, its content cannot be read.',
          tech: 'File download · MyGenie server storage · WebDAV (Nextcloud, Synology…) · Google Drive · optional daily automatic backup',
        },
        {
          title: 'Safe restore',
          body: 'On a new device, load your backup and enter your master password to get your records back. A restore either completes in full or changes nothing, so a damaged or tampered backup never half-overwrites your data.',
          tech: 'Master password unlocks the data key · applied in one step only when every record is intact (all-or-nothing)',
        },
      ],
    },
    benefits: {
      title: 'What this means for you',
      items: [
        {
          title: 'A leak reveals nothing',
          body: 'The only records on our server are encrypted backups, so even if it were ever breached, the content of your records would stay hidden.',
        },
        {
          title: 'Anywhere, even offline',
          body: 'Check and update your schedule and diary on a plane or wherever the signal is weak.',
        },
        {
          title: 'Switch devices with ease',
          body: 'With a backup and your master password, you can pick up right where you left off on a new phone or computer.',
        },
        {
          title: 'Safe when you step away',
          body: 'MyGenie logs you out after the idle time you set (10 minutes by default), and sensitive sections stay locked behind the detail view password.',
        },
      ],
    },
    server: {
      title: 'What our server knows, and what it does not',
      calloutTitle: 'In plain words',
      intro:
        'Running accounts and sign-in needs a small amount of information on our server. Here is exactly what we keep and what we never see.',
      knowsTitle: 'What our server stores',
      knows: [
        'Your account e-mail address',
        'An argon2id hash of your account password (never the password itself)',
        'Sign-in sessions and device names (used for login notifications and new-device confirmation)',
        'Backups you choose to store with us (always encrypted)',
      ],
      neverTitle: 'What our server never sees',
      never: [
        'Your master password',
        'The data key that encrypts your records',
        'The content of your records: schedule, diary, personal information, documents, ledger and more',
      ],
      outro:
        'This is also why we cannot recover your records if you forget your master password. Keep it somewhere safe.',
      privacyBefore: 'To learn how we handle personal data, read our ',
      privacyLink: 'privacy policy',
      privacyAfter: '.',
    },
  },
);
