// Terms of service (/terms): Korean in the usual 제n조 form of Korean terms, English in plain language with the
// same articles. Both state the same rules.
import {
  DETAIL_PASSWORD_DEFAULT,
  LEGAL_RESPONSE_DAYS,
  MASTER_PASSWORD_RECOMMENDED_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRIVACY_EMAIL,
  SUPPORT_EMAIL,
  VERIFY_LINK_TTL_MS,
} from '../../../shared/constants.js';
import { defineText } from '../../../client/text.js';

const VERIFY_LINK_HOURS = VERIFY_LINK_TTL_MS / 3_600_000;

export const copy = defineText(
  {
    meta: {
      title: '이용약관 | MyGenie',
      description:
        'MyGenie 웹사이트와 앱의 이용 조건, 회원의 권리와 의무, 마스터 비밀번호와 백업에 대한 책임, 계정 삭제와 분쟁 해결 방법을 정한 이용약관입니다.',
    },
    hero: {
      eyebrow: '법적 고지',
      title: '이용약관',
      lead: 'MyGenie를 이용하실 때 지켜야 할 약속과 운영자와 회원의 권리·의무를 정리했습니다. 특히 마스터 비밀번호와 백업에 관한 제7조를 꼭 읽어 주세요.',
    },
    updatedLabel: '최종 수정일:',
    intro: [
      "이 약관은 MyGenie 팀(이하 '운영자')이 제공하는 MyGenie 웹사이트와 MyGenie 앱을 이용하는 조건을 정합니다. 서비스를 이용하시기 전에 이 약관과 개인정보처리방침을 주의 깊게 읽어 주세요.",
    ],
    contentsTitle: '목차',
    articles: [
      {
        title: '제1조 (목적)',
        paragraphs: [
          '이 약관은 운영자가 제공하는 MyGenie 웹사이트, MyGenie 앱과 이에 딸린 서비스의 이용과 관련하여 운영자와 회원의 권리, 의무, 책임 사항과 이용 조건 및 절차를 정하는 것을 목적으로 합니다.',
        ],
      },
      {
        title: '제2조 (용어의 정의)',
        paragraphs: ['이 약관에서 쓰는 용어의 뜻은 다음과 같습니다.'],
        items: [
          "'서비스'란 운영자가 제공하는 MyGenie 웹사이트(회원 계정, 공지사항, 다운로드, 오늘의 운세 등)와 MyGenie 앱, 그리고 이에 딸린 모든 기능을 말합니다.",
          "'회원'이란 이 약관에 동의하고 이메일 인증을 마쳐 계정을 만든 사람을 말합니다.",
          "'앱'이란 웹 브라우저에서 실행되는 MyGenie 앱을 말합니다. 처음 방문한 뒤에는 인터넷 연결 없이도 동작하며, 데스크톱이나 홈 화면에 앱으로 설치할 수 있습니다.",
          "'보관함'이란 앱이 회원의 일정, 메모(일기), 개인정보, 문서, 가계부, 기념일, 설정을 회원의 기기에서 AES-GCM으로 암호화하여 저장하는 공간을 말합니다.",
          "'마스터 비밀번호'란 회원이 정하고 회원만 아는 비밀번호로, 보관함을 여는 열쇠를 보호하며 새 기기 로그인 확인과 잊어버린 계정 비밀번호의 변경에도 쓰입니다. 마스터 비밀번호는 운영자의 서버로 전송되지 않습니다.",
          `'상세 보기 비밀번호'란 일기, 개인정보, 문서, 가계부를 열 때 한 번 더 확인하는 두 번째 비밀번호를 말합니다. 처음 값은 ${DETAIL_PASSWORD_DEFAULT}이며, 앱을 처음 사용할 때 바꾸도록 안내합니다.`,
          "'백업'이란 보관함의 기록을 암호화된 상태 그대로 담은 JSON 또는 ZIP 파일을 말합니다. 회원이 고른 곳(내려받은 파일, 운영자 서버의 회원 저장 공간, WebDAV 드라이브, Google Drive)에 저장됩니다.",
          `'계정 비밀번호'란 웹사이트에 로그인할 때 쓰는 ${PASSWORD_MIN_LENGTH}자 이상의 비밀번호를 말하며, 마스터 비밀번호와는 다릅니다.`,
        ],
        after: ['이 약관에서 정하지 않은 용어는 관련 법령과 일반적인 관례에 따릅니다.'],
      },
      {
        title: '제3조 (약관의 게시, 효력과 변경)',
        paragraphs: [
          '운영자는 이 약관을 회원이 쉽게 볼 수 있도록 웹사이트에 게시합니다.',
          '운영자는 「약관의 규제에 관한 법률」 등 관련 법령을 위반하지 않는 범위에서 이 약관을 변경할 수 있습니다.',
          '약관을 변경할 때는 적용일, 변경 내용과 이유를 적용일 7일 전부터 웹사이트 공지사항에 알립니다. 회원에게 불리하거나 중요한 변경은 적용일 30일 전부터 공지하고 계정 이메일로도 따로 알립니다.',
          '회원은 변경된 약관에 동의하지 않으면 서비스 이용을 멈추고 탈퇴할 수 있습니다. 운영자가 위와 같이 알리면서 적용일까지 거부 의사를 밝히지 않으면 동의한 것으로 본다는 점을 분명히 안내했는데도 회원이 거부 의사를 밝히지 않으면, 변경된 약관에 동의한 것으로 봅니다.',
          '이 약관에서 정하지 않은 사항은 관련 법령과 개인정보처리방침에 따릅니다.',
        ],
      },
      {
        title: '제4조 (회원가입과 이메일 인증)',
        paragraphs: [
          `회원가입은 이메일 주소와 ${PASSWORD_MIN_LENGTH}자 이상의 계정 비밀번호를 입력하여 신청합니다. 신청하기 전에 이 약관과 개인정보처리방침을 확인해 주세요.`,
          `운영자는 신청한 이메일 주소로 인증 메일을 보냅니다. 회원이 메일의 인증 링크(${VERIFY_LINK_HOURS}시간 동안 유효)를 열어 인증을 마치면 이용계약이 성립합니다. 메일이 보이지 않으면 스팸함도 확인해 주세요.`,
          '운영자는 다음의 경우 가입을 승낙하지 않거나, 나중에 알게 된 경우 이용계약을 해지할 수 있습니다.',
        ],
        items: [
          '다른 사람의 이메일 주소를 도용하거나 거짓 정보로 신청한 경우',
          '이전에 이 약관 위반으로 이용계약이 해지된 적이 있는 경우(운영자가 재가입을 승낙한 경우는 제외)',
          '보호자의 동의가 필요한 미성년자가 동의 없이 신청한 경우',
          '자동화된 수단으로 대량으로 가입을 시도하는 등 서비스 운영을 방해하는 경우',
        ],
      },
      {
        title: '제5조 (운영자의 의무)',
        items: [
          '운영자는 관련 법령과 이 약관을 지키며, 서비스를 안정적으로 제공하기 위해 노력합니다.',
          '운영자는 개인정보처리방침에 따라 회원의 개인정보를 보호하며, 회원의 동의나 법령에 근거하지 않고는 개인정보를 다른 사람에게 제공하지 않습니다.',
          '운영자는 보관함의 기록이 회원의 기기에서 AES-GCM으로 암호화되도록 서비스를 설계하며, 회원의 마스터 비밀번호나 보관함의 데이터 키를 받거나 보관하지 않습니다.',
          `운영자는 회원의 의견이나 불만이 정당하다고 인정되면 지체 없이 처리하며, 회원의 요청은 받은 날부터 ${LEGAL_RESPONSE_DAYS}일 이내에 처리하고 결과를 알려 드립니다.`,
        ],
      },
      {
        title: '제6조 (회원의 의무)',
        paragraphs: ['회원은 다음 사항을 지켜야 합니다.'],
        items: [
          '마스터 비밀번호, 계정 비밀번호, 상세 보기 비밀번호를 비밀로 지키고 누구와도 공유하지 않습니다. 운영자는 어떤 경우에도 마스터 비밀번호를 묻지 않습니다.',
          '계정을 다른 사람에게 넘기거나 빌려주거나 팔지 않습니다.',
          '다른 사람의 이메일 주소나 개인정보를 도용하지 않습니다.',
          '서비스를 부정하게 이용하지 않습니다. 허락받지 않은 접근, 보안 기능의 우회, 취약점 악용, 지나친 자동 요청, 악성 코드 유포, 법령이 허용하는 범위를 넘는 역설계 등으로 서비스 운영을 방해해서는 안 됩니다.',
          '법령에 위반되는 내용이나 다른 사람의 권리를 침해하는 내용을 서비스를 이용해 저장하거나 전송하지 않습니다. 암호화되어 운영자가 볼 수 없는 기록에도 이 의무가 적용됩니다.',
          '운영자와 다른 사람의 지식재산권, 명예, 사생활을 침해하지 않습니다.',
          "다른 기기에서 '본인이 맞나요?'라는 확인 요청을 받았는데 본인이 아니라면 거절합니다.",
        ],
        after: [
          `계정이 도용되었다고 의심되면 바로 계정 비밀번호를 바꾸고 이메일(${SUPPORT_EMAIL})로 알려 주세요. 회원이 이 조를 어기면 운영자는 제14조에 따라 이용을 제한하거나 이용계약을 해지할 수 있습니다.`,
        ],
      },
      {
        title: '제7조 (마스터 비밀번호와 백업에 대한 회원의 책임)',
        paragraphs: [
          '보관함의 기록은 회원의 기기에서 AES-GCM으로 암호화되며, 이를 여는 마스터 비밀번호와 데이터 키는 운영자에게 전송되지 않습니다. 따라서 운영자는 회원의 기록을 읽을 수 없고, 마스터 비밀번호를 찾아 드리거나 암호화된 데이터를 복구해 드릴 수 없습니다.',
          '회원은 다음 사항을 스스로 책임집니다.',
        ],
        items: [
          `마스터 비밀번호를 잊지 않도록 안전하게 관리하는 일(8자 이상 필수, ${MASTER_PASSWORD_RECOMMENDED_LENGTH}자 이상으로 문자·숫자·기호를 섞는 것을 권장)`,
          '정기적으로 백업하고, 백업 파일과 백업을 저장한 곳(드라이브 계정 등)을 안전하게 관리하는 일. 앱의 하루 한 번 자동 백업 기능을 켤 수 있습니다.',
          '브라우저 데이터를 지우거나 기기를 초기화·교체하기 전에 최신 백업이 있는지 확인하는 일',
        ],
        after: [
          '마스터 비밀번호를 잊어버린 경우, 백업 없이 브라우저 저장소가 지워진 경우(사이트 데이터 삭제, 시크릿 모드 종료, 브라우저의 저장 공간 정리 등), 백업 없이 기기를 잃어버리거나 기기가 고장 난 경우에 생기는 데이터 손실은 누구도 복구할 수 없으며, 운영자의 고의나 과실이 없는 한 운영자는 책임을 지지 않습니다.',
          `상세 보기 비밀번호를 잊은 경우에는 백업한 뒤 이 기기의 데이터를 삭제하고, 다시 로그인해 마스터 비밀번호를 입력한 다음 백업을 복원하세요. 상세 보기 비밀번호가 ${DETAIL_PASSWORD_DEFAULT}으로 돌아오므로 새 비밀번호로 바꿔 주세요.`,
        ],
      },
      {
        title: '제8조 (서비스의 제공, 변경과 중단)',
        paragraphs: ['운영자는 회원에게 다음 서비스를 제공합니다.'],
        items: [
          '회원 계정: 가입, 로그인, 지문·얼굴 로그인(패스키), 로그인 알림, 새 기기 로그인 확인, 자동 로그아웃',
          'MyGenie 앱: 일정(양력·음력), 메모(일기), 개인정보, 문서, 가계부, 기념일, 설정과 백업·복원',
          '운영자 서버의 회원 저장 공간(용량 제한 있음)에 암호화된 백업 보관',
          '공지사항과 프로그램 파일 다운로드',
          '오늘의 운세(사주, 별자리, 타로, AI 운세)',
        ],
        after: [
          '서비스는 연중무휴 하루 24시간 제공하는 것을 원칙으로 합니다. 다만 설비의 점검·교체, 장애, 통신 두절, 천재지변 등 부득이한 경우에는 서비스를 일시 중단할 수 있습니다. 계획된 중단은 미리 공지하고, 미리 알 수 없었던 중단은 사후에 지체 없이 알립니다. 앱은 기기에서 동작하므로 서버가 중단되어도 기기에 저장된 기록은 계속 쓸 수 있습니다.',
          '운영자는 운영상·기술상 필요에 따라 서비스의 내용을 바꿀 수 있으며, 바뀌는 내용과 이유를 적용 7일 전(회원에게 불리한 경우 30일 전)부터 공지합니다.',
          '서비스 전체를 종료할 때는 종료일 30일 전까지 공지하고, 회원이 운영자 서버에 보관한 백업을 내려받을 수 있도록 충분한 기회를 드립니다.',
          '회원 개인에 대한 통지는 계정 이메일로, 회원 전체에 대한 통지는 7일 이상 웹사이트 공지사항에 게시하는 것으로 합니다.',
        ],
      },
      {
        title: '제9조 (유료 서비스)',
        paragraphs: [
          '현재 운영자가 제공하는 모든 서비스는 무료입니다.',
          '앞으로 유료 서비스를 도입하는 경우 요금, 결제 방법, 청약철회와 환불 조건을 미리 알리고, 회원이 명시적으로 동의한 경우에만 요금을 부과하며, 「전자상거래 등에서의 소비자보호에 관한 법률」 등 관련 법령을 따릅니다. 지금 무료인 기능을 유료로 바꾸는 경우에는 30일 전부터 공지합니다.',
          '회원이 AI 운세 등에서 자신의 키로 외부 서비스를 이용할 때 그 서비스가 부과하는 요금은 운영자의 요금이 아니며, 그 서비스의 약관에 따릅니다.',
        ],
      },
      {
        title: '제10조 (지식재산권)',
        items: [
          '서비스와 그 구성 요소(소프트웨어, 디자인, 글, 그림, 로고, 상표)에 대한 권리는 운영자 또는 정당한 권리자에게 있습니다. MyGenie에 관해서는 특허를 출원하였고, 프로그램(로컬 버전과 온라인·모바일 버전)의 저작권을 등록하였으며, 상표를 출원하였습니다.',
          '운영자는 회원에게 이 약관에 따라 서비스를 개인적·비상업적 목적으로 이용할 수 있는 양도할 수 없는 비독점적 권리를 드립니다.',
          '회원은 법령이 허용하는 경우를 제외하고 운영자의 사전 서면 동의 없이 서비스를 복제, 배포, 변경하거나 이를 바탕으로 2차적 저작물을 만들거나 상업적으로 이용할 수 없습니다.',
          '회원이 서비스에 작성하거나 저장한 기록과 파일에 대한 권리는 회원에게 있습니다. 운영자는 그 내용을 읽을 수 없으며, 회원이 요청한 보관 외의 목적으로 이용하지 않습니다.',
        ],
      },
      {
        title: '제11조 (프로그램 파일의 다운로드)',
        items: [
          '로그인한 회원은 공지사항·다운로드 페이지에서 운영자가 제공하는 프로그램 파일을 내려받을 수 있습니다.',
          '내려받은 프로그램은 회원이 개인적인 목적으로 설치하고 사용할 수 있으며, 다시 배포하거나 팔거나 변경하여 배포할 수 없습니다.',
          '프로그램은 MyGenie 공식 웹사이트에서만 내려받으세요. 다른 곳에서 받은 파일로 생긴 피해에 대해 운영자는 책임을 지지 않습니다.',
          '설치하거나 업데이트하기 전에 기기의 요구 사항을 확인하고, 보관함을 미리 백업해 주세요.',
        ],
      },
      {
        title: '제12조 (오늘의 운세)',
        items: [
          '운영자는 로그인한 회원에게 사주, 별자리, 타로, AI 운세를 제공합니다.',
          '오늘의 운세는 재미를 위한 오락 콘텐츠입니다. 사실이나 미래에 대한 예측이 아니며, 의료, 법률, 세무, 재무, 투자, 심리 상담 등 어떤 전문적인 조언도 아닙니다. 중요한 결정은 반드시 전문가와 상의하세요.',
          '회원이 운세 내용을 근거로 내린 판단과 그 결과에 대해 운영자는 책임을 지지 않습니다.',
          'AI 운세를 위해 입력한 AI 키는 회원의 브라우저에만 저장되며, 그 AI 서비스의 이용에는 해당 서비스의 약관이 적용됩니다.',
        ],
      },
      {
        title: '제13조 (책임의 제한)',
        paragraphs: [
          '운영자는 고의 또는 과실로 회원에게 손해를 입힌 경우 관련 법령에 따라 배상합니다.',
          '다만 운영자의 고의 또는 중대한 과실이 없는 한 다음 손해에 대해서는 책임을 지지 않습니다.',
        ],
        items: [
          '천재지변, 전쟁, 정전, 통신사업자의 장애 등 불가항력으로 생긴 손해',
          '마스터 비밀번호나 상세 보기 비밀번호를 잊거나 유출한 경우, 백업 없이 기기나 브라우저의 데이터를 잃은 경우 등 제7조에 해당하는 손해',
          '회원이 비밀번호를 공유하거나 이 약관을 어기는 등 회원의 책임 있는 사유로 생긴 손해',
          '회원이 선택한 외부 서비스(Google Drive, WebDAV 드라이브, 브라우저의 푸시 서비스, AI 서비스 등)의 장애나 정책으로 생긴 손해',
          '오늘의 운세 내용을 근거로 한 회원의 판단으로 생긴 손해',
          '회원 사이 또는 회원과 제3자 사이의 분쟁으로 생긴 손해',
        ],
        after: [
          '이 약관의 어떤 조항도 관련 법령상 배제할 수 없는 회원의 권리, 특히 회원이 거주하는 나라의 소비자 보호 법령이 보장하는 권리나 운영자의 책임을 제한하지 않습니다.',
        ],
      },
      {
        title: '제14조 (이용계약의 해지와 계정 삭제)',
        items: [
          `회원은 언제든지 계정 이메일 주소로 ${SUPPORT_EMAIL}에 탈퇴(계정 삭제)를 요청할 수 있습니다. 운영자는 본인 확인을 거쳐 요청을 받은 날부터 ${LEGAL_RESPONSE_DAYS}일 이내에 처리하고 결과를 알려 드립니다.`,
          '계정을 삭제하면 계정 정보, 로그인 세션, 패스키, 푸시 알림 구독 정보와 운영자 서버에 보관한 백업이 삭제되며 되살릴 수 없습니다. 필요한 백업은 미리 내려받아 주세요.',
          '회원 기기의 보관함은 계정을 삭제해도 지워지지 않습니다. 앱의 데이터 삭제 기능이나 브라우저의 사이트 데이터 삭제로 직접 지울 수 있습니다.',
          '운영자는 회원이 제6조의 의무를 어기거나 법령을 위반한 경우 서비스 이용을 제한하거나 이용계약을 해지할 수 있습니다. 이때 미리 이유를 알리고 소명할 기회를 드리며, 긴급한 경우에는 조치 후 지체 없이 알립니다. 회원은 이 조치에 대해 이의를 제기할 수 있습니다.',
        ],
      },
      {
        title: '제15조 (미성년자)',
        items: [
          '대한민국에서 만 14세 미만인 분은 법정대리인(보호자)의 동의를 받아야 가입할 수 있습니다.',
          '다른 나라에 사는 분은 그 나라의 법이 정한 나이(국가에 따라 만 13세에서 16세) 미만이면 보호자의 동의를 받아야 가입할 수 있습니다.',
          `필요한 동의 없이 가입한 사실이 확인되면 운영자는 계정을 삭제할 수 있으며, 보호자는 이메일(${SUPPORT_EMAIL})로 자녀 계정의 확인이나 삭제를 요청할 수 있습니다.`,
        ],
      },
      {
        title: '제16조 (준거법과 재판관할)',
        items: [
          '이 약관과 서비스 이용에는 대한민국 법률이 적용됩니다.',
          '운영자와 회원은 서비스와 관련한 분쟁을 원만하게 해결하기 위해 성실하게 협의합니다.',
          '협의로 해결되지 않아 대한민국에 주소를 둔 회원과 소송이 제기되는 경우 서울중앙지방법원을 제1심 관할 법원으로 합니다. 다만 관련 법령이 회원의 주소지 등 다른 법원을 관할 법원으로 정하고 있는 경우에는 그에 따릅니다.',
          '다른 나라에 사는 회원에게는 그 나라의 소비자 보호 법령이 보장하는 강행적 보호와 거주지 법원에 소송을 제기할 권리가 그대로 유지됩니다.',
        ],
      },
      {
        title: '제17조 (문의)',
        items: [
          '운영자: MyGenie 팀',
          `서비스 문의(기술 지원, 오류 신고, 기능 제안, 일반 문의)와 탈퇴 요청: ${SUPPORT_EMAIL}`,
          `개인정보 관련 문의와 권리 행사: ${PRIVACY_EMAIL}`,
        ],
        after: [
          `보내 주신 문의에는 지체 없이 답변하며, 요청은 받은 날부터 ${LEGAL_RESPONSE_DAYS}일 이내에 처리합니다.`,
        ],
      },
      { title: '부칙' },
    ],
    effective: { before: '이 약관은 ', after: '부터 시행합니다.' },
    related: {
      text: '개인정보를 어떻게 처리하는지는 개인정보처리방침에서 확인하실 수 있습니다.',
      linkLabel: '개인정보처리방침 보기',
    },
  },
  {
    meta: {
      title: 'Terms of service | MyGenie',
      description:
        'Terms for using the MyGenie website and app: members’ rights and duties, the master password and backups, account deletion and disputes.',
    },
    hero: {
      eyebrow: 'Legal',
      title: 'Terms of service',
      lead: 'The rules for using MyGenie, and the rights and duties of the operator and members. Please read Article 7, on your master password and backups, with particular care.',
    },
    updatedLabel: 'Last updated:',
    intro: [
      'These terms set the conditions for using the MyGenie website and the MyGenie app provided by the MyGenie team (the "operator", "we"). Please read them and our privacy policy carefully before you use the service.',
    ],
    contentsTitle: 'Contents',
    articles: [
      {
        title: 'Article 1. Purpose',
        paragraphs: [
          'These terms set out the rights, duties and responsibilities of the operator and members, and the conditions and procedures for using the MyGenie website, the MyGenie app and the related services the operator provides.',
        ],
      },
      {
        title: 'Article 2. Definitions',
        paragraphs: ['In these terms:'],
        items: [
          '"Service" means the MyGenie website (member accounts, notices, downloads, the daily fortune and so on), the MyGenie app, and every feature that comes with them.',
          '"Member" means a person who has agreed to these terms, verified their e-mail address and created an account.',
          '"App" means the MyGenie app that runs in a web browser. After the first visit it works without an internet connection, and it can be installed as a desktop or home-screen app.',
          '"Vault" means the space where the app stores a member’s schedule, memo (diary), personal information, documents, ledger, anniversaries and settings, encrypted with AES-GCM on the member’s device.',
          '"Master password" means the password that the member chooses and only the member knows. It protects the key that opens the vault, and it is also used to confirm sign-ins on new devices and to change a forgotten account password. It is never sent to the operator’s server.',
          `"Detail view password" means a second password that is checked again before the diary, personal information, documents and ledger open. It starts as ${DETAIL_PASSWORD_DEFAULT}, and the app asks the member to change it on first use.`,
          '"Backup" means a JSON or ZIP file holding the vault’s records, still encrypted. It is saved where the member chooses: a downloaded file, the member’s storage on the operator’s server, a WebDAV drive or Google Drive.',
          `"Account password" means the password of at least ${PASSWORD_MIN_LENGTH} characters used to sign in to the website. It is not the master password.`,
        ],
        after: ['Terms not defined here have the meaning given by the relevant laws and common usage.'],
      },
      {
        title: 'Article 3. These terms and changes to them',
        paragraphs: [
          'We publish these terms on the website where members can easily read them.',
          'We may change these terms within the limits of the relevant laws, including Korea’s Act on the Regulation of Terms and Conditions.',
          'When we change the terms, we announce the effective date, the changes and the reasons on the website’s notices at least 7 days before they take effect. Changes that are unfavourable to members or significant are announced at least 30 days in advance and also sent to each member’s account e-mail.',
          'If you do not agree to the changed terms, you may stop using the service and close your account. If we told you clearly, as above, that not objecting before the effective date counts as agreement, and you do not object, you are treated as agreeing to the changed terms.',
          'Matters these terms do not cover are governed by the relevant laws and our privacy policy.',
        ],
      },
      {
        title: 'Article 4. Sign-up and e-mail verification',
        paragraphs: [
          `To sign up, you enter your e-mail address and an account password of at least ${PASSWORD_MIN_LENGTH} characters. Please read these terms and the privacy policy before you do.`,
          `We send a verification e-mail to that address. The agreement between you and us is formed when you open the verification link in it (valid for ${VERIFY_LINK_HOURS} hours). If the e-mail does not arrive, please check your spam folder.`,
          'We may decline a sign-up, or end the agreement if we find out later, when:',
        ],
        items: [
          'someone else’s e-mail address or false information was used;',
          'the applicant’s agreement was previously ended for breaking these terms (unless we have agreed to a new sign-up);',
          'a minor who needs a guardian’s consent applied without it;',
          'the sign-up disrupts the service, for example mass sign-ups by automated means.',
        ],
      },
      {
        title: 'Article 5. Our obligations',
        items: [
          'We comply with the relevant laws and these terms and do our best to provide the service reliably.',
          'We protect members’ personal data as our privacy policy describes, and never give it to others without the member’s consent or a legal basis.',
          'We design the service so that the vault’s records are encrypted with AES-GCM on the member’s device, and we never receive or keep a member’s master password or the vault’s data key.',
          `We deal promptly with members’ opinions and complaints that we find justified, and we handle members’ requests within ${LEGAL_RESPONSE_DAYS} days of receiving them and tell them the result.`,
        ],
      },
      {
        title: 'Article 6. Members’ obligations',
        paragraphs: ['As a member, you agree to the following:'],
        items: [
          'Keep your master password, account password and detail view password secret and share them with no one. We will never ask you for your master password.',
          'Do not transfer, lend or sell your account to anyone.',
          'Do not use anyone else’s e-mail address or personal data.',
          'Do not misuse the service: no unauthorised access, bypassing of security features, exploiting of vulnerabilities, excessive automated requests, spreading of malicious code, or reverse engineering beyond what the law permits, and nothing else that disrupts the service.',
          'Do not store or send, through the service, content that breaks the law or infringes the rights of others. This applies to records that are encrypted and that we cannot see, too.',
          'Do not infringe the intellectual property, reputation or privacy of the operator or anyone else.',
          'If another device asks "is this you?" and it is not you, refuse.',
        ],
        after: [
          `If you think your account has been misused, change your account password at once and tell us at ${SUPPORT_EMAIL}. If you break this article, we may restrict your use or end the agreement under Article 14.`,
        ],
      },
      {
        title: 'Article 7. Your responsibility for the master password and backups',
        paragraphs: [
          'The records in your vault are encrypted with AES-GCM on your device, and neither the master password nor the data key that opens them is ever sent to us. This means we cannot read your records, recover your master password, or restore encrypted data for you.',
          'You are responsible for:',
        ],
        items: [
          `keeping your master password safe so you do not forget it (at least 8 characters are required; ${MASTER_PASSWORD_RECOMMENDED_LENGTH} or more, mixing letters, digits and symbols, is recommended);`,
          'making backups regularly and keeping the backup files, and wherever you store them (such as your drive account), safe. You can turn on the app’s daily automatic backup;',
          'checking that you have a recent backup before you clear browser data or reset or replace your device.',
        ],
        after: [
          'Data lost because the master password was forgotten, because browser storage was cleared without a backup (clearing site data, closing a private window, the browser clearing storage, and so on), or because a device was lost or broke without a backup cannot be recovered by anyone, and we are not liable for it unless we acted intentionally or negligently.',
          `If you forget your detail view password, make a backup, delete this device’s data, sign in again, enter your master password and restore the backup. The detail view password returns to ${DETAIL_PASSWORD_DEFAULT}, so set a new one.`,
        ],
      },
      {
        title: 'Article 8. The service, and changes and interruptions',
        paragraphs: ['We provide members with:'],
        items: [
          'member accounts: sign-up, sign-in, fingerprint and face sign-in (passkeys), sign-in notifications, confirmation of sign-ins on new devices, and automatic sign-out;',
          'the MyGenie app: schedule (solar and lunar calendars), memo (diary), personal information, documents, ledger, anniversaries, settings, and backup and restore;',
          'storage of encrypted backups in the member’s space on our server (with a quota);',
          'notices and program downloads;',
          'the daily fortune (saju, astrology, tarot and an AI fortune).',
        ],
        after: [
          'We aim to run the service 24 hours a day, all year round. We may suspend it temporarily for maintenance or replacement of equipment, faults, loss of connectivity, natural disasters or other unavoidable reasons. Planned interruptions are announced in advance, and unforeseen ones are explained promptly afterwards. Because the app runs on your device, you can keep using the records stored there even while our server is down.',
          'We may change the service for operational or technical reasons, and we announce what changes and why at least 7 days in advance (30 days if the change is unfavourable to members).',
          'If we end the whole service, we announce it at least 30 days before the end date and give members ample opportunity to download the backups they stored on our server.',
          'We notify an individual member by their account e-mail, and all members by posting on the website’s notices for at least 7 days.',
        ],
      },
      {
        title: 'Article 9. Paid services',
        paragraphs: [
          'All services we provide are currently free of charge.',
          'If we introduce paid services, we will tell you the price, payment methods and cancellation and refund conditions in advance, charge only with your explicit agreement, and comply with the relevant laws, including Korea’s Act on the Consumer Protection in Electronic Commerce. If a feature that is free today becomes paid, we will announce it at least 30 days in advance.',
          'When you use an outside service with your own key, for example for the AI fortune, any charge that service makes is not ours and is governed by its own terms.',
        ],
      },
      {
        title: 'Article 10. Intellectual property',
        items: [
          'The rights in the service and its parts (software, design, text, images, logos and trademarks) belong to the operator or their rightful owners. For MyGenie, a patent application has been filed, the copyright in the program (the local version and the online and mobile versions) has been registered, and a trademark application has been filed.',
          'We grant you a personal, non-exclusive, non-transferable right to use the service for non-commercial purposes under these terms.',
          'Except as the law permits, you may not copy, distribute or modify the service, create derivative works from it, or use it commercially without our prior written consent.',
          'The records and files you create or store in the service belong to you. We cannot read their content and use them for nothing other than the storage you ask for.',
        ],
      },
      {
        title: 'Article 11. Program downloads',
        items: [
          'Signed-in members can download the program files we provide from the notices and downloads page.',
          'You may install and use a downloaded program for your own personal purposes; you may not redistribute it, sell it, or distribute modified versions.',
          'Download the program only from the official MyGenie website. We are not liable for damage caused by files obtained anywhere else.',
          'Before installing or updating, check your device’s requirements and back up your vault.',
        ],
      },
      {
        title: 'Article 12. The daily fortune',
        items: [
          'We offer signed-in members saju, astrology, tarot and AI fortunes.',
          'The daily fortune is entertainment. It is not a statement of fact or a prediction of the future, and it is not medical, legal, tax, financial, investment, psychological or any other professional advice. Always consult a qualified professional about important decisions.',
          'We are not responsible for decisions you make based on a fortune, or for their results.',
          'An AI key you enter for the AI fortune is kept only in your browser, and your use of that AI service is governed by its own terms.',
        ],
      },
      {
        title: 'Article 13. Limitation of liability',
        paragraphs: [
          'We compensate members, as the relevant laws provide, for damage we cause intentionally or negligently.',
          'Unless we acted intentionally or with gross negligence, however, we are not liable for damage caused by:',
        ],
        items: [
          'force majeure, such as natural disasters, war, power cuts or failures of telecommunications providers;',
          'the situations in Article 7, such as a forgotten or disclosed master password or detail view password, or device or browser data lost without a backup;',
          'reasons for which the member is responsible, such as sharing passwords or breaking these terms;',
          'faults or policies of outside services the member chose (Google Drive, WebDAV drives, the browser’s push service, AI services and so on);',
          'decisions the member makes based on the content of the daily fortune;',
          'disputes between members, or between a member and a third party.',
        ],
        after: [
          'Nothing in these terms limits any right of a member or any liability of ours that the law does not allow to be excluded, in particular the rights guaranteed by the consumer protection laws of the country where the member lives.',
        ],
      },
      {
        title: 'Article 14. Ending the agreement and deleting your account',
        items: [
          `You can ask us at any time to close your account by writing to ${SUPPORT_EMAIL} from your account’s e-mail address. After confirming it is you, we handle the request within ${LEGAL_RESPONSE_DAYS} days of receiving it and tell you the result.`,
          'Deleting your account deletes your account data, sign-in sessions, passkeys, push subscriptions and the backups stored on our server, and they cannot be brought back. Please download any backups you need first.',
          'The vault on your device is not deleted with your account. You can delete it yourself with the app’s delete-data function or by clearing the site data in your browser.',
          'If a member breaks the obligations in Article 6 or the law, we may restrict their use of the service or end the agreement. We tell the member the reason in advance and give them a chance to explain; in urgent cases we act first and tell them without delay. The member may object to the decision.',
        ],
      },
      {
        title: 'Article 15. Minors',
        items: [
          'In Korea, anyone under 14 needs the consent of a legal guardian to sign up.',
          'In other countries, anyone below the age set by local law (between 13 and 16, depending on the country) needs a guardian’s consent to sign up.',
          `If we find that someone signed up without the required consent, we may delete the account. A guardian can ask us at ${SUPPORT_EMAIL} to check or delete their child’s account.`,
        ],
      },
      {
        title: 'Article 16. Governing law and jurisdiction',
        items: [
          'These terms and the use of the service are governed by the laws of the Republic of Korea.',
          'The operator and members will negotiate in good faith to settle any dispute about the service amicably.',
          'If a dispute cannot be settled and a lawsuit involves a member whose address is in Korea, the Seoul Central District Court is the court of first instance. Where the law assigns another court, such as the court of the member’s address, that court has jurisdiction.',
          'Members who live in other countries keep the mandatory protection of their country’s consumer protection laws and the right to bring a claim before the courts where they live.',
        ],
      },
      {
        title: 'Article 17. Contact',
        items: [
          'Operator: the MyGenie team',
          `Questions about the service (technical support, bug reports, feature suggestions, general questions) and account deletion: ${SUPPORT_EMAIL}`,
          `Questions about personal data and privacy rights: ${PRIVACY_EMAIL}`,
        ],
        after: [
          `We answer promptly and handle requests within ${LEGAL_RESPONSE_DAYS} days of receiving them.`,
        ],
      },
      { title: 'Effective date' },
    ],
    effective: { before: 'These terms take effect on ', after: '.' },
    related: {
      text: 'How we handle personal data is explained in our privacy policy.',
      linkLabel: 'Read the privacy policy',
    },
  },
);
