// The shared catalog's `newLogin` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    title: '새 로그인 — 본인이 맞나요?',
    message: '{{time}}에 {{device}}에서 이 계정으로 로그인했습니다.',
    yes: '네, 제가 로그인했습니다',
    no: '아니요, 제가 아닙니다',
    masterKeyLead: '확인하려면 이 기기의 MyGenie 앱 마스터 키를 입력하세요.',
    masterKey: '마스터 키',
    confirm: '확인',
    confirmed: '새 로그인을 확인했습니다.',
    blocked: '마스터 키 인증에 실패했습니다! 새 로그인을 차단했습니다.',
    signedOutHere: '이 기기는 로그아웃되었습니다.',
  },
  {
    title: 'A new login — is this you?',
    message: 'Someone signed in to this account on {{device}} at {{time}}.',
    yes: 'Yes, it was me',
    no: 'No, it was not me',
    masterKeyLead: 'To confirm, enter the master key of the MyGenie app on this device.',
    masterKey: 'Master key',
    confirm: 'Confirm',
    confirmed: 'The new login has been confirmed.',
    blocked: 'Master key authentication failed! New login has been blocked.',
    signedOutHere: 'This device has been signed out.',
  },
);
