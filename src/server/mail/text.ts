// The account mails' text, in Korean and English. Only the server sends mail, so it lives with the mailer,
// out of the shared catalogs (and the site's bundle).
import { defineText, type Widen } from '../../shared/text.js';

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
  invitation: {
    subject: '[MyGenie] 가입 초대가 도착했습니다',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{by}} 님이 이 주소({{email}})로 MyGenie에 가입하도록 초대했습니다. 아래 링크를 열어 이 주소로 가입하세요. 초대는 {{until}}까지 유효합니다.',
    button: '가입하기',
    ignore: '초대를 원하지 않았다면 이 메일을 무시하세요. 가입하지 않으면 아무 일도 일어나지 않습니다.',
  },
  spaceInvitation: {
    subject: '[MyGenie] 공유 공간에 초대되었습니다',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{by}} 님이 이 주소({{email}})를 MyGenie 공유 공간에 {{role}}로 초대했습니다. 초대는 {{until}}까지 유효합니다.',
    member: 'MyGenie 앱에 이 주소로 로그인하면 받은 초대에서 수락하거나 거절할 수 있습니다.',
    signUp: '이 주소로 MyGenie에 가입한 뒤 앱에서 초대를 수락하세요.',
    closed:
      '이 주소로 만든 MyGenie 계정이 아직 없고, 지금은 가입을 받지 않습니다. 초대를 받으려면 사이트 관리자에게 가입 초대를 부탁하세요.',
    openApp: 'MyGenie 앱 열기',
    signUpButton: '가입하기',
    roles: { editor: '편집할 수 있는 멤버', viewer: '보기만 하는 멤버' },
    ignore: '모르는 사람의 초대라면 이 메일을 무시하세요. 수락하지 않으면 아무 일도 일어나지 않습니다.',
  },
  verify: {
    subject: '[MyGenie] 이메일 주소를 인증해 주세요',
    greeting: '안녕하세요, MyGenie입니다.',
    body: 'MyGenie에 가입해 주셔서 감사합니다. 아래 링크를 열고 가입할 때 정한 비밀번호를 입력하면 이메일 주소({{email}})가 인증됩니다. 링크는 24시간 동안 유효합니다.',
    button: '이메일 인증하기',
    ignore:
      '직접 가입하지 않았다면 이 메일을 무시하세요. 인증되지 않은 계정은 아무것도 할 수 없고 7일 뒤 지워집니다. 이 주소로 직접 가입하면 그 계정을 대신합니다.',
  },
  reset: {
    subject: '[MyGenie] 비밀번호 변경을 확인해 주세요',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{email}} 계정의 비밀번호 변경 요청을 받았습니다. 아래 링크를 열고 요청할 때 정한 새 비밀번호를 한 번 더 입력하면 적용되고, 모든 기기의 로그인과 등록된 지문·얼굴 로그인이 종료됩니다. 링크를 여는 것만으로는 아무것도 바뀌지 않습니다. 링크는 1시간 동안 유효합니다.',
    button: '새 비밀번호 적용하기',
    ignore:
      '직접 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다. 링크에서 직접 새 비밀번호를 정할 수도 있습니다.',
  },
  forgot: {
    subject: '[MyGenie] 새 비밀번호를 정해 주세요',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{email}} 계정의 비밀번호 재설정 요청을 받았습니다. 아래 링크를 열어 새 비밀번호를 정하세요. 모든 기기의 로그인과 등록된 지문·얼굴 로그인이 종료됩니다. 앱의 데이터는 마스터 비밀번호로 따로 보호되므로 그대로입니다. 링크는 1시간 동안 유효합니다.',
    button: '새 비밀번호 정하기',
    ignore: '직접 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.',
  },
  passwordChanged: {
    subject: '[MyGenie] 비밀번호가 변경되었습니다',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{email}} 계정의 비밀번호가 {{time}}에 변경되었습니다(기기: {{device}}). 다른 기기의 로그인은 종료되었습니다.',
    passkeysRemoved: {
      one: '등록되어 있던 지문·얼굴 로그인 {{count}}개도 종료되었습니다. 필요하면 각 기기에서 다시 등록해 주세요.',
      other:
        '등록되어 있던 지문·얼굴 로그인 {{count}}개도 종료되었습니다. 필요하면 각 기기에서 다시 등록해 주세요.',
    },
    passkeys: '이 계정에 등록된 지문·얼굴 로그인: {{list}}. 모르는 것이 있다면 홈페이지에서 지우세요.',
    button: '새 비밀번호 정하기',
    after: '직접 바꾸지 않았다면 지금 바로 위 링크에서 새 비밀번호를 정하세요.',
  },
  signInCode: {
    subject: '[MyGenie] 새 기기 로그인 확인 코드',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{email}} 계정에 {{time}}에 새 기기({{device}})에서 로그인했습니다. 로그인한 화면에 아래 확인 코드를 입력하면 로그인이 완료됩니다. 코드는 {{minutes}}분 동안 유효합니다.',
    code: '확인 코드: {{code}}',
    after: '직접 로그인하지 않았다면 이 코드를 누구에게도 알려 주지 말고, 홈페이지에서 비밀번호를 바꾸세요.',
  },
  passkeyAdded: {
    subject: '[MyGenie] 지문·얼굴 로그인이 추가되었습니다',
    greeting: '안녕하세요, MyGenie입니다.',
    body: '{{email}} 계정에 {{time}}에 지문·얼굴 로그인이 추가되었습니다(기기: {{device}}).',
    button: 'MyGenie 열기',
    after: '직접 추가하지 않았다면 홈페이지에 로그인해 그 지문·얼굴 로그인을 지우고 비밀번호를 바꾸세요.',
  },
  devices: {
    'Mobile Device': '모바일 기기',
    'iOS Device': 'iOS 기기',
    'Windows PC': 'Windows PC',
    Mac: 'Mac',
    Desktop: '데스크톱',
  },
  timeZone: '(한국 시간)',
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
  invitation: {
    subject: '[MyGenie] You are invited to sign up',
    greeting: 'Hello from MyGenie.',
    body: '{{by}} invited this address ({{email}}) to sign up for MyGenie. Open the link below and sign up with this address. The invitation is good until {{until}}.',
    button: 'Sign up',
    ignore: 'If you did not expect this invitation, ignore this mail: nothing happens unless you sign up.',
  },
  spaceInvitation: {
    subject: '[MyGenie] You are invited to a shared space',
    greeting: 'Hello from MyGenie.',
    body: '{{by}} invited this address ({{email}}) to a shared space on MyGenie as {{role}}. The invitation is good until {{until}}.',
    member: 'Sign in to the MyGenie app with this address to accept or decline it among your invitations.',
    signUp: 'Sign up for MyGenie with this address, then accept the invitation in the app.',
    closed:
      'There is no MyGenie account with this address yet, and sign-ups are closed for now. To accept, ask the site administrators for an invitation to sign up.',
    openApp: 'Open the MyGenie app',
    signUpButton: 'Sign up',
    roles: { editor: 'a member who can edit', viewer: 'a member who can view' },
    ignore: 'If you do not know who invited you, ignore this mail: nothing happens unless you accept.',
  },
  verify: {
    subject: '[MyGenie] Please verify your e-mail address',
    greeting: 'Hello from MyGenie.',
    body: 'Thank you for joining MyGenie. Open the link below and enter the password you chose when signing up to verify your e-mail address ({{email}}). The link is valid for 24 hours.',
    button: 'Verify e-mail',
    ignore:
      'If you did not sign up, ignore this e-mail: an account that is not verified can do nothing and is removed after 7 days. Signing up with this address yourself replaces it.',
  },
  reset: {
    subject: '[MyGenie] Please confirm your password change',
    greeting: 'Hello from MyGenie.',
    body: 'We received a request to change the password of the account {{email}}. Open the link below and type the new password you chose once more to apply it; every device will be signed out and fingerprint / face logins removed. Opening the link alone changes nothing. The link is valid for 1 hour.',
    button: 'Apply the new password',
    ignore:
      'If you did not ask for this, ignore this e-mail and your password stays as it is. You can also set a password of your own at the link.',
  },
  forgot: {
    subject: '[MyGenie] Set a new password',
    greeting: 'Hello from MyGenie.',
    body: 'We received a request to reset the password of the account {{email}}. Open the link below to set a new password; every device will be signed out and fingerprint / face logins removed. Your app data stays as it is: it is protected by your master password. The link is valid for 1 hour.',
    button: 'Set a new password',
    ignore: 'If you did not ask for this, ignore this e-mail and your password stays as it is.',
  },
  passwordChanged: {
    subject: '[MyGenie] Your password was changed',
    greeting: 'Hello from MyGenie.',
    body: 'The password of the account {{email}} was changed at {{time}} (device: {{device}}). Other devices were signed out.',
    passkeysRemoved: {
      one: 'The fingerprint / face login registered was ended too; register it again on your device if you need it.',
      other:
        'The {{count}} fingerprint / face logins registered were ended too; register them again on your devices if you need them.',
    },
    passkeys:
      'Fingerprint / face logins registered on this account: {{list}}. If you do not recognise one, remove it on the website.',
    button: 'Set a new password',
    after: 'If you did not change it, set a new password at the link above right away.',
  },
  signInCode: {
    subject: '[MyGenie] Your code for a sign-in on a new device',
    greeting: 'Hello from MyGenie.',
    body: 'Someone signed in to the account {{email}} at {{time}} on a new device ({{device}}). To finish that sign-in, enter the code below on its screen. The code works for {{minutes}} minutes.',
    code: 'Code: {{code}}',
    after: 'If it was not you, do not give this code to anyone, and change your password on the website.',
  },
  passkeyAdded: {
    subject: '[MyGenie] A fingerprint / face login was added',
    greeting: 'Hello from MyGenie.',
    body: 'A fingerprint / face login was added to the account {{email}} at {{time}} (device: {{device}}).',
    button: 'Open MyGenie',
    after:
      'If you did not add it, log in on the website, remove that fingerprint / face login and change your password.',
  },
  devices: {
    'Mobile Device': 'mobile device',
    'iOS Device': 'iOS device',
    'Windows PC': 'Windows PC',
    Mac: 'Mac',
    Desktop: 'desktop',
  },
  timeZone: '(Korea time)',
};

export type MailText = Widen<typeof ko>;
export const mailText = defineText(ko, en);
