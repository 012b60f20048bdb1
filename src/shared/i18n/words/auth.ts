// The shared catalog's `auth` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';
import { words as account } from './auth-account.js';

export const words = defineText(
  {
    loginTitle: '로그인',
    registerTitle: '회원가입 / 비밀번호 변경',
    changeTitle: account.ko.changeTitle,
    email: '이메일',
    emailPlaceholder: 'name@example.com',
    password: '비밀번호',
    newPassword: '새 비밀번호',
    confirmPassword: '비밀번호 확인',
    currentPassword: '현재 비밀번호',
    forgotTitle: '비밀번호 찾기',
    forgotLink: '비밀번호를 잊으셨나요?',
    forgotLead:
      '계정의 이메일 주소를 입력하면 새 비밀번호를 정하는 링크를 보내 드립니다. 앱의 데이터는 마스터 비밀번호로 따로 보호되므로 그대로입니다.',
    submitForgot: '링크 보내기',
    masterKey: '마스터 키',
    masterKeyHint:
      '이미 가입한 계정의 비밀번호를 바꿀 때만 입력하세요. MyGenie 앱에서 설정한 마스터 비밀번호입니다. 새로 가입할 때는 비워 두세요.',
    passwordHintLogin: '비밀번호는 6자 이상이어야 합니다.',
    passwordHintRegister: '8자 이상으로 입력하세요.',
    submitLogin: '로그인',
    submitRegister: '가입하기',
    submitChange: '비밀번호 변경',
    toRegister: '계정이 없으신가요? 회원가입 / 비밀번호 변경',
    toLogin: '이미 계정이 있으신가요? 로그인',
    signupInvitationOnly:
      '이 사이트는 초대받은 주소로만 가입할 수 있습니다. 초대 메일을 받은 주소를 입력하세요.',
    signupDomains:
      '이 사이트에는 {{domains}} 주소로 가입할 수 있습니다. 다른 주소라면 관리자의 초대가 필요합니다.',
    spamNotice: '인증 메일이 보이지 않으면 스팸함도 확인해 주세요.',
    confirmTitle: account.ko.confirmTitle,
    success: {
      login: '로그인되었습니다.',
      registered:
        '회원가입이 완료되었습니다.\n{{email}}(으)로 인증 메일을 보냈습니다. 메일의 링크를 열어 인증한 뒤 로그인해 주세요.\n메일이 보이지 않으면 스팸함도 확인해 주세요.',
      registeredIfInvited:
        '가입 신청을 받았습니다.\n{{email}}이(가) 이 사이트에 초대된 주소라면 그 주소로 인증 메일을 보냈습니다. 메일의 링크를 열어 인증한 뒤 로그인해 주세요.\n메일이 오지 않으면 스팸함을 확인하고, 그래도 없으면 사이트 관리자에게 초대를 요청해 주세요.',
      passwordChanged: '비밀번호가 변경되었습니다.\n다른 기기의 로그인은 모두 종료되었습니다.',
      resetMailSent:
        '{{email}}(으)로 확인 메일을 보냈습니다.\n메일의 링크를 열고 새 비밀번호를 한 번 더 입력하면 적용됩니다.\n메일이 보이지 않으면 스팸함도 확인해 주세요.',
      forgotMailSent:
        '{{email}} 계정이 있다면 새 비밀번호를 정하는 링크를 보냈습니다.\n메일이 보이지 않으면 스팸함도 확인해 주세요.',
      pending:
        '이 로그인은 이미 로그인된 다른 기기의 승인을 기다리고 있습니다.\n그 기기에서 마스터 키로 확인해 주세요. 이 페이지는 저절로 바뀝니다.',
      pendingCode:
        '{{email}}(으)로 6자리 확인 코드를 보냈습니다.\n홈 화면이나 위쪽의 “코드 입력”에서 입력하면 로그인이 끝납니다. 메일이 보이지 않으면 스팸함도 확인해 주세요.',
      verificationResent:
        '{{email}}(으)로 인증 메일을 다시 보냈습니다.\n메일이 보이지 않으면 스팸함도 확인해 주세요.',
      loggedOut: '로그아웃되었습니다.',
    },
    resendTitle: '이메일 인증이 필요합니다',
    resendQuestion:
      '이메일 인증이 필요합니다. 받은 메일함에서 인증 링크를 열어 주세요.\n인증 메일을 다시 보낼까요?',
    resendButton: '인증 메일 다시 보내기',
    validation: {
      emailRequired: '이메일 주소를 입력해 주세요.',
      emailInvalid: '올바른 이메일 주소를 입력해 주세요.',
      passwordRequired: '비밀번호를 입력해 주세요.',
      passwordShort: '비밀번호는 8자 이상이어야 합니다.',
      confirmRequired: '비밀번호를 한 번 더 입력해 주세요.',
      passwordMismatch: '새 비밀번호가 일치하지 않습니다.',
      currentRequired: '현재 비밀번호를 입력해 주세요.',
      invalidInput: '허용되지 않는 입력이 감지되었습니다.',
    },
    masterKeyNotSet: '마스터 키가 설정되어 있지 않습니다. 먼저 MyGenie 앱에서 마스터 키를 설정해 주세요.',
    masterKeyIncorrect: '마스터 키가 올바르지 않습니다. 올바른 마스터 키를 입력해 주세요.',
    defaults: account.ko.defaults,
    tooManyWait: '시도 횟수가 너무 많습니다. {{wait}} 뒤에 다시 시도해 주세요.',
    openAt:
      '이 사이트는 {{origin}} 주소로 열어야 쓸 수 있으며, 지금 주소창의 주소와 다릅니다. {{origin}} 주소로 열어 다시 시도해 주세요.',
    pending: account.ko.pending,
    reauth: {
      title: '본인 확인',
      lead: '계속하려면 현재 비밀번호를 입력하세요.',
      submit: '계속',
      fingerprint: '대신 지문으로 확인하기',
      proven: '지문으로 확인했습니다.',
    },
  },
  {
    loginTitle: 'Login',
    registerTitle: 'Register / Change password',
    changeTitle: account.en.changeTitle,
    email: 'Email',
    emailPlaceholder: 'name@example.com',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    currentPassword: 'Current password',
    forgotTitle: 'Forgot password',
    forgotLink: 'Forgot password?',
    forgotLead:
      'Enter the e-mail address of your account and we will send you a link to set a new password. Your app data stays as it is: it is protected by your master password.',
    submitForgot: 'Send the link',
    masterKey: 'Master key',
    masterKeyHint:
      'Only to change the password of an existing account: the master password you set in the MyGenie app. Leave it empty to create a new account.',
    passwordHintLogin: 'Password must be at least 6 characters long',
    passwordHintRegister: 'Use 8 or more characters.',
    submitLogin: 'Login',
    submitRegister: 'Register',
    submitChange: 'Change password',
    toRegister: 'No account yet? Register / Change password',
    toLogin: 'Already have an account? Login',
    signupInvitationOnly:
      'Sign-ups on this site are by invitation: enter the address your invitation was sent to.',
    signupDomains:
      'Addresses at {{domains}} can sign up on this site. Another address needs an invitation from its administrator.',
    spamNotice: 'If you do not see the verification e-mail, please check your spam folder.',
    confirmTitle: account.en.confirmTitle,
    success: {
      login: 'Successfully logged in',
      registered:
        'Registration completed.\nA verification e-mail has been sent to {{email}}. Open its link to verify, then log in.\nIf you do not see it, please check your spam folder.',
      registeredIfInvited:
        'Your sign-up was received.\nIf {{email}} was invited to this site, a verification e-mail is on its way there. Open its link to verify, then log in.\nIf none arrives, check your spam folder; if it is not there either, ask the site’s administrator for an invitation.',
      passwordChanged: 'Your password has been changed.\nAll your other devices have been signed out.',
      resetMailSent:
        'A confirmation e-mail has been sent to {{email}}.\nOpen its link and type your new password once more to apply it.\nIf you do not see it, please check your spam folder.',
      forgotMailSent:
        'If {{email}} has an account, a link to set a new password is on its way.\nIf you do not see it, please check your spam folder.',
      pending:
        'This sign-in is waiting for approval on your other signed-in device.\nConfirm it there with your master key; this page follows by itself.',
      pendingCode:
        'A 6-digit code has been mailed to {{email}}.\nEnter it on the home page, or with “Enter code” at the top, to finish signing in. If you do not see it, check your spam folder.',
      verificationResent:
        'The verification e-mail has been sent again to {{email}}.\nIf you do not see it, please check your spam folder.',
      loggedOut: 'You have been logged out.',
    },
    resendTitle: 'Email verification required',
    resendQuestion:
      'Email verification is required. Please open the link in the e-mail we sent you.\nShall we send the verification e-mail again?',
    resendButton: 'Resend verification e-mail',
    validation: {
      emailRequired: 'Please enter your email address',
      emailInvalid: 'Please enter a valid email address.',
      passwordRequired: 'Please enter your password',
      passwordShort: 'Password must be at least 8 characters.',
      confirmRequired: 'Please confirm your password',
      passwordMismatch: 'New passwords do not match.',
      currentRequired: 'Please enter your current password',
      invalidInput: 'Invalid input detected.',
    },
    masterKeyNotSet: 'Master key is not set. Please set up your master key in the MyGenie app first.',
    masterKeyIncorrect: 'Master key is incorrect. Please enter the correct master key.',
    defaults: account.en.defaults,
    tooManyWait: 'Too many attempts. Please try again in {{wait}}.',
    openAt:
      'This site only works at {{origin}}, which is not the address in your address bar. Please open {{origin}} and try again.',
    pending: account.en.pending,
    reauth: {
      title: 'Confirm it is you',
      lead: 'Enter your current password to continue.',
      submit: 'Continue',
      fingerprint: 'Confirm with your fingerprint instead',
      proven: 'Confirmed with your fingerprint.',
    },
  },
);
