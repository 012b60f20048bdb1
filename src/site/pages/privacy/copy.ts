// Privacy policy (/privacy): Korean structured after the Personal Information Protection Act (개인정보 보호법,
// Article 30 items), English written for GDPR-style clarity. Both describe the same processing.
import {
  LEGAL_RESPONSE_DAYS,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  MASTER_PASSWORD_RECOMMENDED_LENGTH,
  PRIVACY_EMAIL,
  RESET_LINK_TTL_MS,
  SESSION_COOKIE,
  SESSION_IDLE_TTL_MS,
  VERIFY_LINK_TTL_MS,
} from '../../../shared/constants.js';
import { defineText } from '../../../client/text.js';

const MINUTE_MS = 60_000;
const SESSION_IDLE_DAYS = SESSION_IDLE_TTL_MS / (24 * 60 * MINUTE_MS);
const VERIFY_LINK_HOURS = VERIFY_LINK_TTL_MS / (60 * MINUTE_MS);
const RESET_LINK_MINUTES = RESET_LINK_TTL_MS / MINUTE_MS;
const LOGIN_FAILURE_MINUTES = LOGIN_FAILURE_WINDOW_MS / MINUTE_MS;

export const copy = defineText(
  {
    meta: {
      title: '개인정보처리방침 | MyGenie',
      description:
        'MyGenie가 처리하는 개인정보의 항목, 목적, 보유 기간과 여러분의 권리를 안내합니다. 일정·일기·문서 등 기록은 기기에서 AES-GCM으로 암호화되어 저희도 읽을 수 없습니다.',
    },
    hero: {
      eyebrow: '법적 고지',
      title: '개인정보처리방침',
      lead: '저희는 서비스에 꼭 필요한 정보만 처리합니다. 여러분의 기록은 여러분의 기기에서 암호화되므로 저희는 그 내용을 볼 수 없습니다.',
    },
    updatedLabel: '최종 수정일:',
    intro: [
      "MyGenie 팀(이하 '저희')은 MyGenie 웹사이트와 MyGenie 앱(이하 '서비스')을 이용하는 분들의 개인정보를 소중하게 다루며, 「개인정보 보호법」 등 대한민국의 관련 법령과 여러분이 거주하는 국가의 개인정보 보호 법령(유럽연합 일반개인정보보호규정(GDPR) 등)을 지킵니다.",
      '이 개인정보처리방침은 「개인정보 보호법」 제30조에 따라 저희가 어떤 개인정보를 어떤 목적으로 처리하는지, 얼마 동안 보관하는지, 여러분이 어떤 권리를 가지고 어떻게 행사할 수 있는지를 알려 드립니다.',
    ],
    contentsTitle: '목차',
    articles: [
      {
        title: '제1조 (개인정보의 처리 목적)',
        paragraphs: [
          '저희는 다음 목적을 위해서만 개인정보를 처리합니다. 처리하는 개인정보는 이 목적 이외의 용도로 이용하지 않으며, 목적이 바뀌면 「개인정보 보호법」 제18조에 따라 미리 알리고 필요한 경우 별도의 동의를 받습니다.',
        ],
        items: [
          '회원 가입과 계정 관리: 가입 의사 확인, 이메일 인증, 본인 확인, 로그인 상태 유지, 계정 비밀번호 변경, 탈퇴 처리',
          "로그인 보안: 새 기기 로그인 시 다른 기기에서 '본인이 맞나요?' 확인, 다른 기기로 로그인 알림 전송, 지문·얼굴 로그인(패스키), 자동 로그아웃, 무단 로그인 시도 차단",
          '서비스 제공: 공지사항과 프로그램 파일 다운로드, 오늘의 운세, 회원이 선택한 경우 암호화된 백업의 보관',
          '안내와 응대: 서비스·약관·이 방침의 변경 안내, 문의 답변, 권리 행사 요청 처리',
          '서비스 안정성 확보: 장애 대응, 부정 이용 방지, 개인을 식별하지 않는 이용 횟수 집계를 통한 서비스 개선',
        ],
        subsections: [
          {
            title: '처리의 법적 근거',
            items: [
              '계약의 이행(「개인정보 보호법」 제15조 제1항 제4호, GDPR 제6조 제1항 (b)): 계정, 이메일 인증, 로그인 세션, 회원이 요청한 백업 보관, 서비스 안내 메일',
              '정당한 이익(「개인정보 보호법」 제15조 제1항 제6호, GDPR 제6조 제1항 (f)): 로그인 보안, 시도 횟수 제한, 접속 기록, 이용 횟수 집계',
              '동의(「개인정보 보호법」 제15조 제1항 제1호, GDPR 제6조 제1항 (a)): 푸시 알림, 패스키 등록 — 언제든지 철회할 수 있습니다',
              '법령상 의무(「개인정보 보호법」 제15조 제1항 제2호, GDPR 제6조 제1항 (c)): 법령이 정한 기록의 보관과 적법한 요청에 대한 대응',
            ],
          },
        ],
      },
      {
        title: '제2조 (처리하는 개인정보의 항목)',
        paragraphs: [
          '저희는 서비스 제공에 필요한 최소한의 개인정보만 처리합니다. 항목은 처리 방식에 따라 다음과 같이 나뉩니다.',
        ],
        subsections: [
          {
            title: '여러분이 직접 제공하는 정보',
            items: [
              '이메일 주소(필수): 계정 식별, 인증 메일과 안내 메일 발송에 사용합니다.',
              '계정 비밀번호(필수): argon2id 방식의 해시로만 저장하며, 비밀번호 원문은 저장하지 않습니다.',
              '언어 설정(한국어 또는 영어): 메일을 여러분의 언어로 보내기 위해 사용합니다.',
              '저희 서버에 보관하기로 선택한 백업 파일과 그 이름, 크기, 저장 시각: 백업은 여러분의 기기에서 암호화된 상태로 전송되며, 저희는 그 내용을 읽을 수 없습니다.',
              '문의 메일로 보내 주신 내용과 회신받을 이메일 주소',
            ],
          },
          {
            title: '서비스 이용 과정에서 생성되는 정보',
            items: [
              '로그인 세션: 기기 식별자(브라우저에서 무작위로 만든 값), 기기 이름, 브라우저 정보(User-Agent), 로그인·마지막 사용·로그아웃 시각, 새 기기 승인 상태',
              '로그인 기록: 다른 기기로 로그인 알림을 보내기 위한 로그인 일시와 기기 정보',
              '패스키(지문·얼굴 로그인): 공개키, 자격 증명 ID, 등록·사용 시각. 지문이나 얼굴 같은 생체정보는 기기 밖으로 나오지 않으며 저희는 받지 않습니다.',
              '푸시 알림 구독 정보: 브라우저 푸시 서비스의 수신 주소와 암호화 키, 등록 시각, 기기 정보(브라우저 정보, 플랫폼, 언어)',
              '이용 횟수: 공지사항과 다운로드 파일별 이용 횟수',
              '접속 기록: IP 주소, 요청 일시, 요청한 주소와 처리 결과(서버 로그), 그리고 시도 횟수 제한에 쓰이는 IP 주소와 시각',
              `메일 링크 정보: 인증·비밀번호 변경 링크의 해시값, 만료 시각, 사용 여부(비밀번호 변경 링크는 링크를 열 때 적용할 새 비밀번호의 argon2id 해시를 함께 보관)`,
            ],
          },
          {
            title: '여러분의 기기에만 저장되는 정보',
            items: [
              '보관함: 일정, 메모(일기), 개인정보, 문서, 가계부, 기념일, 설정. 모든 기록은 저장하기 전에 여러분의 기기에서 AES-GCM 256비트로 암호화되어 브라우저의 IndexedDB에 저장되며, 여러분이 백업을 저희 서버에 보관하기로 선택한 경우를 제외하고는 저희 서버로 전송되지 않습니다.',
              'AI 키(선택): AI 운세를 위해 입력한 AI 서비스 키는 여러분의 브라우저에만 암호화해 저장되고 저희 서버로 보내지 않습니다. 키는 여러분이 고른 AI 서비스로만 전송됩니다.',
              '생년월일과 태어난 시간(선택): 사주와 별자리 운세를 위해 입력한 값은 여러분의 브라우저에만 암호화해 저장되고 저희 서버로 보내지 않습니다. 운세는 여러분의 기기에서 계산됩니다.',
            ],
          },
          {
            title: '저희가 수집하지 않는 정보',
            items: [
              '마스터 비밀번호: 기기 안에서만 쓰이며 저희 서버로 전송되지 않습니다. 따라서 저희는 마스터 비밀번호를 알 수도, 찾아 드릴 수도 없습니다.',
              '보관함의 데이터 키: 기기에서 무작위로 만들어지며 마스터 비밀번호로 보호된 상태로만 기기와 백업에 저장됩니다.',
              '일정, 메모(일기), 개인정보, 문서, 가계부 기록의 내용: 기기에서 AES-GCM으로 암호화되며, 저희 서버에 보관한 백업도 암호화된 상태 그대로여서 저희는 읽을 수 없습니다.',
              '상세 보기 비밀번호와 지문·얼굴 등 생체정보',
              '주민등록번호 등 고유식별정보와 민감정보. 저희는 이를 요구하지 않으며, 광고 식별자나 행태 추적 정보도 수집하지 않습니다.',
            ],
          },
        ],
      },
      {
        title: '제3조 (개인정보의 보유 기간과 파기)',
        paragraphs: [
          '저희는 처리 목적을 달성했거나 보유 기간이 끝난 개인정보를 지체 없이 파기합니다. 항목별 보유 기간은 다음과 같습니다.',
        ],
        items: [
          '계정 정보(이메일 주소, 비밀번호 해시, 언어 설정): 탈퇴(계정 삭제) 시까지',
          `로그인 세션: 로그아웃하거나 ${SESSION_IDLE_DAYS}일 동안 사용하지 않으면 만료됩니다. 로그인한 기기 확인과 로그인 알림에 쓰이는 세션 기록은 계정을 삭제할 때 함께 삭제합니다.`,
          `메일 링크: 이메일 인증 링크는 ${VERIFY_LINK_HOURS}시간, 비밀번호 변경 링크는 ${RESET_LINK_MINUTES}분이 지나면 만료되며, 한 번만 사용할 수 있습니다.`,
          '패스키와 푸시 알림 구독 정보: 여러분이 해제하거나 브라우저가 구독을 취소할 때, 또는 계정을 삭제할 때까지',
          '저희 서버에 보관한 백업: 여러분이 삭제하거나 계정을 삭제할 때까지',
          '시도 횟수 제한을 위한 IP 주소와 시각: 제한 기간(최대 1시간)이 지나면 자동으로 삭제',
          '접속 기록(서버 로그): 「통신비밀보호법」에 따라 3개월',
          '문의 메일: 답변을 마친 날부터 1년(같은 문의가 다시 올 때 정확하게 답변하기 위함)',
        ],
        after: [
          '다른 법령이 일정 기간 보관을 요구하는 경우에는 해당 정보를 다른 개인정보와 분리해 그 기간 동안만 보관하고, 그 목적 외에는 이용하지 않습니다.',
          '파기 절차와 방법: 탈퇴 요청을 받으면 계정 정보, 로그인 세션, 패스키, 푸시 알림 구독 정보, 저희 서버에 보관한 백업을 함께 삭제합니다. 전자적 파일은 복구할 수 없는 방법으로 삭제하고, 종이 문서는 분쇄하거나 소각합니다.',
          '여러분의 기기에 저장된 보관함은 저희가 지울 수 없으며, 계정을 삭제해도 기기에 남아 있습니다. 앱의 데이터 삭제 기능이나 브라우저의 사이트 데이터 삭제로 직접 지울 수 있습니다.',
        ],
      },
      {
        title: '제4조 (개인정보의 제3자 제공과 처리 위탁)',
        subsections: [
          {
            title: '제3자 제공',
            paragraphs: [
              '저희는 개인정보를 판매하거나 대여하지 않으며, 광고 목적으로 다른 곳에 제공하지 않습니다. 다음의 경우에만 개인정보를 제3자에게 제공합니다.',
            ],
            items: [
              '여러분이 제공 대상, 항목, 목적을 안내받고 미리 동의한 경우',
              '법률에 특별한 규정이 있거나 법령상 의무를 지키기 위해 불가피한 경우(예: 수사기관이 법령에 따른 절차로 요청한 경우)',
              '명백히 정보주체나 제3자의 급박한 생명, 신체, 재산의 이익을 위해 필요한 경우',
            ],
          },
          {
            title: '처리 위탁',
            paragraphs: ['저희는 서비스 제공을 위해 다음 업무를 외부 전문 업체에 맡기고 있습니다.'],
            items: [
              '이메일 발송 서비스 제공자: 인증 메일과 비밀번호 변경 확인 메일 발송(이메일 주소와 메일 내용)',
              '서버 호스팅(클라우드) 서비스 제공자: 웹사이트와 서버, 데이터베이스 운영, 저희 서버에 보관한 암호화된 백업의 저장',
            ],
            after: [
              '위탁 계약을 맺을 때 「개인정보 보호법」 제26조에 따라 위탁 업무 목적 외 처리 금지, 기술적·관리적 보호조치, 재위탁 제한, 관리·감독, 손해배상 책임 등을 문서로 정하고, 수탁자가 개인정보를 안전하게 처리하는지 감독합니다.',
              `수탁자의 명칭과 소재 국가는 이메일(${PRIVACY_EMAIL})로 요청하시면 지체 없이 알려 드립니다. 위탁 업무나 수탁자가 바뀌면 이 방침을 고쳐 알려 드립니다.`,
            ],
          },
          {
            title: '여러분이 선택해 이용하는 외부 서비스',
            items: [
              '웹 푸시: 로그인 알림은 여러분의 브라우저 제조사가 운영하는 푸시 서비스(예: Google, Apple, Mozilla, Microsoft)를 거쳐 전달되며, 알림 내용은 웹 푸시 표준에 따라 암호화됩니다.',
              'Google Drive와 WebDAV 드라이브(Nextcloud, Synology 등): 여러분이 백업 위치로 고른 경우에만, 암호화된 백업 파일이 그 드라이브에 저장됩니다.',
              'AI 서비스: 여러분이 자신의 AI 키로 AI 운세를 이용하는 경우, 그 AI 서비스가 요청을 처리합니다.',
            ],
            after: [
              '이 서비스들은 각자의 약관과 개인정보처리방침에 따라 운영됩니다. 이용하지 않으면 해당 서비스로는 어떤 정보도 전달되지 않습니다.',
            ],
          },
        ],
      },
      {
        title: '제5조 (개인정보의 국외 이전)',
        paragraphs: [
          '서비스는 국내외 이용자를 대상으로 하며, 서비스 운영을 위해 개인정보가 대한민국 밖에 있는 서버에서 처리되거나 국외 사업자에게 전송될 수 있습니다. 「개인정보 보호법」 제28조의8에 따라 다음 사항을 알려 드립니다.',
        ],
        items: [
          '이전되는 항목: 제2조의 정보 중 저희 서버에 저장되는 정보(이메일 주소, 비밀번호 해시, 로그인 세션·패스키·푸시 알림 구독 정보, 저희 서버에 보관한 암호화된 백업)와 메일 발송에 필요한 이메일 주소, 메일 내용',
          '이전받는 자와 국가: 제4조의 서버 호스팅 서비스 제공자와 이메일 발송 서비스 제공자가 데이터를 처리하는 국가, 웹 푸시는 브라우저 제조사의 푸시 서비스가 있는 국가(주로 미국)',
          '이전 시기와 방법: 서비스를 이용할 때마다 암호화된 통신(HTTPS)으로 전송',
          '이전 목적과 보유 기간: 제1조의 목적을 위해, 제3조의 기간 동안',
        ],
        after: [
          '국외로 개인정보를 보낼 때는 법령이 정한 보호조치를 지키고, 유럽경제지역(EEA)이나 영국의 회원 정보를 제3국으로 보낼 때는 적정성 결정이나 표준계약조항 등 GDPR이 인정하는 보호 수단을 사용합니다.',
          `국외 이전을 원하지 않으시면 이메일(${PRIVACY_EMAIL})로 알려 주세요. 푸시 알림과 Google Drive 백업은 사용하지 않는 것으로 언제든지 거부할 수 있습니다. 다만 계정 정보의 이전을 거부하시면 계정이 필요한 서비스를 이용하실 수 없어 탈퇴로 처리될 수 있습니다.`,
        ],
      },
      {
        title: '제6조 (개인정보의 안전성 확보 조치)',
        paragraphs: ['저희는 「개인정보 보호법」 제29조에 따라 다음과 같은 조치를 하고 있습니다.'],
        items: [
          '기기에서의 암호화: 보관함의 모든 기록은 저장하기 전에 여러분의 기기에서 AES-GCM 256비트로 암호화합니다. 무작위 256비트 데이터 키를 쓰고, 기록마다 무작위 솔트(HKDF 하위 키)와 12바이트 IV를 따로 씁니다.',
          '마스터 비밀번호 보호: 데이터 키는 마스터 비밀번호에서 PBKDF2-SHA256으로 유도한 키로 감싸 보관합니다. 반복 횟수는 기기에서 약 250~400밀리초가 걸리도록 조정되며 60만 회 아래로 내려가지 않습니다.',
          '계정 비밀번호 보호: 계정 비밀번호는 argon2id 해시로만 저장합니다.',
          '전송 구간 암호화: 웹사이트와 서버 사이의 모든 통신은 HTTPS로 암호화합니다.',
          '세션 보호: 로그인 세션은 자바스크립트로 읽을 수 없는 HttpOnly 쿠키에 담기며, 서버에는 세션 토큰의 해시만 저장합니다. 다른 사이트에서 보낸 변경 요청은 거부합니다.',
          `무단 로그인 방지: 로그인 실패(예: ${LOGIN_FAILURE_MINUTES}분 동안 ${LOGIN_FAILURE_LIMIT}회), 메일 발송, 가입 시도 횟수를 제한하고, 새 기기 로그인은 기존 기기에서 확인하며, 로그인 알림을 보냅니다.`,
          '접근 통제: 개인정보를 다루는 인원을 최소한으로 제한하고, 관리자 기능은 서버에서 권한을 확인하며, 접속 기록을 보관하고 점검합니다.',
          '관리적·물리적 조치: 내부 관리 계획을 세워 지키고, 출입이 통제되는 호스팅 사업자의 데이터센터에서 서버를 운영합니다.',
        ],
        after: [
          `인터넷과 기기의 보안은 완벽할 수 없으므로 여러분의 주의도 필요합니다. 마스터 비밀번호는 8자 이상으로 정하고(${MASTER_PASSWORD_RECOMMENDED_LENGTH}자 이상, 문자·숫자·기호 혼합 권장), 누구에게도 알려 주지 마세요. 저희는 어떤 경우에도 마스터 비밀번호를 묻지 않습니다.`,
        ],
      },
      {
        title: '제7조 (쿠키와 브라우저 저장소의 사용)',
        paragraphs: [
          '저희는 광고나 행태 추적을 위한 쿠키와 외부 분석 도구를 사용하지 않습니다. 서비스 운영에 꼭 필요한 다음 저장 장치만 사용합니다.',
        ],
        items: [
          `세션 쿠키(${SESSION_COOKIE}): 로그인 상태를 유지하는 필수 쿠키입니다. HttpOnly로 설정되어 자바스크립트로 읽을 수 없고, 로그아웃하거나 ${SESSION_IDLE_DAYS}일 동안 사용하지 않으면 효력을 잃습니다.`,
          '로컬 스토리지(localStorage): 언어와 화면 표시 설정(업데이트 안내 숨김, 요정 안내 음성 등), 이 브라우저를 구분하는 무작위 기기 식별자, 마스터 비밀번호를 확인하기 위한 검증값(비밀번호 자체가 아니라 PBKDF2로 유도한 값), 마지막으로 로그인한 회원의 이메일과 회원 번호, 운세를 위해 입력한 생년월일과 선택한 경우 AI 키(둘 다 암호화된 형태)를 저장합니다.',
          'IndexedDB: 암호화된 보관함과, 이 기기에서만 쓰이고 밖으로 꺼낼 수 없는 암호화 키(운세 정보를 잠그는 키)를 저장합니다.',
          '오프라인 캐시: 인터넷 연결 없이도 앱이 열리도록 앱 파일을 브라우저에 저장합니다. 개인정보는 들어 있지 않습니다.',
        ],
        after: [
          '브라우저 설정에서 쿠키를 차단하거나 사이트 데이터를 삭제할 수 있습니다(예: 브라우저의 설정 → 개인정보 보호 → 쿠키 및 사이트 데이터). 다만 세션 쿠키를 차단하면 로그인할 수 없고, 사이트 데이터를 삭제하면 기기에 저장된 보관함도 함께 지워집니다. 삭제하기 전에 반드시 백업해 주세요.',
        ],
      },
      {
        title: '제8조 (정보주체의 권리와 행사 방법)',
        paragraphs: ['여러분(만 14세 미만 아동은 법정대리인)은 언제든지 다음 권리를 행사할 수 있습니다.'],
        items: [
          '열람: 저희가 처리하는 여러분의 개인정보와 그 처리 현황을 확인하고 사본을 받을 권리',
          '정정: 잘못되었거나 불완전한 개인정보를 바로잡을 권리',
          '삭제: 개인정보의 삭제와 계정 삭제(탈퇴)를 요구할 권리',
          '처리 정지(처리 제한): 개인정보 처리의 정지나 제한을 요구할 권리',
          '전송 요구(개인정보 이동권): 여러분이 제공한 개인정보를 구조화된 기계 판독 형식으로 받거나 다른 곳으로 보내도록 요구할 권리',
          '이의 제기: 정당한 이익을 근거로 한 처리에 반대할 권리',
          '동의 철회: 푸시 알림, 패스키 등 동의에 근거한 처리에 대한 동의를 언제든지 철회할 권리(철회 전의 처리는 영향을 받지 않습니다)',
          '자동화된 결정에 대한 권리: 저희는 여러분에게 법적 효과나 중대한 영향을 미치는 완전히 자동화된 결정을 하지 않습니다.',
        ],
        after: [
          `행사 방법: 계정에 등록된 이메일 주소로 ${PRIVACY_EMAIL}에 요청 내용을 보내 주세요. 법정대리인이나 위임을 받은 사람을 통해서도 요청할 수 있으며, 이 경우 위임장을 함께 보내 주셔야 합니다.`,
          '본인 확인: 다른 사람이 여러분의 권리를 대신 행사하지 못하도록, 요청하신 분이 계정의 주인인지 계정 이메일로 확인할 수 있습니다.',
          `처리 기한: 요청을 받은 날부터 ${LEGAL_RESPONSE_DAYS}일 이내에 처리하고 결과를 알려 드립니다. 더 짧은 기한을 정한 법령이 적용되는 경우(예: 「개인정보 보호법」에 따른 열람, 정정·삭제, 처리정지 요구는 10일 이내)에는 그 기한을 따릅니다. 요청을 거절하거나 미뤄야 할 때는 그 이유와 이의를 제기하는 방법을 알려 드립니다.`,
          '다른 법령에서 수집 대상으로 정한 개인정보는 삭제를 요구할 수 없으며, 다른 사람의 생명·신체를 해치거나 재산과 그 밖의 이익을 부당하게 침해할 우려가 있는 경우 등 법령이 정한 경우에는 요청이 제한될 수 있습니다.',
          '보관함의 기록은 저희가 읽거나 꺼낼 수 없습니다. 앱에서 직접 열람하고 고치고 지울 수 있으며, 백업 기능으로 언제든지 파일로 내보낼 수 있습니다.',
        ],
      },
      {
        title: '제9조 (아동의 개인정보 보호)',
        items: [
          '대한민국에서는 만 14세 미만 아동의 개인정보를 처리하려면 법정대리인의 동의가 필요합니다(「개인정보 보호법」 제22조의2).',
          '다른 나라에서는 그 나라의 법이 정한 나이(GDPR이 적용되는 나라에서는 국가에 따라 만 13세에서 16세) 미만이면 보호자의 동의가 필요합니다.',
          `보호자의 동의가 필요한 나이라면 가입하기 전에 보호자가 이메일(${PRIVACY_EMAIL})로 연락해 주세요. 동의 확인에는 보호자의 이름과 연락처 등 꼭 필요한 정보만 사용하고, 확인이 끝나면 목적에 맞게 보관하거나 파기합니다.`,
          '필요한 동의 없이 계정이 만들어진 사실을 알게 되면 그 계정과 관련 정보를 지체 없이 삭제합니다.',
          '보호자는 아동의 개인정보에 대해 제8조의 권리를 행사할 수 있습니다.',
        ],
      },
      {
        title: '제10조 (개인정보 보호책임자)',
        paragraphs: [
          '저희는 개인정보 처리에 관한 업무를 총괄해서 책임지고, 개인정보와 관련한 문의, 불만 처리, 피해 구제를 담당하는 개인정보 보호책임자를 다음과 같이 지정하고 있습니다.',
        ],
        items: [
          '개인정보 보호책임자: MyGenie 팀',
          `연락처: ${PRIVACY_EMAIL}`,
          `개인정보 열람 청구 등 권리 행사 접수·처리: MyGenie 팀(${PRIVACY_EMAIL})`,
        ],
        after: ['개인정보와 관련한 문의나 불만을 보내 주시면 지체 없이 답변하고 처리해 드립니다.'],
      },
      {
        title: '제11조 (권익침해 구제 방법)',
        paragraphs: [
          '개인정보 침해로 인한 구제를 받기 위해 아래 기관에 분쟁 해결이나 상담을 신청할 수 있습니다. 이 기관들은 저희와 별개의 기관입니다.',
        ],
        items: [
          '개인정보분쟁조정위원회: (국번 없이) 1833-6972, www.kopico.go.kr',
          '개인정보침해신고센터(한국인터넷진흥원): (국번 없이) 118, privacy.kisa.or.kr',
          '대검찰청: (국번 없이) 1301, www.spo.go.kr',
          '경찰청: (국번 없이) 182, ecrm.police.go.kr',
        ],
        after: [
          '유럽경제지역(EEA), 영국 등 다른 나라에 사는 회원은 거주지, 근무지, 침해가 일어난 곳의 개인정보 감독기관에 민원을 제기할 수도 있습니다.',
        ],
      },
      {
        title: '제12조 (개인정보처리방침의 변경)',
        paragraphs: [
          '법령, 서비스 내용, 처리 방식이 바뀌면 이 방침을 고칠 수 있습니다. 고친 내용은 시행 7일 전부터 웹사이트 공지사항과 이 페이지에 알립니다.',
          '수집 항목의 추가, 제3자 제공, 이용 목적의 변경처럼 여러분의 권리에 중요한 영향을 주는 변경은 시행 30일 전부터 알리고, 필요한 경우 다시 동의를 받습니다.',
          `이전 버전의 개인정보처리방침은 이메일(${PRIVACY_EMAIL})로 요청하시면 보내 드립니다.`,
        ],
      },
    ],
    effective: { before: '이 개인정보처리방침은 ', after: '부터 시행합니다.' },
    related: { text: '서비스 이용 조건은 이용약관에서 확인하실 수 있습니다.', linkLabel: '이용약관 보기' },
  },
  {
    meta: {
      title: 'Privacy policy | MyGenie',
      description:
        'What personal data MyGenie processes, why, for how long, and your rights. Your records are encrypted on your device with AES-GCM: we cannot read them.',
    },
    hero: {
      eyebrow: 'Legal',
      title: 'Privacy policy',
      lead: 'We process only what the service needs. Your records are encrypted on your own device, so we cannot see what they say.',
    },
    updatedLabel: 'Last updated:',
    intro: [
      'The MyGenie team ("we", "us") runs the MyGenie website and the MyGenie app (together, the "service"). We treat the personal data of everyone who uses the service with care and comply with the laws of the Republic of Korea, including the Personal Information Protection Act (PIPA), and with the data protection laws of the country where you live, such as the EU General Data Protection Regulation (GDPR). We are the controller of the personal data described here.',
      'This policy explains what personal data we process and why, how long we keep it, and which rights you have and how to use them.',
    ],
    contentsTitle: 'Contents',
    articles: [
      {
        title: '1. Why we process personal data',
        paragraphs: [
          'We process personal data only for the purposes below and do not use it for anything else. If a purpose changes, we will tell you in advance and, where required, ask for your consent.',
        ],
        items: [
          'Creating and managing your account: confirming your sign-up, verifying your e-mail address, identifying you, keeping you signed in, changing your account password and closing your account.',
          'Keeping sign-ins safe: asking your other devices "is this you?" when a new device signs in, sending sign-in notifications to your other devices, fingerprint and face sign-in (passkeys), automatic sign-out, and blocking unauthorised sign-in attempts.',
          'Providing the service: notices and program downloads, the daily fortune, and, if you choose it, storing your encrypted backups.',
          'Keeping you informed and answering you: notices about changes to the service, the terms or this policy, replies to your questions, and handling requests to exercise your rights.',
          'Keeping the service reliable: fixing faults, preventing abuse, and improving the service through usage counts that do not identify anyone.',
        ],
        subsections: [
          {
            title: 'Legal bases',
            items: [
              'Performance of our contract with you (PIPA Article 15(1)(iv); GDPR Article 6(1)(b)): your account, e-mail verification, sign-in sessions, backups you ask us to store, and service e-mails.',
              'Legitimate interests (PIPA Article 15(1)(vi); GDPR Article 6(1)(f)): sign-in security, rate limits, access logs and usage counts.',
              'Consent (PIPA Article 15(1)(i); GDPR Article 6(1)(a)): push notifications and passkey registration. You can withdraw consent at any time.',
              'Legal obligations (PIPA Article 15(1)(ii); GDPR Article 6(1)(c)): keeping records the law requires and answering lawful requests.',
            ],
          },
        ],
      },
      {
        title: '2. What we collect, and what we do not',
        paragraphs: [
          'We process only the minimum personal data the service needs. It falls into the following groups.',
        ],
        subsections: [
          {
            title: 'Information you give us',
            items: [
              'E-mail address (required): identifies your account; we send verification and service e-mails to it.',
              'Account password (required): stored only as an argon2id hash. We never store the password itself.',
              'Language preference (Korean or English): so we can write to you in your language.',
              'Backups you choose to store with us, with their file name, size and time of saving: a backup is encrypted on your device before it is sent, and we cannot read its content.',
              'What you write to us in a support or privacy e-mail, and the address to reply to.',
            ],
          },
          {
            title: 'Information created when you use the service',
            items: [
              'Sign-in sessions: a device identifier (a random value created in your browser), device name, browser details (user agent), times of sign-in, last use and sign-out, and whether a new device was approved.',
              'Sign-in history: the time and device of each sign-in, used to notify your other devices.',
              'Passkeys (fingerprint and face sign-in): the public key, credential ID and times of registration and use. Biometric data such as your fingerprint or face never leaves your device, and we never receive it.',
              'Push subscription: the address and encryption keys of your browser’s push service, the time of registration, and device details (browser details, platform and language).',
              'Usage counts: how often each notice and each download file is used.',
              'Access logs: IP address, time of the request, the address requested and the result (server logs), and the IP addresses and times used for rate limits.',
              'E-mail link records: the hash of each verification or password-change link, its expiry and whether it was used (a password-change link also keeps the argon2id hash of the new password, applied when the link is opened).',
            ],
          },
          {
            title: 'Information kept only on your device',
            items: [
              'Your vault: schedule, memo (diary), personal information, documents, ledger, anniversaries and settings. Every record is encrypted on your device with AES-GCM-256 before it is stored in your browser’s IndexedDB, and it is never sent to our server unless you choose to store a backup with us.',
              'AI key (optional): a key for an AI service that you enter for the AI fortune is kept only in your browser, encrypted, and is never sent to our server. It goes only to the AI service you choose.',
              'Birth date and time (optional): what you enter for the saju and astrology readings is kept only in your browser, encrypted, and is never sent to our server. Your fortune is worked out on your device.',
            ],
          },
          {
            title: 'What we do not collect',
            items: [
              'Your master password: it is used only on your device and never sent to our server, so we cannot know it or recover it for you.',
              'Your vault’s data key: it is created at random on your device and stored, on the device and in backups, only in a form protected by your master password.',
              'The content of your schedule, memo (diary), personal information, documents and ledger records: it is encrypted on your device with AES-GCM, and backups stored with us stay encrypted, so we cannot read them.',
              'Your detail view password, and biometric data such as your fingerprint or face.',
              'National identification numbers or special categories of data. We never ask for them, and we do not collect advertising identifiers or tracking data.',
            ],
          },
        ],
      },
      {
        title: '3. How long we keep data, and how we delete it',
        paragraphs: [
          'We delete personal data without delay once its purpose has been met or its retention period has ended. The retention periods are:',
        ],
        items: [
          'Account data (e-mail address, password hash, language preference): until you delete your account.',
          `Sign-in sessions: a session ends when you sign out or after ${SESSION_IDLE_DAYS} days without use. The session records used to show your signed-in devices and to send sign-in notifications are deleted with your account.`,
          `E-mail links: verification links expire after ${VERIFY_LINK_HOURS} hours and password-change links after ${RESET_LINK_MINUTES} minutes; each link works only once.`,
          'Passkeys and push subscriptions: until you remove them, your browser cancels the subscription, or you delete your account.',
          'Backups stored with us: until you delete them or delete your account.',
          'IP addresses and times used for rate limits: deleted automatically once the limit window (at most one hour) has passed.',
          'Access logs (server logs): 3 months, as required by Korea’s Protection of Communications Secrets Act.',
          'Support e-mails: 1 year after we have answered, so we can answer accurately if the same question comes back.',
        ],
        after: [
          'Where another law requires us to keep information for a set period, we keep it separately from other personal data, only for that period, and for no other purpose.',
          'How we delete: when you ask to close your account, we delete your account data, sign-in sessions, passkeys, push subscriptions and the backups stored with us together. Electronic files are deleted so that they cannot be recovered; paper records are shredded or incinerated.',
          'We cannot delete the vault stored on your device, and it stays there after your account is deleted. You can delete it yourself with the app’s delete-data function or by clearing the site data in your browser.',
        ],
      },
      {
        title: '4. Sharing, third parties and processors',
        subsections: [
          {
            title: 'Sharing with third parties',
            paragraphs: [
              'We do not sell or rent personal data, and we do not share it with anyone for advertising. We share personal data with a third party only:',
            ],
            items: [
              'when you have been told who receives it, what and why, and have agreed in advance;',
              'when a law specifically requires it or it is unavoidable to meet a legal obligation (for example, a request from an investigating authority made through the procedure the law sets);',
              'when it is clearly needed to protect someone’s life, body or property from imminent danger.',
            ],
          },
          {
            title: 'Processors',
            paragraphs: ['We rely on the following specialist providers, who process data on our behalf:'],
            items: [
              'E-mail delivery provider: sends verification and password-change e-mails (e-mail address and the content of the e-mail).',
              'Server hosting (cloud) provider: runs the website, the server and the database, and stores the encrypted backups you keep with us.',
            ],
            after: [
              'Our contracts with processors require, as PIPA Article 26 and GDPR Article 28 set out, that they process data only for the task we give them, apply technical and organisational safeguards, do not pass the work on without our approval, accept our supervision and are liable for damage. We check that they handle personal data safely.',
              `Write to ${PRIVACY_EMAIL} and we will tell you without delay the names of our processors and the countries where they process data. If a processor or a task changes, we will update this policy.`,
            ],
          },
          {
            title: 'Outside services you choose to use',
            items: [
              'Web push: sign-in notifications are delivered through the push service run by your browser’s maker (for example Google, Apple, Mozilla or Microsoft), and their content is encrypted as the Web Push standard requires.',
              'Google Drive and WebDAV drives (Nextcloud, Synology and others): only if you choose them as a backup target, your encrypted backup files are stored on that drive.',
              'AI services: if you use the AI fortune with your own AI key, that AI service handles the request.',
            ],
            after: [
              'These services work under their own terms and privacy policies. If you do not use them, nothing is passed to them.',
            ],
          },
        ],
      },
      {
        title: '5. International transfers',
        paragraphs: [
          'The service is offered to people in Korea and abroad, so personal data may be processed on servers outside the Republic of Korea or sent to providers in other countries. As PIPA Article 28-8 requires, here are the details:',
        ],
        items: [
          'What is transferred: the data from section 2 that is kept on our server (e-mail address, password hash, sign-in session, passkey and push subscription data, and encrypted backups stored with us), and the e-mail address and content needed to send e-mails.',
          'Who receives it, and where: the hosting and e-mail delivery providers described in section 4, in the countries where they process data; for web push, the push service of your browser’s maker, mostly in the United States.',
          'When and how: whenever you use the service, over encrypted connections (HTTPS).',
          'Why, and for how long: for the purposes in section 1, for the periods in section 3.',
        ],
        after: [
          'We apply the safeguards the law requires to every transfer. When data of members in the European Economic Area or the United Kingdom goes to another country, we rely on a safeguard the GDPR recognises, such as an adequacy decision or standard contractual clauses.',
          `If you do not want your data transferred abroad, write to ${PRIVACY_EMAIL}. You can refuse push notifications and Google Drive backups at any time simply by not using them. If you refuse the transfer of your account data, however, we cannot provide the services that need an account, and your account may have to be closed.`,
        ],
      },
      {
        title: '6. How we keep data secure',
        paragraphs: ['We take the following measures, as PIPA Article 29 and GDPR Article 32 require:'],
        items: [
          'Encryption on your device: every vault record is encrypted on your device with AES-GCM-256 before it is stored, using a random 256-bit data key, with its own random salt (an HKDF sub-key) and a random 12-byte IV for each record.',
          'Protecting the master password: the data key is wrapped with a key derived from your master password by PBKDF2-SHA256, with the iteration count calibrated on your device to take about 250–400 ms and never below 600,000.',
          'Protecting account passwords: account passwords are stored only as argon2id hashes.',
          'Encryption in transit: all traffic between the website and our server is encrypted with HTTPS.',
          'Protecting sessions: your sign-in session lives in an HttpOnly cookie that scripts cannot read, and our server stores only a hash of the session token. Requests to change data that come from other sites are refused.',
          `Stopping unauthorised sign-ins: we limit failed sign-ins (for example ${LOGIN_FAILURE_LIMIT} in ${LOGIN_FAILURE_MINUTES} minutes), e-mails and sign-up attempts, ask your existing devices to confirm a new device, and send sign-in notifications.`,
          'Access control: as few people as possible handle personal data, admin functions are checked by the server, and access logs are kept and reviewed.',
          'Organisational and physical measures: we follow an internal data protection plan, and our servers run in the access-controlled data centres of our hosting provider.',
        ],
        after: [
          `No system connected to the internet is perfectly secure, so your care matters too. Choose a master password of at least 8 characters (${MASTER_PASSWORD_RECOMMENDED_LENGTH} or more, mixing letters, digits and symbols, is recommended) and never share it. We will never ask you for your master password.`,
        ],
      },
      {
        title: '7. Cookies and browser storage',
        paragraphs: [
          'We use no advertising or tracking cookies and no third-party analytics. We use only the following storage, which the service needs to work:',
        ],
        items: [
          `Session cookie (${SESSION_COOKIE}): a strictly necessary cookie that keeps you signed in. It is HttpOnly, so scripts cannot read it, and it stops working when you sign out or after ${SESSION_IDLE_DAYS} days without use.`,
          'Local storage (localStorage): your language and display preferences (such as a hidden update notice or the guide’s voice), a random device identifier that tells this browser apart, a check value for your master password (not the password itself but a value derived from it with PBKDF2), the e-mail and member number of the member who last signed in, and the birth date you enter for the fortune and, if you choose, your AI key (both encrypted).',
          'IndexedDB: your encrypted vault, and an encryption key that is used only on this device and cannot be read out of it (the key that locks your fortune details).',
          'Offline cache: the app’s files, kept in your browser so the app opens without a connection. It contains no personal data.',
        ],
        after: [
          'You can block cookies or clear site data in your browser’s settings (for example Settings → Privacy → Cookies and site data). If you block the session cookie you cannot sign in, and clearing site data also deletes the vault stored on your device, so always make a backup first.',
        ],
      },
      {
        title: '8. Your rights and how to use them',
        paragraphs: [
          'You (or, for a child under 14, the child’s legal guardian) can exercise the following rights at any time:',
        ],
        items: [
          'Access: to learn what personal data we process about you and how, and to receive a copy.',
          'Correction: to have inaccurate or incomplete data corrected.',
          'Deletion: to have your personal data erased and your account deleted.',
          'Restriction: to have the processing of your data suspended or restricted.',
          'Portability: to receive the data you gave us in a structured, machine-readable format, or have it sent elsewhere.',
          'Objection: to object to processing based on our legitimate interests.',
          'Withdrawing consent: to withdraw consent to processing based on it, such as push notifications or passkeys, at any time (processing before the withdrawal is not affected).',
          'Automated decisions: we do not make fully automated decisions that have legal or similarly significant effects on you.',
        ],
        after: [
          `How to ask: write to ${PRIVACY_EMAIL} from the e-mail address of your account. You can also ask through your legal guardian or someone you authorise, who must send the authorisation with the request.`,
          'Identity check: so that nobody else can use your rights, we may confirm through your account e-mail that the request comes from the account holder.',
          `How long it takes: we handle requests within ${LEGAL_RESPONSE_DAYS} days of receiving them and tell you the result. Where a law sets a shorter deadline (for example, 10 days under PIPA for access, correction, deletion and suspension requests), we meet that deadline. If we must refuse or delay a request, we tell you why and how you can challenge the decision.`,
          'Some limits apply: data that another law requires us to collect cannot be erased, and a request may be limited where the law allows, for example where it could harm another person’s life or body or unfairly harm their property or other interests.',
          'We cannot read or extract the records in your vault. You can view, correct and delete them yourself in the app, and export them to a file at any time with the backup function.',
        ],
      },
      {
        title: '9. Children',
        items: [
          'In Korea, processing the personal data of a child under 14 requires the consent of the child’s legal guardian (PIPA Article 22-2).',
          'In other countries, a guardian’s consent is needed below the age set by local law (between 13 and 16 in countries where the GDPR applies, depending on the country).',
          `If you are below that age, your guardian should write to ${PRIVACY_EMAIL} before you sign up. To confirm consent we use only what is necessary, such as the guardian’s name and contact details, and we keep or delete it according to that purpose.`,
          'If we learn that an account was created without the required consent, we delete the account and its data without delay.',
          'Guardians can exercise the rights in section 8 for their child’s data.',
        ],
      },
      {
        title: '10. Privacy officer',
        paragraphs: [
          'We have appointed a privacy officer who is responsible for all processing of personal data and who handles questions, complaints and remedies about personal data:',
        ],
        items: [
          'Privacy officer: the MyGenie team',
          `Contact: ${PRIVACY_EMAIL}`,
          `Requests for access and other rights are received and handled by: the MyGenie team (${PRIVACY_EMAIL})`,
        ],
        after: [
          'Send us any question or complaint about personal data and we will answer and act on it without delay.',
        ],
      },
      {
        title: '11. Complaints and remedies',
        paragraphs: [
          'If you believe your personal data has been misused, you can ask the following Korean bodies for dispute resolution or advice. They are independent of us.',
        ],
        items: [
          'Personal Information Dispute Mediation Committee: 1833-6972 (in Korea), www.kopico.go.kr',
          'Personal Information Infringement Report Center (Korea Internet & Security Agency): 118 (in Korea), privacy.kisa.or.kr',
          'Supreme Prosecutors’ Office: 1301 (in Korea), www.spo.go.kr',
          'Korean National Police Agency: 182 (in Korea), ecrm.police.go.kr',
        ],
        after: [
          'If you live in the European Economic Area, the United Kingdom or another country, you also have the right to complain to the data protection authority where you live or work, or where you believe the infringement took place.',
        ],
      },
      {
        title: '12. Changes to this policy',
        paragraphs: [
          'We may update this policy when the law, the service or the way we process data changes. We announce changes on the website’s notices and on this page at least 7 days before they take effect.',
          'Changes that significantly affect your rights, such as collecting new data, sharing with third parties or using data for a new purpose, are announced at least 30 days in advance, and we ask for your consent again where required.',
          `Write to ${PRIVACY_EMAIL} for earlier versions of this policy.`,
        ],
      },
    ],
    effective: { before: 'This privacy policy takes effect on ', after: '.' },
    related: {
      text: 'The conditions for using the service are set out in our terms of service.',
      linkLabel: 'Read the terms',
    },
  },
);
