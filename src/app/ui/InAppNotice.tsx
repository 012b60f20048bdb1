// The in-app notice: what happens to the member's data, why the master password cannot be recovered, and
// guardian consent for minors. Shown on first run and in settings.
import { defineText, useText } from '../../client/text.js';

const noticeText = defineText(
  {
    title: 'MyGenie 이용 안내',
    privacy: {
      heading: '개인정보와 데이터',
      body: [
        '일정, 일기, 개인정보, 문서, 가계부는 이 기기 안에서 AES-GCM(256비트)으로 암호화되어 저장됩니다. 암호화되지 않은 내용은 MyGenie 서버로 전송되지 않습니다.',
        '백업은 내가 지정한 곳에 암호화된 상태로만 저장됩니다. 계정 정보(이메일)와 로그인 기록만 서버에 보관됩니다.',
      ],
    },
    master: {
      heading: '마스터 비밀번호',
      body: [
        '마스터 비밀번호는 서버에 전송되거나 저장되지 않습니다. 잊어버리면 MyGenie도 데이터를 복구할 수 없습니다.',
        '문자·숫자·기호를 섞은 16자 이상을 권장하며, 안전한 곳에 따로 적어 두세요. 다른 기기에서 로그인을 확인하거나 비밀번호를 재설정할 때도 필요합니다.',
      ],
    },
    minors: {
      heading: '미성년자 보호자 동의',
      body: [
        '나라마다 정한 나이(만 13세에서 16세 사이, 대한민국은 만 14세) 미만은 부모 등 법정대리인의 동의를 받아야 MyGenie를 이용할 수 있습니다.',
        '보호자는 고객지원으로 연락해 자녀의 계정 삭제를 요청할 수 있습니다.',
      ],
    },
  },
  {
    title: 'About using MyGenie',
    privacy: {
      heading: 'Your privacy and data',
      body: [
        'Your schedule, diary, personal info, documents and ledger are encrypted with AES-GCM (256-bit) on this device. Nothing unencrypted is sent to MyGenie’s servers.',
        'Backups are stored only encrypted, in the place you choose. Only your account (e-mail) and sign-in records are kept on our server.',
      ],
    },
    master: {
      heading: 'Your master password',
      body: [
        'Your master password is never sent to or stored on a server. If you forget it, not even MyGenie can recover your data.',
        'Use 16 or more characters mixing letters, digits and symbols, and write it down somewhere safe. You also need it to confirm a sign-in on another device and to reset your password.',
      ],
    },
    minors: {
      heading: 'Guardian consent for minors',
      body: [
        'Below the age set where you live (between 13 and 16 depending on the country; 14 in Korea), you need the consent of a parent or legal guardian to use MyGenie.',
        'A guardian can contact support to ask for their child’s account to be deleted.',
      ],
    },
  },
);

export function InAppNotice({ open = false }: { open?: boolean }) {
  const text = useText(noticeText);
  return (
    <details className="notice" open={open}>
      <summary>{text.title}</summary>
      {[text.privacy, text.master, text.minors].map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </details>
  );
}
