// The shared catalog's `meta` words, in Korean and English: index.ts puts the sections together as `catalog`;
// the site's islands import only the sections they show.
import { defineText } from '../../text.js';

export const words = defineText(
  {
    home: {
      title: 'MyGenie — 내 기기 안에서 암호화되는 개인 비서',
      description:
        '일정(양력·음력), 일기, 개인정보, 문서, 가계부를 내 기기에서 AES-GCM으로 암호화해 보관하고, 원하는 곳에 암호화된 채로 백업하는 개인 비서 MyGenie.',
    },
    download: {
      title: '공지사항과 다운로드 | MyGenie',
      description: 'MyGenie의 공지사항, 자주 묻는 질문과 프로그램 다운로드.',
    },
    fortune: {
      title: '오늘의 운세 | MyGenie',
      description: '회원을 위한 오늘의 운세: 사주, 별자리, 타로, AI 운세.',
    },
    admin: { title: '관리자 | MyGenie', description: 'MyGenie 관리자 페이지.' },
    action: { title: '이메일 확인 | MyGenie', description: 'MyGenie 이메일 인증과 비밀번호 변경 확인.' },
    unsubscribe: {
      title: '업데이트 메일 수신 거부 | MyGenie',
      description: 'MyGenie 업데이트 메일 수신을 중단합니다.',
    },
    notFound: {
      title: '페이지를 찾을 수 없습니다 | MyGenie',
      description: '요청하신 페이지를 찾을 수 없습니다.',
    },
  },
  {
    home: {
      title: 'MyGenie — your personal assistant, encrypted on your device',
      description:
        'MyGenie keeps your schedule (solar and lunar), diary, personal information, documents and ledger encrypted with AES-GCM on your own device, and backs them up, still encrypted, where you choose.',
    },
    download: {
      title: 'Notices and downloads | MyGenie',
      description: 'MyGenie notices, frequently asked questions and program downloads.',
    },
    fortune: {
      title: 'Daily fortune | MyGenie',
      description: 'Your daily fortune for members: saju, astrology, tarot and AI.',
    },
    admin: { title: 'Admin | MyGenie', description: 'The MyGenie admin page.' },
    action: {
      title: 'E-mail confirmation | MyGenie',
      description: 'Confirming a MyGenie e-mail address or password change.',
    },
    unsubscribe: {
      title: 'Stop update e-mails | MyGenie',
      description: 'Stop receiving MyGenie update e-mails.',
    },
    notFound: { title: 'Page not found | MyGenie', description: 'The page you asked for does not exist.' },
  },
);
