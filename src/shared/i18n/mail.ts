// The account mails' text, in Korean and English. Only the server sends mail, so this stays out of the site's
// catalogs (and its bundle).
import type { Language } from '../constants.js';
import type { Widen } from './index.js';

const ko = {
  footer: 'MyGenie · 이 메일은 발신 전용입니다.',
  ignore: '직접 요청하지 않았다면 이 메일을 무시하셔도 됩니다.',
  update: {
    subject: '[MyGenie] 새 버전 {{version}}이(가) 나왔습니다',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{name}} {{version}} 버전이 공개되었습니다. 아래 링크에서 내려받을 수 있습니다.',
    button: '다운로드 페이지로 가기',
    optOut: '업데이트 소식을 더 받고 싶지 않다면 이 링크를 여세요: {{link}}',
  },
  inquiryReceived: {
    subject: '[MyGenie] 문의를 받았습니다: {{subject}}',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '보내 주신 문의를 잘 받았습니다. 영업일 기준 3일 안에 이 주소로 답장을 드리겠습니다. 받은 내용은 아래와 같습니다.',
  },
  verify: {
    subject: '[MyGenie] 이메일 주소를 인증해 주세요',
    greeting: '안녕하세요, MyGenie입니다.',
    body: 'MyGenie에 가입해 주셔서 감사합니다. 아래 링크를 열어 이메일 주소({{email}})를 인증해 주세요. 링크는 24시간 동안 유효합니다.',
    button: '이메일 인증하기',
  },
  reset: {
    subject: '[MyGenie] 비밀번호 변경을 확인해 주세요',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{email}} 계정의 비밀번호 변경 요청을 받았습니다. 아래 링크를 열면 요청하신 새 비밀번호가 적용되고, 다른 기기의 로그인은 모두 종료됩니다. 링크는 1시간 동안 유효합니다.',
    button: '새 비밀번호 적용하기',
  },
};

const en: Widen<typeof ko> = {
  footer: 'MyGenie · This mailbox is not monitored.',
  ignore: 'If you did not ask for this, you can ignore this e-mail.',
  update: {
    subject: '[MyGenie] Version {{version}} is available',
    greeting: 'Hello from MyGenie.',
    body: '{{name}} version {{version}} has been released. You can download it from the link below.',
    button: 'Go to the download page',
    optOut: 'If you no longer want update e-mails, open this link: {{link}}',
  },
  inquiryReceived: {
    subject: '[MyGenie] We received your inquiry: {{subject}}',
    greeting: 'Hello from MyGenie.',
    body: 'Thank you for writing to us. We will answer at this address within 3 business days. This is what we received:',
  },
  verify: {
    subject: '[MyGenie] Please verify your e-mail address',
    greeting: 'Hello from MyGenie.',
    body: 'Thank you for joining MyGenie. Please open the link below to verify your e-mail address ({{email}}). The link is valid for 24 hours.',
    button: 'Verify e-mail',
  },
  reset: {
    subject: '[MyGenie] Please confirm your password change',
    greeting: 'Hello from MyGenie.',
    body: 'We received a request to change the password of the account {{email}}. Open the link below to apply the new password you chose; all other devices will be signed out. The link is valid for 1 hour.',
    button: 'Apply the new password',
  },
};

export type MailText = Widen<typeof ko>;
export const mailText: Record<Language, MailText> = { ko, en };
