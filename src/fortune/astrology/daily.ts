/**
 * Daily astrology reading for MyGenie's fortune embed.
 *
 * A reading is a pure function of (sign, Seoul calendar date, member key): the same member sees the same
 * reading all day on every device, and different members with the same sign see different ones. No
 * network, no clock, no crypto API: a 32-bit FNV-1a hash seeds a mulberry32 PRNG, both plain integer
 * arithmetic that gives identical results in Node and in browsers.
 *
 * Text slots (`overall`, `love`, `work`, `money`) are drawn "shuffle-bag" style: the days are cut into
 * blocks as long as the bank, and every block walks through a fresh per-member permutation of the bank.
 * So a member never sees the same sentence twice within a block, and never on two days in a row.
 * `overall` comes from a bank for the sign's element; each entry has a tone, and the 1–5 score follows
 * that tone so that the stars never contradict the sentence beside them.
 *
 * All sentences were written for MyGenie. Each entry holds both languages, so one index means the same
 * thing in Korean (해요체) and English.
 */

import type { Element, Sign } from './signs.js';
import type { Bilingual } from '../bilingual.js';
import { dayNumber, mulberry32, seoulDate } from '../daily-seed.js';

export type Score = 1 | 2 | 3 | 4 | 5;

export interface DailyReading {
  readonly overall: Bilingual;
  readonly love: Bilingual;
  readonly work: Bilingual;
  readonly money: Bilingual;
  readonly luckyColor: Bilingual;
  /** 1–50 */
  readonly luckyNumber: number;
  readonly score: Score;
}

/** bright → score 4–5, steady → 3, careful → 1–2 */
export type Tone = 'bright' | 'steady' | 'careful';

export interface OverallPhrase extends Bilingual {
  readonly tone: Tone;
}

export const LUCKY_NUMBER_MAX = 50;

// ---------------------------------------------------------------------------------------------------
// Phrase banks
// ---------------------------------------------------------------------------------------------------

export const OVERALL_BY_ELEMENT: Readonly<Record<Element, readonly OverallPhrase[]>> = {
  fire: [
    {
      tone: 'bright',
      ko: '오늘은 에너지가 넘쳐서 미뤄 두었던 일을 드디어 시작할 수 있을 거예요.',
      en: 'Your energy is running high today, so a task you have been putting off can finally get moving.',
    },
    {
      tone: 'bright',
      ko: '오늘 꺼낸 과감한 아이디어에 힘을 실어 줄 사람이 나타날 거예요.',
      en: 'A bold idea you share today is likely to find someone ready to back it.',
    },
    {
      tone: 'bright',
      ko: '오늘은 자신감 있는 모습이 잘 어울려요. 먼저 나서면 사람들이 기꺼이 따라올 거예요.',
      en: 'Confidence suits you today; step forward first and people will gladly follow.',
    },
    {
      tone: 'bright',
      ko: '아침에 느낀 작은 설렘이 하루 종일 든든한 힘이 되어 줄 거예요.',
      en: 'A small spark of excitement this morning will keep you going all day long.',
    },
    {
      tone: 'steady',
      ko: '오늘은 한 번에 몰아치기보다 꾸준히 힘을 나눠 쓰는 편이 더 좋은 결과를 가져와요.',
      en: 'Today rewards steady effort more than one big burst, so spread your energy out.',
    },
    {
      tone: 'steady',
      ko: '오늘은 목표를 하나만 정해서 온전히 집중해 보세요. 나머지는 내일로 미뤄도 괜찮아요.',
      en: 'Pick just one goal today and give it your full attention; the rest can wait until tomorrow.',
    },
    {
      tone: 'steady',
      ko: '겉으로는 조용한 하루지만, 지금 내딛는 작은 한 걸음이 나중에 큰 의미가 될 거예요.',
      en: 'Today looks quiet on the surface, but the small step you take now will mean a lot later.',
    },
    {
      tone: 'steady',
      ko: '새로운 일을 벌이기보다 하던 일을 마무리하는 데 열정을 쏟아 보세요.',
      en: 'Pour your enthusiasm into finishing what you started rather than starting something new.',
    },
    {
      tone: 'careful',
      ko: '오늘은 참을성이 조금 부족해질 수 있어요. 마음에 걸리는 말에는 한 박자 쉬고 답해 보세요.',
      en: 'Your patience may run a little short today; pause for a beat before answering words that sting.',
    },
    {
      tone: 'careful',
      ko: '오늘은 서두르다 오히려 시간을 더 쓸 수 있으니 세부 사항을 두 번 확인해 보세요.',
      en: 'Rushing today could cost you more time than it saves, so check the details twice.',
    },
    {
      tone: 'careful',
      ko: '오늘은 모든 일에 나설 필요는 없어요. 사소한 의견 차이는 흘려보내고 기운을 아껴 두세요.',
      en: 'You do not need to take on every fight today; let small disagreements pass and save your energy.',
    },
    {
      tone: 'careful',
      ko: '저녁이 되면 조금 지칠 수 있으니 일찍 쉬면서 하루를 편안하게 마무리해 보세요.',
      en: 'You may feel a little worn out by evening, so rest early and close the day gently.',
    },
  ],
  earth: [
    {
      tone: 'bright',
      ko: '그동안 쌓아 온 노력이 오늘 드러나기 시작하고, 누군가 그 가치를 알아봐 줄 거예요.',
      en: 'The effort you have been building up starts to show today, and someone will recognise its worth.',
    },
    {
      tone: 'bright',
      ko: '오늘은 일이 차곡차곡 맞아떨어져요. 꼼꼼하게 세운 계획이 바라던 대로 흘러갈 거예요.',
      en: 'Things fall neatly into place today; the plan you made so carefully runs just as you hoped.',
    },
    {
      tone: 'bright',
      ko: '오늘은 현실적인 해결책이 쉽게 떠오르니 평소의 감각을 믿어 보세요.',
      en: 'Practical answers come easily today, so trust your everyday good sense.',
    },
    {
      tone: 'bright',
      ko: '오늘은 발밑이 단단하게 느껴지는 날이에요. 오래 고민하던 결정을 내리기에 좋아요.',
      en: 'The ground feels solid under your feet today, a good day to make a decision you have long weighed.',
    },
    {
      tone: 'steady',
      ko: '평범한 일상 속에서 잔잔한 만족을 느끼는 하루예요. 작은 습관들이 제 몫을 하고 있어요.',
      en: 'Your ordinary routine brings a quiet satisfaction today; your small habits are doing their job.',
    },
    {
      tone: 'steady',
      ko: '책상이든 일정이든 생각이든, 오늘은 하나씩 정리하기에 좋은 날이에요.',
      en: 'Whether it is your desk, your schedule or your thoughts, today is good for tidying up one at a time.',
    },
    {
      tone: 'steady',
      ko: '오늘은 속도는 느려도 확실하게 나아가고 있어요. 얼마나 빠른지보다 어디로 가는지를 봐 주세요.',
      en: 'You are moving slowly but surely today; look at where you are heading rather than how fast.',
    },
    {
      tone: 'steady',
      ko: '맛있는 한 끼나 짧은 산책 같은 소소한 즐거움이 생각보다 큰 힘이 되어 줄 거예요.',
      en: 'A simple pleasure, like a good meal or a short walk, will lift you more than you expect today.',
    },
    {
      tone: 'careful',
      ko: '오늘은 한 가지 방식만 고집하기 쉬워요. 조금 유연하게 생각하면 괜한 수고를 덜 수 있어요.',
      en: 'It is easy to insist on one way of doing things today; a little flexibility will spare you needless work.',
    },
    {
      tone: 'careful',
      ko: '오늘은 할 일이 많아 버겁게 느껴질 수 있어요. 부탁 하나쯤은 거절해도 괜찮아요.',
      en: 'Your to-do list may feel heavy today; it is fine to turn down one request.',
    },
    {
      tone: 'careful',
      ko: '오늘은 완벽하지 않아도 괜찮아요. 적당한 선에서 멈추면 어깨도 한결 가벼워질 거예요.',
      en: 'It does not have to be perfect today; stop at good enough and your shoulders will feel lighter.',
    },
    {
      tone: 'careful',
      ko: '오늘은 몸이 휴식을 원할 수 있어요. 피로가 쌓여 탈이 나기 전에 몸의 신호에 귀 기울여 보세요.',
      en: 'Your body may be asking for rest today; listen to it before tiredness builds into something worse.',
    },
  ],
  air: [
    {
      tone: 'bright',
      ko: '오늘은 대화가 술술 풀리고, 지나가듯 나온 한마디가 흥미로운 기회로 이어질 수 있어요.',
      en: 'Conversation flows easily today, and a passing remark could lead to an interesting opportunity.',
    },
    {
      tone: 'bright',
      ko: '오늘은 생각이 유난히 또렷해요. 좋은 아이디어가 날아가기 전에 바로 적어 두세요.',
      en: 'Your mind is unusually clear today; write good ideas down before they fly away.',
    },
    {
      tone: 'bright',
      ko: '한동안 소식이 없던 사람에게서 온 연락이 하루를 환하게 밝혀 줄 거예요.',
      en: 'A message from someone you have not heard from in a while will brighten your day.',
    },
    {
      tone: 'bright',
      ko: '오늘은 당신의 밝고 가벼운 분위기에 사람들이 끌려요. 새로운 사람을 만나기 좋은 날이에요.',
      en: 'People are drawn to your bright, easy manner today, which makes it a good day to meet someone new.',
    },
    {
      tone: 'steady',
      ko: '새로운 단어나 단축키, 요리법처럼 작은 것 하나를 배워 보기에 좋은 날이에요.',
      en: 'Today is good for learning one small thing, like a new word, a shortcut or a recipe.',
    },
    {
      tone: 'steady',
      ko: '오늘은 말하기보다 듣는 쪽이 더 도움이 돼요. 필요한 답은 다른 사람의 말 속에 있어요.',
      en: 'Listening helps you more than talking today; the answer you need is in someone else’s words.',
    },
    {
      tone: 'steady',
      ko: '차분하고 균형 잡힌 하루예요. 남은 한 주의 계획을 정리해 보는 데 써 보세요.',
      en: 'It is a calm, balanced day; use it to sort out your plans for the rest of the week.',
    },
    {
      tone: 'steady',
      ko: '평소 다니던 길이나 일과를 살짝 바꿔 보면 새로운 시각을 얻을 수 있어요.',
      en: 'Changing your usual route or routine just a little will give you a fresh point of view today.',
    },
    {
      tone: 'careful',
      ko: '오늘은 집중력이 흩어지기 쉬워요. 하나를 끝낸 뒤에 다음 일을 시작해 보세요.',
      en: 'Your focus scatters easily today; finish one thing before you start the next.',
    },
    {
      tone: 'careful',
      ko: '오늘은 메시지로 오해가 생기기 쉬워요. 헷갈릴 때는 짧게 전화로 확인해 보세요.',
      en: 'Messages are easily misread today; when something is unclear, check with a quick call.',
    },
    {
      tone: 'careful',
      ko: '오늘은 간단한 선택을 두고도 생각이 많아질 수 있어요. 마음이 가장 가벼운 쪽을 골라 보세요.',
      en: 'You may overthink even a simple choice today; go with the option that feels lightest.',
    },
    {
      tone: 'careful',
      ko: '오늘은 쏟아지는 알림에 쉽게 지칠 수 있어요. 잠시 화면에서 눈을 떼고 쉬어 가세요.',
      en: 'A flood of notifications can tire you out today; look away from the screen and take a short break.',
    },
  ],
  water: [
    {
      tone: 'bright',
      ko: '오늘은 직감이 유난히 맑아요. 마음을 살짝 건드리는 느낌을 믿어 보세요.',
      en: 'Your intuition is especially clear today; trust the feeling that gently nudges you.',
    },
    {
      tone: 'bright',
      ko: '오늘 건넨 다정한 말 한마디가 생각보다 빨리 따뜻하게 돌아올 거예요.',
      en: 'A kind word you offer today will come back to you warmly, sooner than you think.',
    },
    {
      tone: 'bright',
      ko: '오늘은 창의력이 자유롭게 흘러요. 음악이든 글쓰기든 요리든 무엇을 해도 잘 풀릴 거예요.',
      en: 'Your creativity flows freely today; music, writing or cooking, whatever you try will go well.',
    },
    {
      tone: 'bright',
      ko: '오늘은 가까운 사람이 굳이 말하지 않아도 당신의 마음을 알아줘서 기분이 좋아질 거예요.',
      en: 'Someone close understands how you feel today without needing words, and it lifts your mood.',
    },
    {
      tone: 'steady',
      ko: '오늘은 나만의 속도로 조용히 보내는 하루가 잘 어울려요. 남의 박자에 맞출 필요는 없어요.',
      en: 'A quiet day at your own pace suits you; there is no need to match anyone else’s rhythm.',
    },
    {
      tone: 'steady',
      ko: '오늘은 집이나 익숙한 장소에서 보내는 시간이 좋은 충전이 되어 줄 거예요.',
      en: 'Time at home or somewhere familiar will recharge you nicely today.',
    },
    {
      tone: 'steady',
      ko: '오늘은 감정이 밀물과 썰물처럼 오르내릴 수 있지만, 저녁이 되면 잔잔해질 거예요.',
      en: 'Your feelings may rise and fall like the tide today, but they will settle by evening.',
    },
    {
      tone: 'steady',
      ko: '지금 느끼는 감정을 몇 줄이라도 적어 보면 오늘 하루가 한결 또렷하게 보일 거예요.',
      en: 'Writing down how you feel, even in a few lines, will make today look much clearer.',
    },
    {
      tone: 'careful',
      ko: '오늘은 지나가는 말을 너무 마음에 담아 두기 쉬워요. 아마 당신을 두고 한 말이 아닐 거예요.',
      en: 'It is easy to take a passing comment to heart today; it was probably not about you.',
    },
    {
      tone: 'careful',
      ko: '오늘은 다른 사람의 기분에 쉽게 휩쓸릴 수 있어요. 부드럽게 선을 긋고 내 에너지를 지켜 주세요.',
      en: 'Other people’s moods can sweep you along today; draw a gentle line and protect your energy.',
    },
    {
      tone: 'careful',
      ko: '오늘은 지난 걱정이 다시 떠오를 수 있어요. 그동안 얼마나 멀리 왔는지 스스로에게 말해 주세요.',
      en: 'Old worries may come back up today; remind yourself how far you have already come.',
    },
    {
      tone: 'careful',
      ko: '오늘은 기운이 조금 가라앉을 수 있어요. 따뜻한 차 한 잔과 이른 잠자리가 가장 좋은 친구예요.',
      en: 'Your energy may sink a little today; a warm cup of tea and an early night are your best friends.',
    },
  ],
};

export const LOVE: readonly Bilingual[] = [
  {
    ko: '오늘은 거창한 고백보다 작고 세심한 배려 하나가 마음을 더 잘 전해 줘요.',
    en: 'One small, thoughtful gesture says more today than any grand declaration.',
  },
  {
    ko: '연인이 있다면 오늘은 서두르지 않고 나누는 긴 대화가 두 사람을 더 가깝게 해 줄 거예요.',
    en: 'If you are in a relationship, a long and unhurried conversation will bring you closer today.',
  },
  {
    ko: '혼자라면 오늘 관심사가 비슷한 누군가에게 눈길이 갈 수 있어요.',
    en: 'If you are single, someone who shares your interests may catch your eye today.',
  },
  {
    ko: '사랑하는 사람에게 고맙다는 말을 소리 내어 전하면 두 사람 모두의 하루가 따뜻해져요.',
    en: 'Saying thank you out loud to someone you love makes the day warmer for you both.',
  },
  {
    ko: '전에 있었던 오해는 오늘 당신이 먼저 말을 꺼내면 풀릴 수 있어요.',
    en: 'An earlier misunderstanding can be cleared up today if you are the one to bring it up.',
  },
  {
    ko: '오늘은 웃음이 가장 좋은 연결 고리예요. 나를 웃게 했던 일을 함께 나눠 보세요.',
    en: 'Laughter is the best bond today; share something that made you smile.',
  },
  {
    ko: '오늘은 아끼는 사람에게 혼자만의 시간을 조금 내어 주세요. 거리가 생기는 게 아니라 오히려 더 가까워질 거예요.',
    en: 'Give the people you care about a little time to themselves today; it will bring you closer, not apart.',
  },
  {
    ko: '오늘은 솔직한 모습이 매력으로 다가가요. 진짜 마음을 숨기지 말고 보여 주세요.',
    en: 'Your honesty comes across as charm today, so let your real feelings show.',
  },
  {
    ko: '함께 걷거나 밥을 먹는 소박한 약속이 오늘은 오래 남을 추억이 될 거예요.',
    en: 'A simple plan, like a walk or a meal together, turns into a lasting memory today.',
  },
  {
    ko: '오늘은 짧은 답장에 너무 많은 의미를 두지 마세요. 그저 바빠서 그런 거예요.',
    en: 'Do not read too much into a short reply today; people are simply busy.',
  },
  {
    ko: '오늘은 누군가 당신에게 조용히 고마워하고 있어요. 작은 순간에 그 마음을 느끼게 될 거예요.',
    en: 'Someone is quietly grateful for you today, and you will feel it in a small moment.',
  },
  {
    ko: '오늘은 먼저 나 자신에게 다정해져 보세요. 그래야 사랑하는 사람에게도 더 다정해질 수 있어요.',
    en: 'Be kind to yourself first today; it makes it easier to be kind to the people you love.',
  },
  {
    ko: '오늘은 오랜 친구가 뜻밖의 온기를 전해 줄 수 있어요. 문득 떠오른다면 먼저 연락해 보세요.',
    en: 'An old friend may bring unexpected warmth today; if they come to mind, reach out first.',
  },
  {
    ko: '오늘은 말하지 않은 마음에 귀 기울여 보세요. 상대의 표정과 기분이 필요한 것을 알려 줄 거예요.',
    en: 'Listen for what goes unsaid today; the other person’s face and mood will tell you what they need.',
  },
];

export const WORK: readonly Bilingual[] = [
  {
    ko: '오전에 가장 어려운 일부터 해치우면 오후가 한결 가벼워질 거예요.',
    en: 'Get the hardest task out of the way this morning and the afternoon will feel much lighter.',
  },
  {
    ko: '오늘 동료가 건넨 작은 조언이 생각보다 훨씬 쓸모 있을 거예요.',
    en: 'A small piece of advice from a colleague today will turn out far more useful than it sounds.',
  },
  {
    ko: '오늘은 회의에서 당신의 의견이 또렷하고 설득력 있게 전달돼요.',
    en: 'In meetings today, your points come across clearly and persuasively.',
  },
  {
    ko: '오늘은 숫자와 날짜를 한 번 더 확인하세요. 지금의 작은 수정이 나중의 큰 문제를 막아 줘요.',
    en: 'Check numbers and dates once more today; a small fix now prevents a bigger problem later.',
  },
  {
    ko: '오늘은 큰 프로젝트를 작은 단계로 나눠 보세요. 첫걸음이 훨씬 쉽게 느껴질 거예요.',
    en: 'Break a big project into small steps today, and the first one will feel much easier.',
  },
  {
    ko: '묻기를 망설였던 질문에 오늘은 도움이 되는 답을 얻을 수 있어요.',
    en: 'A question you have hesitated to ask gets a helpful answer today.',
  },
  {
    ko: '오늘 메일함이나 할 일 목록을 정리하면 더 좋은 아이디어가 들어올 자리가 생겨요.',
    en: 'Clearing your inbox or to-do list today makes room for better ideas.',
  },
  {
    ko: '아직 아무도 말하지 않았지만, 당신의 꾸준한 노력은 오늘도 누군가의 눈에 띄고 있어요.',
    en: 'No one has said it yet, but your steady work is being noticed today.',
  },
  {
    ko: '오늘은 팀워크가 매끄러워요. 일을 나눠 맡으면 모든 게 더 빨리 끝날 거예요.',
    en: 'Teamwork runs smoothly today; sharing the load gets everything done faster.',
  },
  {
    ko: '오늘은 짧은 휴식이 집중에 도움이 돼요. 한 시간에 한 번씩 5분만 자리에서 일어나 보세요.',
    en: 'Short breaks help you focus today; stand up from your desk for five minutes every hour.',
  },
  {
    ko: '오늘은 너무 단순해 보이는 아이디어가 오히려 정답일 수 있어요.',
    en: 'An idea that looks too simple today may turn out to be exactly right.',
  },
  {
    ko: '오늘은 할 수 있는 것보다 많이 약속하지 마세요. 현실적인 마감 일정이 더 큰 신뢰를 얻어요.',
    en: 'Do not promise more than you can deliver today; a realistic deadline earns more trust.',
  },
  {
    ko: '오늘 새로운 도구나 기술을 익혀 두면 생각보다 빨리 도움이 될 거예요.',
    en: 'A new tool or skill you pick up today will pay off sooner than you expect.',
  },
  {
    ko: '오늘 끝낸 일을 적어 보세요. 목록으로 보면 스스로도 뿌듯해질 거예요.',
    en: 'Write down what you finished today; seeing it as a list will make you proud of yourself.',
  },
];

export const MONEY: readonly Bilingual[] = [
  {
    ko: '오늘은 구독 중인 서비스를 점검하고 더 이상 쓰지 않는 것 하나를 해지하기 좋은 날이에요.',
    en: 'Today is a good day to review your subscriptions and cancel one you no longer use.',
  },
  {
    ko: '오늘은 충동구매의 유혹이 있을 수 있어요. 하루만 기다려 보고 그래도 필요하면 사세요.',
    en: 'An impulse buy may tempt you today; wait one day, and buy it only if you still need it.',
  },
  {
    ko: '커피 한 잔 값이라도 오늘 아껴 두면 차곡차곡 쌓이는 좋은 습관이 돼요.',
    en: 'Saving even the price of a coffee today builds a good habit that adds up over time.',
  },
  {
    ko: '오늘 계좌를 확인해 보면 반가운 소식이나 잊고 있던 환급금을 발견할 수도 있어요.',
    en: 'Checking your accounts today might turn up good news or a refund you had forgotten.',
  },
  {
    ko: '오늘은 배움이나 건강을 위해 쓰는 돈이 가장 값진 지출이에요.',
    en: 'Money spent on learning or on your health is the most worthwhile spending today.',
  },
  {
    ko: '오늘 쉽게 돈을 빌려주면 나중에 서로 곤란해질 수 있어요. 조건을 분명하게 해 두세요.',
    en: 'Lending money lightly today could make things awkward later, so agree on the terms clearly.',
  },
  {
    ko: '앞으로 일주일의 예산을 간단히 세워 두면 오늘 마음이 한결 편해질 거예요.',
    en: 'Setting a simple budget for the week ahead will give you peace of mind today.',
  },
  {
    ko: '오늘은 사기 전에 가격을 비교해 보면 생각보다 많이 아낄 수 있어요.',
    en: 'Comparing prices before you buy today can save you more than you expect.',
  },
  {
    ko: '오늘은 금전운이 잔잔해요. 장기적인 목표를 차분히 떠올려 보기 좋은 때예요.',
    en: 'Money matters are calm today, a good moment to think quietly about a long-term goal.',
  },
  {
    ko: '계획 안에서라면 오늘은 나를 위한 작은 선물을 해도 괜찮아요.',
    en: 'A small treat for yourself is fine today, as long as it fits your plan.',
  },
  {
    ko: '미뤄 두었던 청구서나 영수증 정리가 오늘은 생각보다 쉽게 끝날 거예요.',
    en: 'Sorting out the bills or receipts you have been putting off will go more easily than you think today.',
  },
  {
    ko: '친구나 가족과 비용을 나눌 때 미리 분명하게 정해 두면 오늘은 깔끔하게 마무리돼요.',
    en: 'When you split costs with friends or family today, agreeing up front keeps everything tidy.',
  },
  {
    ko: '오늘은 더 이상 쓰지 않는 물건을 팔거나 나누면 공간도 생기고 여유 자금도 생겨요.',
    en: 'Selling or giving away things you no longer use today frees up both space and a little cash.',
  },
  {
    ko: '오늘은 큰돈이 드는 결정은 잠시 미루고 정보를 하나 더 모아 보세요.',
    en: 'Hold off on big money decisions today and gather one more piece of information first.',
  },
];

/** Colours every sign can draw. */
export const COLORS: readonly Bilingual[] = [
  { ko: '분홍색', en: 'pink' },
  { ko: '민트색', en: 'mint' },
  { ko: '보라색', en: 'purple' },
  { ko: '회색', en: 'grey' },
  { ko: '검은색', en: 'black' },
];

/** Colours that suit an element; a sign draws these twice as often as the shared ones. */
export const ELEMENT_COLORS: Readonly<Record<Element, readonly Bilingual[]>> = {
  fire: [
    { ko: '빨간색', en: 'red' },
    { ko: '주황색', en: 'orange' },
    { ko: '금색', en: 'gold' },
    { ko: '산호색', en: 'coral' },
  ],
  earth: [
    { ko: '갈색', en: 'brown' },
    { ko: '베이지색', en: 'beige' },
    { ko: '올리브색', en: 'olive green' },
    { ko: '짙은 초록색', en: 'forest green' },
  ],
  air: [
    { ko: '하늘색', en: 'sky blue' },
    { ko: '노란색', en: 'yellow' },
    { ko: '연보라색', en: 'lavender' },
    { ko: '은색', en: 'silver' },
  ],
  water: [
    { ko: '남색', en: 'navy' },
    { ko: '청록색', en: 'teal' },
    { ko: '파란색', en: 'blue' },
    { ko: '흰색', en: 'white' },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Hash and PRNG
// ---------------------------------------------------------------------------------------------------

/** 32-bit FNV-1a over the string's UTF-16 code units. Exported for tests. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const intBelow = (rand: () => number, n: number): number => Math.floor(rand() * n);

/** Fisher–Yates permutation of 0..n-1 from a seed. */
function permutation(n: number, seed: number): number[] {
  const rand = mulberry32(seed);
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = intBelow(rand, i + 1);
    const tmp = out[i] as number;
    out[i] = out[j] as number;
    out[j] = tmp;
  }
  return out;
}

/** The bag for one block, with its first entry moved if it would repeat the previous block's last day. */
function blockBag(n: number, seedKey: string, block: number): number[] {
  const bag = permutation(n, hash32(`${seedKey}|block|${block}`));
  const prev = permutation(n, hash32(`${seedKey}|block|${block - 1}`));
  if (n > 1 && bag[0] === prev[n - 1]) {
    const tmp = bag[0] as number;
    bag[0] = bag[1] as number;
    bag[1] = tmp;
  }
  return bag;
}

/**
 * Index into a bank of size n for a given day: no repeats inside a block of n days and none on two
 * consecutive days. The block phase is offset per seedKey so members do not change blocks in step.
 */
function bagIndex(n: number, seedKey: string, day: number): number {
  const t = day + (hash32(`${seedKey}|phase`) % n);
  const block = Math.floor(t / n);
  const pos = t - block * n;
  return blockBag(n, seedKey, block)[pos] as number;
}

// ---------------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------------

export { dayNumber, mulberry32, seoulDate };

// ---------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------

const SALT = 'mygenie:astro:v1';

function scoreFor(tone: Tone, roll: number): Score {
  switch (tone) {
    case 'bright':
      return roll < 0.6 ? 4 : 5;
    case 'steady':
      return 3;
    case 'careful':
      return roll < 0.7 ? 2 : 1;
  }
}

/**
 * Today's reading for one member. `date` is the Seoul calendar date as YYYY-MM-DD (see seoulDate);
 * `memberKey` is any stable per-member string (for example the member id). Pure and deterministic.
 */
export function dailyReading(sign: Sign, date: string, memberKey: string): DailyReading {
  const day = dayNumber(date);
  const base = `${SALT}|${memberKey}|${sign.id}`;

  const overallBank = OVERALL_BY_ELEMENT[sign.element];
  const overall = overallBank[bagIndex(overallBank.length, `${base}|overall`, day)] as OverallPhrase;
  const love = LOVE[bagIndex(LOVE.length, `${base}|love`, day)] as Bilingual;
  const work = WORK[bagIndex(WORK.length, `${base}|work`, day)] as Bilingual;
  const money = MONEY[bagIndex(MONEY.length, `${base}|money`, day)] as Bilingual;

  const rand = mulberry32(hash32(`${base}|day|${date}`));
  const score = scoreFor(overall.tone, rand());
  const affinity = ELEMENT_COLORS[sign.element];
  const colorPool = [...affinity, ...affinity, ...COLORS];
  const luckyColor = colorPool[intBelow(rand, colorPool.length)] as Bilingual;
  const luckyNumber = 1 + intBelow(rand, LUCKY_NUMBER_MAX);

  return {
    overall: { ko: overall.ko, en: overall.en },
    love,
    work,
    money,
    luckyColor,
    luckyNumber,
    score,
  };
}
