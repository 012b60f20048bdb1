// The pages a mail's link opens: verifying an address, setting a new password (AuthActionPage), and the way
// home from them and from the unsubscribe page. Loaded with those pages, not with every page.
import { defineText } from '../../client/text.js';

export const actionText = defineText(
  {
    title: '이메일 확인',
    working: '링크를 확인하는 중입니다…',
    verifyLead: '{{email}} 주소를 인증하려면 가입할 때 정한 비밀번호를 입력하세요.',
    verifyNotYou:
      '직접 가입하지 않았다면 이 페이지를 닫으세요. 그 비밀번호 없이는 아무 일도 일어나지 않으며, 이 주소로 직접 가입하면 그 계정을 대신합니다.',
    verifySubmit: '이메일 인증하기',
    verified: '이메일 인증이 완료되었습니다. 이제 로그인할 수 있습니다.',
    verifiedSignedIn: '이메일 인증이 완료되어 로그인했습니다.',
    chosenLead: '{{email}} 계정의 비밀번호를 바꾸려면 요청할 때 정한 새 비밀번호를 입력하세요.',
    chosenLabel: '요청할 때 정한 새 비밀번호',
    chosenSubmit: '새 비밀번호 적용하기',
    chooseInstead: '여기서 정한 적이 없어요 — 대신 새 비밀번호 정하기',
    freshLead: '{{email}} 계정의 새 비밀번호를 정하세요.',
    freshSubmit: '새 비밀번호 저장',
    resetEffects: '모든 기기의 로그인과 지문·얼굴 로그인이 종료됩니다. 앱의 데이터는 그대로입니다.',
    passwordChanged:
      '새 비밀번호가 적용되었습니다. 새 비밀번호로 로그인해 주세요.\n모든 기기의 로그인이 종료되었습니다.',
    passkeysRemoved: {
      one: '지문·얼굴 로그인 {{count}}개가 지워졌습니다. 필요한 기기에서 다시 등록해 주세요.',
      other: '지문·얼굴 로그인 {{count}}개가 지워졌습니다. 필요한 기기에서 다시 등록해 주세요.',
    },
    missing: '링크에 필요한 정보가 없습니다. 메일의 링크를 그대로 열어 주세요.',
    login: '로그인하기',
    home: '홈으로',
  },
  {
    title: 'E-mail confirmation',
    working: 'Checking your link…',
    verifyLead: 'To verify {{email}}, enter the password you chose when you signed up.',
    verifyNotYou:
      'Did not sign up? Then ignore this page: without that password nothing happens, and signing up with this address yourself replaces the account.',
    verifySubmit: 'Verify e-mail',
    verified: 'Your e-mail address is verified. You can log in now.',
    verifiedSignedIn: 'Your e-mail address is verified and you are logged in.',
    chosenLead: 'To change the password of {{email}}, type the new password you chose when you asked for it.',
    chosenLabel: 'The new password you chose',
    chosenSubmit: 'Apply the new password',
    chooseInstead: 'I did not choose one here — set a new password instead',
    freshLead: 'Set a new password for {{email}}.',
    freshSubmit: 'Set the new password',
    resetEffects:
      'Every device will be signed out and fingerprint / face logins removed. Your app data is not affected.',
    passwordChanged:
      'Your new password is now active. Please log in with it.\nAll your devices have been signed out.',
    passkeysRemoved: {
      one: '{{count}} fingerprint / face login was removed; register it again where you need it.',
      other: '{{count}} fingerprint / face logins were removed; register them again where you need them.',
    },
    missing: 'The link is incomplete. Please open the link from the e-mail exactly as it is.',
    login: 'Log in',
    home: 'Go home',
  },
);
