/**
 * Daily saju reading for MyGenie's fortune embed: today's day pillar (일진) read against the member's day
 * master (일간), plus a tip for the element their chart has least of.
 *
 * The stem of the day relates to the day master in one of five ways, the ten gods (십신) paired up:
 * same element (비겁: 비견/겁재), produces me (인성: 편인/정인), I produce (식상: 식신/상관), controls me
 * (관성: 편관/정관), I control (재성: 편재/정재). Within a pair the stem of the same yin/yang is the
 * "indirect" god (비견, 편인, 식신, 편관, 편재), the other the "direct" one.
 *
 * A reading is a pure function of (chart, Seoul date, member key). Phrases are drawn shuffle-bag style
 * with mulberry32 seeded by `hashKey`: a member's days in one relation are numbered in order, cut into
 * blocks as long as the bank, and each block walks a fresh permutation, so a phrase never comes back
 * within a block nor on two such days in a row (a relation always lasts two days, 甲乙, 丙丁, …).
 * The element tip does the same over calendar days.
 *
 * All sentences were written for MyGenie. Each entry holds both languages, so one index means the same
 * thing in Korean (해요체) and English.
 */

import { dayNumber, mulberry32 } from '../daily-seed.js';
import { FIVE_ELEMENTS, pillarFromIndex } from './pillars.js';
import type { FiveElement, FourPillars, Pillar, Stem } from './pillars.js';
import type { Bilingual } from '../bilingual.js';

export type Relation = 'same' | 'produces-me' | 'i-produce' | 'controls-me' | 'i-control';

export const RELATIONS: readonly Relation[] = [
  'same',
  'produces-me',
  'i-produce',
  'controls-me',
  'i-control',
];

export type TenGodId =
  | 'companion'
  | 'rob-wealth'
  | 'eating-god'
  | 'hurting-officer'
  | 'indirect-wealth'
  | 'direct-wealth'
  | 'seven-killings'
  | 'direct-officer'
  | 'indirect-resource'
  | 'direct-resource';

export interface TenGod extends Bilingual {
  readonly id: TenGodId;
  readonly hanja: string;
  readonly relation: Relation;
}

/** [same yin/yang, other yin/yang] for each relation. */
const TEN_GODS: Readonly<Record<Relation, readonly [TenGod, TenGod]>> = {
  same: [
    { id: 'companion', hanja: '比肩', ko: '비견', en: 'Companion', relation: 'same' },
    { id: 'rob-wealth', hanja: '劫財', ko: '겁재', en: 'Rob Wealth', relation: 'same' },
  ],
  'produces-me': [
    { id: 'indirect-resource', hanja: '偏印', ko: '편인', en: 'Indirect Resource', relation: 'produces-me' },
    { id: 'direct-resource', hanja: '正印', ko: '정인', en: 'Direct Resource', relation: 'produces-me' },
  ],
  'i-produce': [
    { id: 'eating-god', hanja: '食神', ko: '식신', en: 'Eating God', relation: 'i-produce' },
    { id: 'hurting-officer', hanja: '傷官', ko: '상관', en: 'Hurting Officer', relation: 'i-produce' },
  ],
  'controls-me': [
    { id: 'seven-killings', hanja: '偏官', ko: '편관', en: 'Seven Killings', relation: 'controls-me' },
    { id: 'direct-officer', hanja: '正官', ko: '정관', en: 'Direct Officer', relation: 'controls-me' },
  ],
  'i-control': [
    { id: 'indirect-wealth', hanja: '偏財', ko: '편재', en: 'Indirect Wealth', relation: 'i-control' },
    { id: 'direct-wealth', hanja: '正財', ko: '정재', en: 'Direct Wealth', relation: 'i-control' },
  ],
};

const position = (element: FiveElement): number => FIVE_ELEMENTS.indexOf(element);

/** How `other` relates to `self` in the five-element cycles (생: +1 step, 극: +2 steps). */
export function relationOf(self: FiveElement, other: FiveElement): Relation {
  switch ((position(other) - position(self) + 5) % 5) {
    case 0:
      return 'same';
    case 1:
      return 'i-produce';
    case 2:
      return 'i-control';
    case 3:
      return 'controls-me';
    default:
      return 'produces-me';
  }
}

/** The ten god that `stem` is for a day master. */
export function tenGodOf(dayMaster: Stem, stem: Stem): TenGod {
  const pair = TEN_GODS[relationOf(dayMaster.element, stem.element)];
  return pair[dayMaster.yinYang === stem.yinYang ? 0 : 1];
}

export type ElementCounts = Readonly<Record<FiveElement, number>>;

/** How many of the chart's stems and branches (8, or 6 without an hour) belong to each element. */
export function elementBalance(p: FourPillars): ElementCounts {
  const counts: Record<FiveElement, number> = { wood: 0, fire: 0, earth: 0, metal: 0, water: 0 };
  for (const pillar of [p.year, p.month, p.day, p.hour]) {
    if (!pillar) continue;
    counts[pillar.stem.element] += 1;
    counts[pillar.branch.element] += 1;
  }
  return counts;
}

/** The element with the lowest count; ties go to the first in 목화토금수 order, so it never changes. */
export function weakestElement(counts: ElementCounts): FiveElement {
  let weakest: FiveElement = 'wood';
  for (const element of FIVE_ELEMENTS) if (counts[element] < counts[weakest]) weakest = element;
  return weakest;
}

/** 1970-01-01 was a 辛巳 day, 17th of the sexagenary cycle. */
const EPOCH_DAY_INDEX = 17;

/** The day pillar (일진) of a calendar date YYYY-MM-DD, e.g. today in Seoul; throws RangeError on a bad date. */
export function todayPillar(date: string): Pillar {
  return pillarFromIndex(dayNumber(date) + EPOCH_DAY_INDEX);
}

// ---------------------------------------------------------------------------------------------------
// Phrase banks
// ---------------------------------------------------------------------------------------------------

export const RELATION_PHRASES: Readonly<Record<Relation, readonly Bilingual[]>> = {
  same: [
    {
      ko: '오늘은 나와 같은 기운이 들어와서 마음이 든든해요. 혼자 끙끙대던 일을 친구나 동료와 나눠 보세요.',
      en: 'Today brings energy just like your own, so you feel steady inside; share a task you have been carrying alone with a friend or colleague.',
    },
    {
      ko: '자기 생각이 또렷해지는 날이에요. 다만 고집으로 비치지 않도록 상대의 의견을 먼저 물어봐 주세요.',
      en: 'Your own views come into sharp focus today; just ask for the other person’s opinion first so it does not come across as stubbornness.',
    },
    {
      ko: '비슷한 목표를 가진 사람과 은근히 경쟁하게 될 수 있어요. 이기는 것보다 함께 크는 쪽을 택하면 마음이 편해요.',
      en: 'You may find yourself quietly competing with someone who wants the same thing; choosing to grow together rather than win will leave you at ease.',
    },
    {
      ko: '오늘은 돈을 빌려주거나 함께 쓰는 일은 조금 미루는 게 좋아요. 각자의 몫을 분명히 하면 관계도 지킬 수 있어요.',
      en: 'Hold off on lending money or splitting costs today; keeping everyone’s share clear protects the relationship too.',
    },
    {
      ko: '스스로를 믿는 힘이 커지는 날이에요. 미뤄 둔 운동이나 자기 관리를 오늘 다시 시작해 보세요.',
      en: 'Your belief in yourself grows stronger today; restart the exercise or self-care routine you had set aside.',
    },
    {
      ko: '오랜만에 연락이 닿는 친구가 있을 수 있어요. 짧은 안부 한마디가 서로에게 큰 힘이 될 거예요.',
      en: 'An old friend may get back in touch today; a short hello will mean a lot to both of you.',
    },
    {
      ko: '오늘은 남에게 기대기보다 내 힘으로 해내는 경험이 값져요. 작은 일이라도 끝까지 직접 마무리해 보세요.',
      en: 'Today the value lies in doing things under your own power rather than leaning on others; see even a small task through to the end yourself.',
    },
    {
      ko: '기운이 넘치는 만큼 말이 앞설 수 있어요. 약속은 지킬 수 있는 만큼만 해 두세요.',
      en: 'With this much energy, your words may run ahead of you; promise only what you can keep.',
    },
  ],
  'produces-me': [
    {
      ko: '오늘은 주변에서 도움의 손길이 자연스럽게 다가와요. 필요한 게 있다면 망설이지 말고 부탁해 보세요.',
      en: 'Help comes your way naturally today; if you need something, go ahead and ask without hesitating.',
    },
    {
      ko: '배우고 익히기에 좋은 날이에요. 읽다 만 책이나 듣다 만 강의를 조금이라도 이어서 봐 주세요.',
      en: 'It is a good day for learning; pick up the book or course you left halfway, even for a little while.',
    },
    {
      ko: '마음을 차분히 가라앉히면 좋은 생각이 떠올라요. 바쁜 틈에도 잠깐 눈을 감고 숨을 골라 보세요.',
      en: 'Good ideas arrive once your mind settles; close your eyes and catch your breath for a moment, however busy you are.',
    },
    {
      ko: '윗사람이나 선배의 조언이 뜻밖의 실마리가 되어 줄 거예요. 오늘은 귀 기울여 들어 보세요.',
      en: 'Advice from someone senior may turn out to be the clue you needed, so listen closely today.',
    },
    {
      ko: '계약서나 서류를 챙기기에 알맞은 날이에요. 미뤄 둔 신청이나 서류 정리를 오늘 끝내 보세요.',
      en: 'Today suits paperwork and contracts; finish the application or filing you have been putting off.',
    },
    {
      ko: '오늘은 받는 것도 능력이에요. 누군가의 호의를 부담 없이 고맙게 받아 주세요.',
      en: 'Receiving is a skill too today; accept someone’s kindness gratefully and without feeling you owe them.',
    },
    {
      ko: '몸이 쉬고 싶다는 신호를 보내고 있어요. 오늘은 빽빽한 일정보다 충분한 잠을 먼저 챙겨 주세요.',
      en: 'Your body is asking for rest; put a full night’s sleep ahead of a packed schedule today.',
    },
    {
      ko: '생각이 많아져서 실행이 늦어질 수 있어요. 계획은 이미 충분하니 첫걸음만 가볍게 떼어 보세요.',
      en: 'Too much thinking could slow you down today; your plan is already good enough, so just take the first light step.',
    },
  ],
  'i-produce': [
    {
      ko: '표현력이 빛나는 날이에요. 마음속에 담아 둔 아이디어를 글이나 말로 꺼내 보세요.',
      en: 'Your way with words shines today; bring out an idea you have kept to yourself, in writing or out loud.',
    },
    {
      ko: '손으로 무언가를 만들거나 꾸미면 기분이 한결 밝아져요. 요리나 방 정리도 좋은 선택이에요.',
      en: 'Making or decorating something with your hands will lift your mood; cooking or tidying your room count too.',
    },
    {
      ko: '하고 싶은 말이 많아지는 날이라 말실수가 생기기 쉬워요. 중요한 말은 한 번 더 다듬어서 전해 주세요.',
      en: 'You will have a lot to say today, which makes slips of the tongue easy; polish important words once more before you say them.',
    },
    {
      ko: '재능을 보여 줄 기회가 찾아와요. 겸손도 좋지만 오늘만큼은 잘하는 걸 당당히 드러내 보세요.',
      en: 'A chance to show your talent comes along; modesty is fine, but today let people see what you do well.',
    },
    {
      ko: '새로운 취미를 시작하기 좋은 날이에요. 부담 없이 맛보기로 한번 해 보세요.',
      en: 'Today is a good day to start a new hobby; give it a try with no pressure, just for a taste.',
    },
    {
      ko: '누군가를 돌보고 챙기는 데서 기쁨을 느낄 거예요. 가까운 사람에게 맛있는 걸 대접해 보세요.',
      en: 'You will find joy in looking after others; treat someone close to you to something delicious.',
    },
    {
      ko: '규칙이 답답하게 느껴질 수 있어요. 불만은 감정 대신 구체적인 제안으로 바꿔서 이야기해 보세요.',
      en: 'Rules may feel confining today; turn any complaint into a concrete suggestion instead of a burst of feeling.',
    },
    {
      ko: '에너지를 밖으로 많이 쓰는 날이라 저녁엔 쉽게 지칠 수 있어요. 일정 사이사이에 쉬는 시간을 넣어 주세요.',
      en: 'You spend a lot of energy outward today and may tire easily by evening; slip short breaks between your plans.',
    },
  ],
  'controls-me': [
    {
      ko: '책임감이 필요한 일이 맡겨질 수 있어요. 부담스러워도 차근차근 해내면 신뢰가 한층 깊어져요.',
      en: 'You may be handed something that calls for responsibility; take it step by step and the trust placed in you will deepen.',
    },
    {
      ko: '규칙과 약속을 지키는 모습이 좋은 평가로 이어지는 날이에요. 시간 약속만큼은 꼭 지켜 주세요.',
      en: 'Keeping to rules and promises earns you good notice today; above all, be on time.',
    },
    {
      ko: '주변의 기대가 조금 무겁게 느껴질 수 있어요. 모든 걸 완벽하게 하려 하기보다 우선순위를 정해 보세요.',
      en: 'Other people’s expectations may feel a little heavy; set priorities instead of trying to do everything perfectly.',
    },
    {
      ko: '윗사람과 부딪히기 쉬운 날이에요. 반박하고 싶을 때는 일단 끝까지 듣고 나서 차분하게 의견을 전해 보세요.',
      en: 'Friction with people above you comes easily today; when you want to push back, hear them out first and then give your view calmly.',
    },
    {
      ko: '스스로에게 엄격해지는 날이에요. 실수 하나로 하루 전체를 평가하지 말고 잘한 일도 함께 세어 보세요.',
      en: 'You are hard on yourself today; do not judge the whole day by one mistake, and count what went well too.',
    },
    {
      ko: '긴장이 어깨와 목에 쌓이기 쉬워요. 틈날 때마다 스트레칭으로 몸을 풀어 주세요.',
      en: 'Tension builds up easily in your neck and shoulders today; stretch it out whenever you get the chance.',
    },
    {
      ko: '공식적인 자리나 면접, 발표에서 차분한 인상을 남길 수 있어요. 준비한 만큼 자신 있게 임해 보세요.',
      en: 'You can leave a calm impression at formal events, interviews or presentations; go in with the confidence your preparation has earned.',
    },
    {
      ko: '오늘은 위험을 감수하기보다 정해진 절차를 따르는 편이 안전해요. 서두르지 말고 한 번 더 확인해 주세요.',
      en: 'Following the proper steps is safer than taking risks today; do not hurry, and check things once more.',
    },
  ],
  'i-control': [
    {
      ko: '노력한 만큼 결과가 손에 잡히는 날이에요. 미뤄 둔 일을 끝내면 뿌듯함이 따라와요.',
      en: 'Today your effort turns into something you can hold; finish what you have put off and satisfaction will follow.',
    },
    {
      ko: '돈의 흐름이 활발해지는 날이에요. 들어오는 만큼 나가기도 쉬우니 가계부를 한번 살펴보세요.',
      en: 'Money moves briskly today; what comes in goes out just as easily, so take a look at your household ledger.',
    },
    {
      ko: '현실 감각이 좋아서 실속 있는 선택을 할 수 있어요. 충동구매만 조심하면 알찬 하루가 될 거예요.',
      en: 'Your practical sense is sharp, so you can make choices with real substance; steer clear of impulse buys and the day will be well spent.',
    },
    {
      ko: '일을 주도적으로 이끌기에 좋은 날이에요. 흩어진 일을 한데 모아 순서를 정해 보세요.',
      en: 'It is a good day to take the lead; gather your scattered tasks and put them in order.',
    },
    {
      ko: '욕심이 커질 수 있는 날이에요. 한꺼번에 다 잡으려 하기보다 꼭 필요한 한두 가지에 집중해 보세요.',
      en: 'Your appetite for more may grow today; rather than grabbing everything at once, focus on the one or two things you really need.',
    },
    {
      ko: '가까운 사람에게 작은 선물이나 밥 한 끼를 사면 관계가 더 따뜻해져요. 마음을 표현하기 좋은 날이에요.',
      en: 'A small gift or a meal for someone close will warm the relationship; it is a good day to show how you feel.',
    },
    {
      ko: '숫자와 계획을 다루는 일이 술술 풀려요. 예산이나 일정표를 다시 짜 보기에 알맞아요.',
      en: 'Work with numbers and plans goes smoothly today, which makes it a good time to redo a budget or a timetable.',
    },
    {
      ko: '바쁘게 움직이다 보면 몸이 먼저 지칠 수 있어요. 성과만큼 컨디션도 함께 챙겨 주세요.',
      en: 'Moving at full speed may wear your body out first; look after how you feel as well as what you achieve.',
    },
  ],
};

export const ELEMENT_TIPS: Readonly<Record<FiveElement, readonly Bilingual[]>> = {
  wood: [
    {
      ko: '사주에서 가장 약한 기운은 목(木)이에요. 화분에 물을 주거나 초록빛 풍경을 보며 자라나는 기운을 채워 보세요.',
      en: 'The weakest element in your chart is wood; water a plant or rest your eyes on something green to take in its growing energy.',
    },
    {
      ko: '부족한 목(木)의 기운은 새로운 시작에서 자라나요. 오늘 아주 작은 계획 하나를 세워 보세요.',
      en: 'Wood, your weakest element, grows from fresh starts; make one very small plan today.',
    },
    {
      ko: '목(木)의 기운을 보태려면 몸을 쭉 펴 주는 게 좋아요. 아침에 가볍게 스트레칭을 해 보세요.',
      en: 'To add some wood energy, stretch your body out; try a few gentle stretches in the morning.',
    },
    {
      ko: '목(木)이 약한 편이라 나무가 많은 길을 걸으면 마음이 편안해질 거예요. 점심 산책길을 바꿔 보세요.',
      en: 'Wood runs low in your chart, so a walk along a tree-lined street will settle you; try a new route at lunchtime.',
    },
  ],
  fire: [
    {
      ko: '사주에서 가장 약한 기운은 화(火)예요. 햇볕을 쬐며 몸과 마음을 따뜻하게 데워 보세요.',
      en: 'The weakest element in your chart is fire; spend some time in the sun and warm up body and mind.',
    },
    {
      ko: '부족한 화(火)의 기운은 웃음과 표현에서 살아나요. 오늘은 좋아하는 사람에게 먼저 반갑게 인사해 보세요.',
      en: 'Fire, your weakest element, comes alive through laughter and expression; greet someone you like warmly before they greet you.',
    },
    {
      ko: '화(火)의 기운을 보태려면 붉은색 소품을 곁에 두는 것도 좋아요. 작은 포인트 하나면 충분해요.',
      en: 'A touch of red nearby helps add fire energy; one small accent is enough.',
    },
    {
      ko: '화(火)가 약한 편이라 따뜻한 차 한 잔이 도움이 될 거예요. 차가운 음료는 조금 줄여 보세요.',
      en: 'Fire runs low in your chart, so a warm cup of tea will help; cut back a little on cold drinks.',
    },
  ],
  earth: [
    {
      ko: '사주에서 가장 약한 기운은 토(土)예요. 규칙적인 식사로 하루의 중심을 단단히 잡아 보세요.',
      en: 'The weakest element in your chart is earth; anchor your day with regular meals.',
    },
    {
      ko: '부족한 토(土)의 기운은 안정된 습관에서 채워져요. 매일 같은 시간에 잠자리에 들어 보세요.',
      en: 'Earth, your weakest element, is filled in by steady habits; try going to bed at the same time every night.',
    },
    {
      ko: '토(土)의 기운을 보태려면 흙을 만지거나 맨발로 땅을 밟아 보는 것도 좋아요.',
      en: 'Touching soil or walking barefoot on the ground is a good way to add earth energy.',
    },
    {
      ko: '토(土)가 약한 편이라 주변을 정돈하면 마음도 함께 안정돼요. 책상 위부터 치워 보세요.',
      en: 'Earth runs low in your chart, so tidying your surroundings steadies your mind as well; start with your desk.',
    },
  ],
  metal: [
    {
      ko: '사주에서 가장 약한 기운은 금(金)이에요. 미뤄 둔 결정을 하나 깔끔하게 내려 보세요.',
      en: 'The weakest element in your chart is metal; make one clean decision you have been putting off.',
    },
    {
      ko: '부족한 금(金)의 기운은 비우는 데서 채워져요. 안 쓰는 물건 하나를 정리해 보세요.',
      en: 'Metal, your weakest element, is filled by letting go; clear out one thing you no longer use.',
    },
    {
      ko: '금(金)의 기운을 보태려면 흰색이나 은색 소품이 도움이 돼요. 단정한 옷차림도 좋아요.',
      en: 'White or silver accents help add metal energy, and so does neat, simple clothing.',
    },
    {
      ko: '금(金)이 약한 편이라 거절할 일은 분명하게 거절하는 연습이 필요해요. 오늘 한 번 해 보세요.',
      en: 'Metal runs low in your chart, so it helps to practise saying a clear no when you mean it; try it once today.',
    },
  ],
  water: [
    {
      ko: '사주에서 가장 약한 기운은 수(水)예요. 물을 자주 마시며 몸에 촉촉한 기운을 채워 주세요.',
      en: 'The weakest element in your chart is water; drink water often and keep your body well refreshed.',
    },
    {
      ko: '부족한 수(水)의 기운은 고요한 시간에서 자라나요. 잠들기 전 몇 분이라도 조용히 하루를 돌아보세요.',
      en: 'Water, your weakest element, grows in quiet moments; spend a few minutes looking back on the day before you sleep.',
    },
    {
      ko: '수(水)의 기운을 보태려면 남색이나 검은색 옷이 잘 어울려요. 따뜻한 물로 하는 목욕도 좋아요.',
      en: 'Navy or black clothing helps add water energy, and a warm bath does too.',
    },
    {
      ko: '수(水)가 약한 편이라 말하기보다 듣는 쪽에 서면 일이 부드럽게 풀려요. 오늘은 먼저 들어 주세요.',
      en: 'Water runs low in your chart, so things go more smoothly when you listen rather than talk; let others speak first today.',
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Deterministic choice
// ---------------------------------------------------------------------------------------------------

/** FNV-1a over UTF-16 code units, finished with murmur3's fmix32 so near keys land far apart. */
export function hashKey(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function shuffled(n: number, seed: number): number[] {
  const rand = mulberry32(seed);
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as number, out[i] as number];
  }
  return out;
}

/** Bag of block `block`; its first entry is never the previous bag's last, so no pick repeats at a seam. */
function bag(n: number, seedKey: string, block: number): number[] {
  const current = shuffled(n, hashKey(`${seedKey}#${block}`));
  const previous = shuffled(n, hashKey(`${seedKey}#${block - 1}`));
  if (n > 1 && current[0] === previous[n - 1]) {
    const first = current[0] as number;
    current[0] = current[1] as number;
    current[1] = first;
  }
  return current;
}

/** Index into a bank of n for the `step`-th draw of a sequence (steps are consecutive integers). */
function draw(n: number, seedKey: string, step: number): number {
  const t = step + (hashKey(`${seedKey}#phase`) % n);
  const block = Math.floor(t / n);
  return bag(n, seedKey, block)[t - block * n] as number;
}

// ---------------------------------------------------------------------------------------------------
// The reading
// ---------------------------------------------------------------------------------------------------

export interface DailySaju {
  /** The two or three sentences to show, one string per language. */
  readonly ko: string;
  readonly en: string;
  readonly date: string;
  readonly todayPillar: Pillar;
  readonly relation: Relation;
  readonly tenGod: TenGod;
  readonly balance: ElementCounts;
  readonly weakestElement: FiveElement;
  /** The parts of ko/en: today's pillar and ten god, the relation phrase, the element tip. */
  readonly headline: Bilingual;
  readonly message: Bilingual;
  readonly elementTip: Bilingual;
}

/** Today's saju reading for a member: the same all day on every device, different tomorrow. */
export function dailySaju(p: FourPillars, date: string, memberKey: string): DailySaju {
  const day = dayNumber(date);
  const today = todayPillar(date);
  const tenGod = tenGodOf(p.dayMaster, today.stem);
  const relation = tenGod.relation;

  // Each relation holds for two days in every ten (甲乙, 丙丁, …); number those days 0, 1, 2, … in order.
  const tenDays = Math.floor((day + EPOCH_DAY_INDEX) / 10);
  const occurrence = 2 * tenDays + (today.stem.index % 2);
  const phrases = RELATION_PHRASES[relation];
  const message = phrases[draw(phrases.length, `${memberKey}|saju|${relation}`, occurrence)] as Bilingual;

  const balance = elementBalance(p);
  const weakest = weakestElement(balance);
  const tips = ELEMENT_TIPS[weakest];
  const elementTip = tips[draw(tips.length, `${memberKey}|saju-tip|${weakest}`, day)] as Bilingual;

  const headline: Bilingual = {
    ko: `오늘의 일진은 ${today.ko}(${today.hanja})일, 나에게는 ${tenGod.ko}(${tenGod.hanja})의 기운이 들어오는 날이에요.`,
    en: `Today’s day pillar is ${today.hanja} (${today.stem.en} ${today.branch.en}); for you it is ${tenGod.en} (${tenGod.hanja}).`,
  };
  return {
    ko: `${headline.ko} ${message.ko} ${elementTip.ko}`,
    en: `${headline.en} ${message.en} ${elementTip.en}`,
    date,
    todayPillar: today,
    relation,
    tenGod,
    balance,
    weakestElement: weakest,
    headline,
    message,
    elementTip,
  };
}
