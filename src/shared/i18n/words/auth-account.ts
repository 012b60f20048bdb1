// The shared catalog's `auth` words the account controls of every page show (a sign-in waiting, a failed logout),
// in Korean and English: auth.ts puts them in its section (the catalog's keys stay as they were), and an island
// that shows only these imports only these.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    changeTitle: '비밀번호 변경',
    confirmTitle: '알림',
    defaults: {
      register: '회원가입 중 오류가 발생했습니다.',
      login: '로그인 중 오류가 발생했습니다.',
      passwordChange: '비밀번호 변경 중 오류가 발생했습니다.',
      logout: '로그아웃 중 오류가 발생했습니다.',
    },
    pending: {
      title: '승인 대기 중',
      message: '이 로그인({{email}})은 이미 로그인된 다른 기기의 승인을 기다리고 있습니다.',
      how: '그 기기에서 “네, 제가 로그인했습니다”를 누르고 마스터 키를 입력하세요. 이 페이지는 저절로 바뀝니다.',
      cancel: '이 로그인 취소',
      short: '승인 대기 중',
      approved: '다른 기기에서 이 로그인을 승인했습니다.',
      refused: '다른 기기에서 이 로그인을 거부했습니다.',
      enterCode: '코드 입력',
    },
  },
  {
    changeTitle: 'Change password',
    confirmTitle: 'Notice',
    defaults: {
      register: 'An error occurred during registration.',
      login: 'An error occurred during login.',
      passwordChange: 'An error occurred while changing password.',
      logout: 'An error occurred during logout.',
    },
    pending: {
      title: 'Waiting for approval',
      message: 'This sign-in ({{email}}) is waiting for approval on your other signed-in device.',
      how: 'On that device, answer “Yes, it was me” and enter your master key. This page follows by itself.',
      cancel: 'Cancel this sign-in',
      short: 'Waiting for approval',
      approved: 'Your other device approved this sign-in.',
      refused: 'This sign-in was refused on your other device.',
      enterCode: 'Enter code',
    },
  },
);
