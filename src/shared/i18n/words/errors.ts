// The shared catalog's `errors` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import type { SiteErrorCode } from '../../errors.js';
import { defineText } from '../../text.js';

export const words = defineText(
  {
    'auth/email-already-in-use':
      '이미 가입된 이메일입니다. 기존 계정의 비밀번호를 바꾸려면 마스터 키를 입력해 주세요.',
    'auth/weak-password': '비밀번호가 너무 약합니다. 더 강한 비밀번호를 사용해 주세요.',
    'auth/password-too-long': '비밀번호가 너무 깁니다. 128자 이하로 입력해 주세요.',
    'auth/invalid-email': '이메일 형식이 올바르지 않습니다.',
    'auth/invalid-login-credentials': '이메일 또는 비밀번호가 올바르지 않습니다. 다시 확인해 주세요.',
    'auth/email-not-verified': '이메일 인증이 필요합니다. 받은 메일함에서 인증 링크를 열어 주세요.',
    'auth/too-many-requests': '시도 횟수가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    'auth/unauthenticated': '먼저 로그인해 주세요.',
    'auth/invalid-action-code': '유효하지 않거나 이미 사용된 링크입니다.',
    'auth/expired-action-code': '링크의 유효 기간이 지났습니다. 새로 요청해 주세요.',
    'auth/forbidden': '관리자만 할 수 있는 작업입니다.',
    'auth/wrong-password': '현재 비밀번호가 올바르지 않습니다. 올바른 현재 비밀번호를 입력해 주세요.',
    'auth/reauth-required': '계속하려면 현재 비밀번호를 입력하거나 지문으로 확인해 주세요.',
    'auth/common-password': '너무 흔히 쓰여 추측하기 쉬운 비밀번호입니다. 다른 비밀번호를 정해 주세요.',
    'auth/reset-password-mismatch':
      '요청할 때 정한 새 비밀번호와 다릅니다. 다시 입력하거나 아래에서 다른 비밀번호를 정해 주세요.',
    'auth/signups-closed':
      '이 사이트는 지금 가입을 받지 않습니다. 관리자에게 초대를 요청하고, 초대 메일을 받은 주소로 가입해 주세요.',
    'auth/signup-domain':
      '이 사이트에는 허용된 도메인의 주소로만 가입할 수 있습니다. 다른 주소라면 관리자에게 초대를 요청해 주세요.',
    'auth/account-disabled':
      '사이트 관리자가 이 계정을 사용 중지했습니다. 데이터는 그대로 있으며, 다시 사용하려면 관리자에게 문의해 주세요.',
    'invitation/not-found': '초대를 찾을 수 없습니다. 이미 취소되었을 수 있습니다. 목록을 새로 고쳐 주세요.',
    'member/not-found':
      '회원을 찾을 수 없습니다. 계정이 이미 삭제되었을 수 있습니다. 목록을 새로 고쳐 주세요.',
    'member/self': '내 계정에는 여기서 할 수 없습니다. 내 설정에서 해 주세요.',
    'member/confirm-mismatch': '입력한 주소가 회원의 주소와 다릅니다. 보이는 그대로 입력해 주세요.',
    'banner/invalid-version': '버전은 한 줄로 1~40자까지 쓸 수 있습니다.',
    'banner/invalid-title': '제목은 언어마다 한 줄로 1~100자까지 쓸 수 있습니다.',
    'banner/invalid-body': '본문은 언어마다 1~500자까지 쓸 수 있습니다.',
    'banner/changed':
      '그사이 다른 관리자가 업데이트 배너를 바꾸었습니다. 지금 배너를 확인한 뒤 다시 저장해 주세요.',
    'storage/unauthenticated': '파일을 이용하려면 먼저 로그인해 주세요.',
    'storage/unauthorized': '이 파일을 이용할 권한이 없습니다.',
    'storage/object-not-found': '파일이 존재하지 않습니다.',
    'storage/quota-exceeded': '저장 공간이 가득 찼습니다. 파일을 정리한 뒤 다시 시도해 주세요.',
    'storage/too-large': '허용된 크기보다 큰 파일입니다.',
    'storage/invalid-type': '업로드할 수 없는 파일 형식입니다.',
    'storage/invalid-name': '사용할 수 없는 파일 이름입니다.',
    'storage/empty-file': '빈 파일입니다.',
    'storage/upload-aborted': '업로드가 중단되었습니다. 다시 시도해 주세요.',
    'storage/unavailable': '파일 저장소를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    'session/not-found': '그 기기는 이미 로그아웃되었습니다.',
    'session/current': '이 기기의 로그인을 끝내려면 로그아웃하세요.',
    'session/not-allowed': '이미 로그인해 확인된 기기에서만 답할 수 있습니다.',
    'session/device-mismatch': '이 기기를 확인하지 못했습니다. 페이지를 새로 고친 뒤 다시 로그인해 주세요.',
    'session/pending':
      '이 로그인은 이미 로그인된 다른 기기의 승인을 기다리고 있습니다. 그 기기에서 먼저 확인해 주세요.',
    'session/too-many-streams': '이 로그인으로 열린 페이지가 너무 많습니다. 일부를 닫고 새로 고쳐 주세요.',
    'session/wrong-code':
      '확인 코드가 맞지 않습니다. 가장 최근에 받은 메일의 코드를 확인하고 다시 입력해 주세요.',
    'session/code-spent':
      '잘못된 코드를 너무 여러 번 입력해 이 로그인이 종료되었습니다. 다시 로그인해 주세요.',
    'session/confirm-on-device':
      '이 로그인은 마스터 키를 확인할 수 있는 다른 기기에서 승인해야 합니다. 그 기기에서 “네, 제가 로그인했습니다”를 눌러 주세요.',
    'push/invalid-subscription': '토큰을 저장하지 못했습니다',
    'passkey/invalid-response': '지문 응답이 올바르지 않습니다. 다시 시도해 주세요.',
    'passkey/challenge-expired': '지문 요청이 만료되었거나 이미 사용되었습니다. 다시 시도해 주세요.',
    'passkey/verification-failed':
      '지문을 확인하지 못했습니다. 다시 시도하거나 아이디와 비밀번호로 로그인해 주세요.',
    'passkey/counter-rejected':
      '복제된 것으로 보이는 지문 키라서 거부했습니다. 아이디와 비밀번호로 로그인해 주세요.',
    'passkey/not-found': '먼저 로그인용 지문을 등록해 주세요.',
    'passkey/already-registered': '이 기기에는 이미 지문이 등록되어 있습니다.',
    'passkey/unlock-ended':
      '이 지문 또는 얼굴로는 더 이상 이 기기에서 앱 잠금을 해제할 수 없습니다. 해제 기능이 꺼졌거나 마스터 비밀번호가 바뀌었습니다. 마스터 비밀번호를 입력해 주세요.',
    'request/invalid': '요청 내용이 올바르지 않습니다.',
    'request/malformed-json': '요청 형식이 올바르지 않습니다.',
    'request/too-large': '요청 내용이 너무 큽니다.',
    'request/invalid-characters': '허용되지 않는 문자가 포함되어 있습니다.',
    'request/unsupported-media-type': '요청 형식이 올바르지 않습니다.',
    'request/forbidden-origin':
      '이 사이트에서 보낸 요청이 아닙니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
    'request/not-found': '찾을 수 없습니다.',
    'server/unavailable': '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    'server/internal': '알 수 없는 오류가 발생했습니다.',
    network: '네트워크 오류가 발생했습니다. 다시 시도해 주세요.',
  } satisfies Record<SiteErrorCode | 'network', string>,
  {
    'auth/email-already-in-use':
      'Email is already registered. To change the password of an existing account, please enter your master key.',
    'auth/weak-password': 'Password is too weak. Please use a stronger password.',
    'auth/password-too-long': 'Password is too long. Please use 128 characters or fewer.',
    'auth/invalid-email': 'Invalid email format.',
    'auth/invalid-login-credentials': 'The e-mail or password is incorrect. Please check both and try again.',
    'auth/email-not-verified':
      'Email verification is required. Please open the link in the e-mail we sent you.',
    'auth/too-many-requests': 'Too many attempts. Please try again later.',
    'auth/unauthenticated': 'Please sign in first.',
    'auth/invalid-action-code': 'This link is invalid or has already been used.',
    'auth/expired-action-code': 'This link has expired. Please request a new one.',
    'auth/forbidden': 'Only admins can do this.',
    'auth/wrong-password': 'Current password is incorrect. Please enter the correct current password.',
    'auth/reauth-required': 'Please enter your current password (or use your fingerprint) to continue.',
    'auth/common-password':
      'This password is one of the most commonly used ones and easy to guess. Please choose another.',
    'auth/reset-password-mismatch':
      'This is not the new password you chose. Type it again, or set a different password below.',
    'auth/signups-closed':
      'This site is not taking sign-ups at the moment. Ask its administrator for an invitation, then sign up with the address it was sent to.',
    'auth/signup-domain':
      'Only addresses at the allowed domains can sign up on this site. For another address, ask its administrator for an invitation.',
    'auth/account-disabled':
      "This account has been disabled by the site's administrator. Its data is kept; contact the administrator to use it again.",
    'invitation/not-found':
      'The invitation was not found; it may have been withdrawn already. Refresh the list.',
    'member/not-found':
      'This member was not found; the account may have been deleted already. Refresh the list.',
    'member/self': 'You cannot do this to your own account here. Use your own settings instead.',
    'member/confirm-mismatch': "The address typed does not match the member's. Type it exactly as shown.",
    'banner/invalid-version': 'The version must be 1 to 40 characters on one line.',
    'banner/invalid-title': 'Each title must be 1 to 100 characters on one line.',
    'banner/invalid-body': 'Each body must be 1 to 500 characters.',
    'banner/changed':
      'Another admin changed the update banner meanwhile. Check the current one, then save again.',
    'storage/unauthenticated': 'Please sign in to use files.',
    'storage/unauthorized': 'You do not have permission to use this file.',
    'storage/object-not-found': 'The file does not exist.',
    'storage/quota-exceeded': 'Your storage is full. Delete some files and try again.',
    'storage/too-large': 'The file is larger than allowed.',
    'storage/invalid-type': 'This type of file cannot be uploaded.',
    'storage/invalid-name': 'The file name is not allowed.',
    'storage/empty-file': 'The file is empty.',
    'storage/upload-aborted': 'The upload was interrupted. Please try again.',
    'storage/unavailable': 'File storage is temporarily unavailable. Please try again shortly.',
    'session/not-found': 'That device is no longer signed in.',
    'session/current': 'To end this device’s session, log out.',
    'session/not-allowed': 'Only a device that is already signed in and confirmed can answer this.',
    'session/device-mismatch':
      'This device could not be recognised. Please reload the page and log in again.',
    'session/pending':
      'This sign-in is waiting for approval on your other signed-in device. Please confirm it there first.',
    'session/too-many-streams': 'Too many pages of this sign-in are open. Close some pages and reload.',
    'session/wrong-code': 'That code is not right. Check the code in the newest mail and enter it again.',
    'session/code-spent': 'Too many wrong codes: this sign-in has ended. Please log in again.',
    'session/confirm-on-device':
      'This sign-in is approved on your other device that can check your master key. Answer “Yes, it was me” there.',
    'push/invalid-subscription': 'Failed to save token',
    'passkey/invalid-response': 'The fingerprint answer is not valid. Please try again.',
    'passkey/challenge-expired': 'The fingerprint request has expired or was already used. Please try again.',
    'passkey/verification-failed':
      'The fingerprint could not be verified. Please try again or use ID+password.',
    'passkey/counter-rejected':
      'This fingerprint key looks copied, so it was refused. Please use ID+password.',
    'passkey/not-found': 'Please register fingerprint for login first.',
    'passkey/already-registered': 'This fingerprint is already registered on this device.',
    'passkey/unlock-ended':
      'This fingerprint or face no longer unlocks the app here: it was turned off, or the master password changed. Please use your master password.',
    'request/invalid': 'The request is not valid.',
    'request/malformed-json': 'The request is not in a valid format.',
    'request/too-large': 'The request is too large.',
    'request/invalid-characters': 'The request contains characters that are not allowed.',
    'request/unsupported-media-type': 'The request is not in a valid format.',
    'request/forbidden-origin':
      'The request did not come from this site. Please reload the page and try again.',
    'request/not-found': 'Not found.',
    'server/unavailable': 'The service is temporarily unavailable. Please try again shortly.',
    'server/internal': 'An unknown error occurred',
    network: 'Network error occurred. Please try again',
  },
);
