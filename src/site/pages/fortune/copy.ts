// Fortune page (/fortune): what the daily fortune is, the login card for visitors, and the words around the
// embedded fortune (its frame title, the loading problem, the overlay's label).
import { defineText } from '../../../client/text.js';

export const copy = defineText(
  {
    meta: {
      title: '오늘의 운세 | MyGenie',
      description:
        '회원을 위한 오늘의 운세. 생년월일로 보는 사주와 별자리, 하루 한 장의 타로, 내 API 키로 만드는 AI 운세를 한국어와 영어로 보여 드립니다.',
    },
    hero: {
      eyebrow: '사주 · 별자리 · 타로 · AI',
      title: '오늘의 운세',
      lead: '사주, 별자리, 타로, 그리고 AI가 들려주는 오늘 하루 이야기. 생년월일은 내 기기에만 암호화해 저장되고 서버로 보내지 않아요.',
    },
    kinds: {
      title: '네 가지 운세',
      items: [
        {
          title: '사주',
          body: '태어난 순간의 네 기둥과 다섯 기운의 균형을 보고, 오늘의 일진이 나에게 어떤 날인지 알려 드려요.',
        },
        {
          title: '별자리',
          body: '태양 별자리로 오늘의 총운, 애정, 일, 금전 흐름과 행운의 색, 숫자를 알려 드려요.',
        },
        {
          title: '타로',
          body: '78장 가운데 하루 한 장을 뽑아요. 오늘은 종일 같은 카드이고, 내일은 새 카드가 나와요.',
        },
        {
          title: 'AI 운세',
          body: '내 API 키를 넣으면 오늘의 별자리, 사주, 타로를 엮어 AI가 짧은 운세를 써 드려요. 키는 이 기기에만 보관돼요.',
        },
      ],
    },
    frame: {
      title: '오늘의 운세',
      loadError: '운세를 불러오지 못했어요. 인터넷 연결을 확인하고 다시 시도해 주세요.',
      retry: '다시 시도',
    },
    login: {
      title: '로그인이 필요합니다',
      body: '오늘의 운세는 로그인한 회원에게 보여 드려요.',
      note: '아직 회원이 아니라면 무료로 가입하고 이메일 인증을 마친 뒤 로그인해 주세요.',
      login: '로그인',
      register: '회원가입',
    },
  },
  {
    meta: {
      title: 'Daily fortune | MyGenie',
      description:
        'A daily fortune for members: saju and astrology from your birth date, one tarot card a day, and an AI reading with your own API key, in Korean and English.',
    },
    hero: {
      eyebrow: 'Saju · Astrology · Tarot · AI',
      title: 'Daily fortune',
      lead: 'Saju, astrology, tarot and an AI reading for your day. Your birth date is encrypted and kept only on your device, never sent to our server.',
    },
    kinds: {
      title: 'Four readings',
      items: [
        {
          title: 'Saju',
          body: 'The four pillars of your birth moment and the balance of the five elements, and what today’s day pillar means for you.',
        },
        {
          title: 'Astrology',
          body: 'Today’s overall outlook, love, work and money for your sun sign, with a lucky colour and number.',
        },
        {
          title: 'Tarot',
          body: 'One card a day from all 78. It stays the same all day, and tomorrow brings a new one.',
        },
        {
          title: 'AI reading',
          body: 'Add your own API key and an AI weaves today’s sign, saju and tarot card into a short reading. The key stays on this device.',
        },
      ],
    },
    frame: {
      title: 'Daily fortune',
      loadError: 'The fortune could not be loaded. Please check your connection and try again.',
      retry: 'Try again',
    },
    login: {
      title: 'Login Required',
      body: 'The daily fortune is for signed-in members.',
      note: 'Not a member yet? Register for free, confirm your e-mail, then log in.',
      login: 'Login',
      register: 'Register',
    },
  },
);
