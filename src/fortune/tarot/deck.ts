/**
 * The 78-card tarot deck for MyGenie's daily fortune, in Korean and English.
 *
 * Order is the usual one: the 22 major arcana (0 The Fool … 21 The World), then wands, cups, swords and
 * pentacles, each Ace (1) … 10, Page (11), Knight (12), Queen (13), King (14).
 *
 * Every meaning below was written for MyGenie: warm, practical and about today. The Korean is written in
 * Korean (polite 해요체), not translated word by word from the English.
 */
import type { Bilingual } from '../bilingual.js';

export type TarotSuit = 'wands' | 'cups' | 'swords' | 'pentacles';

export interface TarotCard {
  id: string;
  arcana: 'major' | 'minor';
  suit: TarotSuit | null;
  number: number;
  name: Bilingual;
  upright: Bilingual;
  reversed: Bilingual;
  keywords: { ko: string[]; en: string[] };
}

type CardText = Pick<TarotCard, 'upright' | 'reversed' | 'keywords'>;
type MajorText = CardText & { slug: string; name: Bilingual };
type Fourteen<T> = readonly [T, T, T, T, T, T, T, T, T, T, T, T, T, T];

const MAJORS: readonly MajorText[] = [
  {
    slug: 'fool',
    name: { ko: '바보', en: 'The Fool' },
    upright: {
      ko: '새로운 걸 시작하기 좋은 날이에요. 길이 다 보이지 않아도 마음이 끌리는 쪽으로 가볍게 한 발 내디뎌 보세요.',
      en: "Today favours a fresh start. Say yes to something new, even if you can't see the whole path yet.",
    },
    reversed: {
      ko: '들뜬 마음이 판단보다 앞서 있을 수 있어요. 뛰어들기 전에 놓친 게 없는지 한 번만 살펴보세요.',
      en: 'Excitement may be running ahead of your judgement. Check the details once before you jump.',
    },
    keywords: { ko: ['시작', '호기심', '도전'], en: ['beginnings', 'curiosity', 'leap of faith'] },
  },
  {
    slug: 'magician',
    name: { ko: '마법사', en: 'The Magician' },
    upright: {
      ko: '필요한 건 이미 다 갖고 있어요. 오늘은 목표 하나를 정해서 온전히 집중해 보세요.',
      en: 'You already have what you need to get this done. Pick one goal and give it your full attention today.',
    },
    reversed: {
      ko: '힘이 여기저기 흩어져 있거나, 말만 앞서는 사람이 곁에 있을 수 있어요. 속도를 늦추고 단순하게 가는 게 좋아요.',
      en: 'Your energy is scattered, or someone is promising more than they can deliver. Slow down and keep things simple.',
    },
    keywords: { ko: ['재능', '집중', '실행'], en: ['skill', 'focus', 'action'] },
  },
  {
    slug: 'high-priestess',
    name: { ko: '여사제', en: 'The High Priestess' },
    upright: {
      ko: '오늘은 말을 아끼고 마음속 작은 목소리에 귀 기울여 보세요. 조용히 머무를 때 답이 먼저 찾아올 거예요.',
      en: 'Keep a little quiet today and listen to your inner voice. Answers tend to arrive when you stop chasing them.',
    },
    reversed: {
      ko: '속마음이 보내는 신호를 애써 외면하고 있을지도 몰라요. 잠시 소음에서 벗어나 내 마음을 들여다보세요.',
      en: 'You may be ignoring what your gut is telling you. Step away from the noise for a moment and check in with yourself.',
    },
    keywords: { ko: ['직감', '고요', '내면'], en: ['intuition', 'stillness', 'inner wisdom'] },
  },
  {
    slug: 'empress',
    name: { ko: '여황제', en: 'The Empress' },
    upright: {
      ko: '나를, 그리고 곁에 있는 사람들을 살뜰히 챙기기 좋은 날이에요. 지금 정성 들인 것들이 차곡차곡 자라날 거예요.',
      en: 'A good day to nurture your plants, your people and your own body. What you care for now will grow.',
    },
    reversed: {
      ko: '남을 챙기느라 정작 내 몫의 기운이 바닥났을 수 있어요. 오늘 돌볼 사람 목록에 나 자신도 꼭 넣어 주세요.',
      en: "You might be giving so much that you've run dry. Put yourself on today's care list too.",
    },
    keywords: { ko: ['풍요', '돌봄', '창조'], en: ['abundance', 'care', 'creativity'] },
  },
  {
    slug: 'emperor',
    name: { ko: '황제', en: 'The Emperor' },
    upright: {
      ko: '오늘은 체계가 든든한 힘이 되어 줘요. 계획을 세우고 선을 분명히 그은 다음, 끝까지 밀고 나가 보세요.',
      en: 'Structure is your friend today. Make a plan, set a clear boundary and follow through.',
    },
    reversed: {
      ko: '나든 상대든 너무 딱딱하게 굴고 있지 않은지 살펴보세요. 조금 느슨하게 쥐어도 모든 게 무너지지는 않아요.',
      en: 'Watch for rigidity, in yourself or in someone else. You can loosen your grip a little without everything falling apart.',
    },
    keywords: { ko: ['질서', '리더십', '안정'], en: ['structure', 'leadership', 'stability'] },
  },
  {
    slug: 'hierophant',
    name: { ko: '교황', en: 'The Hierophant' },
    upright: {
      ko: '오늘은 검증된 방법이 잘 통해요. 경험 많은 사람에게 조언을 구하거나 기본부터 차근차근 배워 보세요.',
      en: 'Tried-and-true methods work well today. Learn from a teacher or ask someone with experience.',
    },
    reversed: {
      ko: '익숙한 규칙이나 습관이 이제는 나와 맞지 않을 수 있어요. 한 번쯤 의문을 품고 나만의 방식을 찾아봐도 괜찮아요.',
      en: "A rule or habit may no longer fit you. It's okay to question it and find your own way.",
    },
    keywords: { ko: ['전통', '배움', '조언'], en: ['tradition', 'learning', 'guidance'] },
  },
  {
    slug: 'lovers',
    name: { ko: '연인', en: 'The Lovers' },
    upright: {
      ko: '오늘은 마음을 터놓는 대화가 잘 통하는 날이에요. 선택할 일이 있다면 내가 진짜 소중히 여기는 가치에 맞는 쪽을 고르세요.',
      en: 'Heart-to-heart talks go well today. If you face a choice, pick the option that matches what you truly value.',
    },
    reversed: {
      ko: '관계나 결정 어딘가에서 마음이 살짝 어긋나 있을 수 있어요. 약속하기 전에 내가 정말 원하는 게 뭔지 솔직하게 들여다보세요.',
      en: 'Something feels slightly out of tune in a relationship or a decision. Be honest about what you want before you commit.',
    },
    keywords: { ko: ['관계', '선택', '조화'], en: ['connection', 'choice', 'harmony'] },
  },
  {
    slug: 'chariot',
    name: { ko: '전차', en: 'The Chariot' },
    upright: {
      ko: '오늘은 일에 속도가 붙는 날이에요. 목표만 바라보고, 주변의 잡음은 흘려보내며 꾸준히 나아가세요.',
      en: 'You have momentum today. Keep your eyes on the goal and steer steadily past distractions.',
    },
    reversed: {
      ko: '두 방향으로 동시에 끌려가고 있을지도 몰라요. 더 세게 밀어붙이기 전에 어느 쪽이 더 중요한지 먼저 정하세요.',
      en: 'You may be pulled in two directions at once. Decide which way matters most before you push harder.',
    },
    keywords: { ko: ['추진력', '의지', '전진'], en: ['drive', 'determination', 'progress'] },
  },
  {
    slug: 'strength',
    name: { ko: '힘', en: 'Strength' },
    upright: {
      ko: '오늘은 부드러운 힘이 이겨요. 밀어붙이기보다 인내와 다정함으로 다가가면 일이 더 잘 풀려요.',
      en: 'Gentle strength wins the day. Patience and kindness will move things further than force.',
    },
    reversed: {
      ko: '자신감이 떨어지거나 욱하는 마음이 올라올 수 있어요. 친구를 대하듯 나에게도 너그럽게 대해 주세요.',
      en: 'Self-doubt or a short temper may show up. Be as patient with yourself as you would be with a friend.',
    },
    keywords: { ko: ['용기', '인내', '부드러움'], en: ['courage', 'patience', 'gentleness'] },
  },
  {
    slug: 'hermit',
    name: { ko: '은둔자', en: 'The Hermit' },
    upright: {
      ko: '혼자만의 시간이 약이 되는 날이에요. 사람들 틈에서 잠시 물러나 생각이 가라앉을 때까지 기다려 보세요.',
      en: 'Some time alone will do you good. Step back from the crowd and let your thoughts settle.',
    },
    reversed: {
      ko: '혼자 있는 시간이 길어지면 외로움이 될 수 있어요. 짧은 메시지 하나라도 좋으니 누군가에게 먼저 연락해 보세요.',
      en: 'Quiet time can tip into isolation. Reach out to someone, even with a short message.',
    },
    keywords: { ko: ['성찰', '혼자만의 시간', '통찰'], en: ['reflection', 'solitude', 'insight'] },
  },
  {
    slug: 'wheel-of-fortune',
    name: { ko: '운명의 수레바퀴', en: 'Wheel of Fortune' },
    upright: {
      ko: '흐름이 내 쪽으로 돌아오고 있어요. 마음을 열어 두면 반가운 기회나 딱 맞는 변화가 찾아올 거예요.',
      en: 'Things are turning in your favour. Stay open, and a lucky break or a well-timed change may come your way.',
    },
    reversed: {
      ko: '오늘은 운이 조금 엇나가는 느낌이 들 수 있지만, 흐름은 언제나 다시 바뀌어요. 내가 할 수 있는 일에 집중하고 나머지는 흘려보내세요.',
      en: "Today's luck may feel a little off, but the wheel always turns. Focus on what you can control and let the rest pass.",
    },
    keywords: { ko: ['변화', '흐름', '행운'], en: ['change', 'timing', 'luck'] },
  },
  {
    slug: 'justice',
    name: { ko: '정의', en: 'Justice' },
    upright: {
      ko: '공정하고 솔직하게 행동하면 그대로 돌아와요. 결정을 내리거나 계약을 하거나, 오해를 바로잡기에 좋은 날이에요.',
      en: 'Be fair and honest, and it will come back to you. A good day for decisions, agreements and setting the record straight.',
    },
    reversed: {
      ko: '어딘가 불공평하게 느껴지거나, 내 몫의 책임을 외면하고 있을 수 있어요. 반응하기 전에 양쪽 입장을 차분히 따져 보세요.',
      en: 'Something may feel unfair, or you may be avoiding an honest look at your own part. Weigh both sides before you react.',
    },
    keywords: { ko: ['공정', '진실', '균형'], en: ['fairness', 'truth', 'balance'] },
  },
  {
    slug: 'hanged-man',
    name: { ko: '매달린 사람', en: 'The Hanged Man' },
    upright: {
      ko: '잠시 멈춘다고 뒤처지는 건 아니에요. 상황을 다른 각도에서 바라보면 새로운 답이 보일 거예요.',
      en: "Pausing isn't losing. Look at the situation from a different angle and a new answer may appear.",
    },
    reversed: {
      ko: '저절로 바뀌지 않을 일을 하염없이 기다리고 있을지도 몰라요. 작은 것 하나라도 움직여서 멈춘 흐름을 깨 보세요.',
      en: "You may be waiting for something that won't change on its own. Make one small move to get unstuck.",
    },
    keywords: { ko: ['멈춤', '관점 전환', '내려놓음'], en: ['pause', 'new perspective', 'surrender'] },
  },
  {
    slug: 'death',
    name: { ko: '죽음', en: 'Death' },
    upright: {
      ko: '무언가가 끝나야 새로운 것이 시작될 수 있어요. 이제 나에게 맞지 않는 것은 고마운 마음으로 놓아 주세요.',
      en: "Something is ready to end so that something new can begin. Let go of what you've outgrown, with gratitude.",
    },
    reversed: {
      ko: '이미 할 만큼 다 한 일을 붙잡고 있을지도 몰라요. 생각보다 훨씬 가볍게 내려놓을 수 있을 거예요.',
      en: 'You may be holding on to something that has already run its course. Letting go will feel lighter than you expect.',
    },
    keywords: { ko: ['끝맺음', '변화', '새 출발'], en: ['endings', 'transformation', 'renewal'] },
  },
  {
    slug: 'temperance',
    name: { ko: '절제', en: 'Temperance' },
    upright: {
      ko: '오늘은 중간 길을 택해 보세요. 무엇이든 적당히 섞으면 차분하고 안정된 하루가 될 거예요.',
      en: 'Take the middle path today. A little of this and a little of that makes for a calm, steady day.',
    },
    reversed: {
      ko: '일과 휴식 사이 어딘가의 균형이 무너져 있을 수 있어요. 작은 습관 하나부터 다시 맞춰 보세요.',
      en: 'Things feel out of balance: too much work and too little rest, or the other way round. Adjust one small habit.',
    },
    keywords: { ko: ['균형', '절제', '조율'], en: ['balance', 'moderation', 'patience'] },
  },
  {
    slug: 'devil',
    name: { ko: '악마', en: 'The Devil' },
    upright: {
      ko: '나를 붙잡고 있는 게 무엇인지 살펴보세요. 습관이든 휴대폰이든 걱정이든, 이름을 붙이는 순간 힘이 조금 약해져요.',
      en: 'Notice what has a hold on you, whether a habit, a screen or a worry. Naming it is the first step to loosening its grip.',
    },
    reversed: {
      ko: '발목을 잡던 무언가에서 벗어날 준비가 됐어요. 오늘 그것에서 한 걸음만 멀어져 보세요.',
      en: "You're ready to break free from something that has been holding you back. Take one small step away from it today.",
    },
    keywords: { ko: ['습관', '유혹', '집착'], en: ['habits', 'temptation', 'attachment'] },
  },
  {
    slug: 'tower',
    name: { ko: '탑', en: 'The Tower' },
    upright: {
      ko: '뜻밖의 변화가 오히려 더 나다운 것을 위한 자리를 만들어 줄 수 있어요. 유연하게 받아들이고, 예전 계획을 서둘러 다시 쌓지 마세요.',
      en: "An unexpected shake-up may clear the way for something truer. Stay flexible and don't rush to rebuild the old plan.",
    },
    reversed: {
      ko: '다가오는 변화를 느끼면서도 애써 버티고 있을 수 있어요. 맞서기보다 부드럽게 받아들이는 편이 훨씬 수월해요.',
      en: 'You sense a change coming and may be bracing against it. Letting it happen gently is easier than resisting.',
    },
    keywords: { ko: ['급변', '깨달음', '해방'], en: ['sudden change', 'revelation', 'release'] },
  },
  {
    slug: 'star',
    name: { ko: '별', en: 'The Star' },
    upright: {
      ko: '오늘은 희망이 내 편이에요. 푹 쉬면서 기운을 채우고, 좋은 일이 다가오고 있다고 믿어 보세요.',
      en: 'Hope is on your side today. Rest, recharge and let yourself believe that good things are coming.',
    },
    reversed: {
      ko: '마음이 조금 지쳐 있을 수 있어요. 처음 시작했던 이유를 떠올리게 해 주는 작은 일 하나를 해 보세요.',
      en: 'You may feel a little discouraged. Do one small thing that reminds you why you started.',
    },
    keywords: { ko: ['희망', '치유', '영감'], en: ['hope', 'healing', 'inspiration'] },
  },
  {
    slug: 'moon',
    name: { ko: '달', en: 'The Moon' },
    upright: {
      ko: '오늘은 모든 게 또렷하지 않아도 괜찮아요. 조심스럽게 움직이고 직감을 믿되, 막연한 걱정이 커지지 않게 해 주세요.',
      en: "Not everything is clear today, and that's okay. Move carefully, trust your instincts and don't let vague worries grow.",
    },
    reversed: {
      ko: '안개가 조금씩 걷히고 있어요. 흐릿하기만 하던 일이 곧 선명해질 거예요.',
      en: 'The fog is starting to lift. Something that seemed murky will make more sense soon.',
    },
    keywords: { ko: ['불확실성', '꿈', '상상'], en: ['uncertainty', 'dreams', 'imagination'] },
  },
  {
    slug: 'sun',
    name: { ko: '태양', en: 'The Sun' },
    upright: {
      ko: '밝고 따뜻한 하루예요. 좋은 기분을 주변과 나누면 성공도 소소한 기쁨도 쉽게 찾아와요.',
      en: 'A bright, warm day. Share your good mood, and success and simple joys will come easily.',
    },
    reversed: {
      ko: '햇살은 사라진 게 아니라 잠시 구름 뒤에 숨어 있을 뿐이에요. 기대치를 조금 낮추고 작은 성취를 즐겨 보세요.',
      en: 'The sunshine is still there, just behind a cloud. Lower your expectations a little and enjoy the small wins.',
    },
    keywords: { ko: ['기쁨', '성공', '활력'], en: ['joy', 'success', 'vitality'] },
  },
  {
    slug: 'judgement',
    name: { ko: '심판', en: 'Judgement' },
    upright: {
      ko: '지난 일을 솔직하게 돌아보고 앞으로 어떤 사람이 되고 싶은지 정하기 좋은 날이에요. 마음속 부름에 답할 때가 왔을지도 몰라요.',
      en: 'A good day to look back honestly and decide who you want to be next. A call you have been hearing may be ready for an answer.',
    },
    reversed: {
      ko: '지난 일로 스스로를 너무 다그치고 있을 수 있어요. 배울 건 배우고, 나머지는 놓아 주세요.',
      en: 'You may be too hard on yourself about the past. Learn the lesson, then let it go.',
    },
    keywords: { ko: ['각성', '되돌아봄', '부름'], en: ['awakening', 'reflection', 'calling'] },
  },
  {
    slug: 'world',
    name: { ko: '세계', en: 'The World' },
    upright: {
      ko: '하나의 여정이 잘 마무리되고 있어요. 다음 일을 시작하기 전에 지금까지 해낸 걸 충분히 축하해 주세요.',
      en: "Something is coming full circle. Celebrate what you've finished before you start the next thing.",
    },
    reversed: {
      ko: '거의 다 왔지만 아직 마무리 못 한 일이 몇 가지 남아 있어요. 그것만 정리하면 한결 홀가분해질 거예요.',
      en: "You're almost there, but a few loose ends remain. Tie them up and you'll feel the relief.",
    },
    keywords: { ko: ['완성', '성취', '마무리'], en: ['completion', 'wholeness', 'achievement'] },
  },
];

const SUIT_NAMES: Record<TarotSuit, Bilingual> = {
  wands: { ko: '완드', en: 'Wands' },
  cups: { ko: '컵', en: 'Cups' },
  swords: { ko: '소드', en: 'Swords' },
  pentacles: { ko: '펜타클', en: 'Pentacles' },
};

/** Ranks 1…14 in order: slug for the id, Korean and English rank names. */
const RANKS: Fourteen<{ slug: string; ko: string; en: string }> = [
  { slug: 'ace', ko: '에이스', en: 'Ace' },
  { slug: 'two', ko: '2', en: 'Two' },
  { slug: 'three', ko: '3', en: 'Three' },
  { slug: 'four', ko: '4', en: 'Four' },
  { slug: 'five', ko: '5', en: 'Five' },
  { slug: 'six', ko: '6', en: 'Six' },
  { slug: 'seven', ko: '7', en: 'Seven' },
  { slug: 'eight', ko: '8', en: 'Eight' },
  { slug: 'nine', ko: '9', en: 'Nine' },
  { slug: 'ten', ko: '10', en: 'Ten' },
  { slug: 'page', ko: '페이지', en: 'Page' },
  { slug: 'knight', ko: '나이트', en: 'Knight' },
  { slug: 'queen', ko: '퀸', en: 'Queen' },
  { slug: 'king', ko: '킹', en: 'King' },
];

const SUITS: Record<TarotSuit, Fourteen<CardText>> = {
  // Wands: energy, drive, creativity.
  wands: [
    {
      upright: {
        ko: '번뜩이는 영감이 찾아와요. 아이디어를 적어 두고, 열정이 식기 전에 첫걸음을 떼 보세요.',
        en: 'A spark of inspiration arrives. Write the idea down and take the first step while the energy is fresh.',
      },
      reversed: {
        ko: '의욕은 있는데 좀처럼 불이 붙지 않을 수 있어요. 억지로 애쓰기보다 잠깐 산책하거나 장소를 바꿔 보세요.',
        en: "The spark is there but hard to light. Don't force it; a short walk or a change of scene may help.",
      },
      keywords: { ko: ['영감', '열정', '새로운 시도'], en: ['inspiration', 'spark', 'new venture'] },
    },
    {
      upright: {
        ko: '더 큰 그림이 눈에 들어오는 날이에요. 다음에 내디딜 걸음을 그려 보고 내가 어디까지 가고 싶은지 생각해 보세요.',
        en: "You can see the bigger picture today. Map out your next move and think about where you'd like to be.",
      },
      reversed: {
        ko: '너무 안전한 길만 고집하거나 계획이 아직 막연할 수 있어요. 구체적인 한 걸음을 정해 보세요.',
        en: 'Playing it safe may be holding you back, or the plan is still too vague. Choose one concrete step.',
      },
      keywords: { ko: ['계획', '비전', '결정'], en: ['planning', 'vision', 'choices'] },
    },
    {
      upright: {
        ko: '앞서 들인 노력이 조금씩 결실을 맺기 시작해요. 멀리 내다보면 기회가 점점 많아지고 있는 게 보일 거예요.',
        en: 'Your earlier efforts are starting to pay off. Look further ahead; your opportunities are widening.',
      },
      reversed: {
        ko: '일이 기대보다 더디게 느껴질 수 있어요. 지연에 조급해하지 말고 계획을 한 번 더 점검해 보세요.',
        en: 'Progress may feel slower than you hoped. Be patient with delays and double-check your plans.',
      },
      keywords: { ko: ['확장', '전망', '진전'], en: ['expansion', 'foresight', 'progress'] },
    },
    {
      upright: {
        ko: '사람들과 모여 기쁨을 나누기 좋은 날이에요. 작은 성과라도 가까운 사람들과 함께 축하해 보세요.',
        en: 'A happy day for gathering and celebrating. Mark even a small milestone with the people close to you.',
      },
      reversed: {
        ko: '모임 계획이 흔들리거나 집안 분위기가 어수선할 수 있어요. 거창하게 하기보다 곁에 있는 사람에게 집중하세요.',
        en: "Plans for a get-together may wobble, or home may feel unsettled. Keep it simple and focus on who's there.",
      },
      keywords: { ko: ['축하', '안식처', '기념'], en: ['celebration', 'home', 'milestone'] },
    },
    {
      upright: {
        ko: '가벼운 경쟁이나 의견 충돌이 있을 수 있어요. 싸움이 아니라 연습이라고 생각하면 한결 편해요.',
        en: 'Expect some friendly competition or clashing opinions. Treat it as practice, not a battle.',
      },
      reversed: {
        ko: '팽팽하던 긴장이 풀리고 있어요. 누가 옳은지 따지기보다 서로 통하는 부분을 찾아보세요.',
        en: 'Tension is easing. Look for common ground instead of trying to prove a point.',
      },
      keywords: { ko: ['경쟁', '마찰', '논쟁'], en: ['competition', 'friction', 'debate'] },
    },
    {
      upright: {
        ko: '그동안의 노력이 인정받는 날이에요. 칭찬은 기분 좋게 받고 그 순간을 충분히 누리세요.',
        en: 'Your hard work gets noticed. Accept the praise gracefully and enjoy the moment.',
      },
      reversed: {
        ko: '기대한 인정이 더디게 올 수 있어요. 박수가 없어도 내 가치는 그대로이니 묵묵히 계속해 나가세요.',
        en: "Recognition may be slow to come. Your worth doesn't depend on applause, so keep going.",
      },
      keywords: { ko: ['인정', '승리', '자신감'], en: ['recognition', 'victory', 'confidence'] },
    },
    {
      upright: {
        ko: '내 생각을 지켜야 할 순간이 올 수 있어요. 충분한 이유가 있으니 차분하게 소신을 지키세요.',
        en: 'You may need to stand up for your ideas. Hold your ground calmly; you have good reasons.',
      },
      reversed: {
        ko: '나를 지키느라 지쳐 있을 수 있어요. 꼭 필요한 싸움만 고르고 사소한 건 흘려보내세요.',
        en: 'You may feel worn down from defending yourself. Pick your battles and let the small ones go.',
      },
      keywords: { ko: ['소신', '끈기', '방어'], en: ['standing firm', 'perseverance', 'defence'] },
    },
    {
      upright: {
        ko: '오늘은 연락도 소식도 계획도 빠르게 움직여요. 길이 열려 있을 때 재빨리 행동하세요.',
        en: 'Messages, news and plans all move fast today. Act quickly while the path is clear.',
      },
      reversed: {
        ko: '일이 지연되거나 말이 엇갈리기 쉬워요. 메시지는 한 번 더 확인하고 답장은 서두르지 마세요.',
        en: "Delays or crossed wires are likely. Double-check messages and don't rush your replies.",
      },
      keywords: { ko: ['속도', '소식', '진행'], en: ['speed', 'messages', 'movement'] },
    },
    {
      upright: {
        ko: '지쳤지만 거의 다 왔어요. 조금만 더 힘을 내되, 내 기운을 아끼는 것도 잊지 마세요.',
        en: "You're tired but nearly there. Make one more push, and remember to protect your energy.",
      },
      reversed: {
        ko: '기운이 바닥난 채 버티고 있을 수 있어요. 도움을 청하거나 제대로 쉬어 가도 괜찮아요.',
        en: "You may be running on empty. It's okay to ask for help or take a real break.",
      },
      keywords: { ko: ['회복력', '버팀', '마지막 고비'], en: ['resilience', 'persistence', 'final stretch'] },
    },
    {
      upright: {
        ko: '어깨에 짊어진 게 많아요. 가장 중요한 일부터 끝내고, 남에게 맡기거나 내려놓을 수 있는 건 과감히 정리하세요.',
        en: "You're carrying a lot. Finish what matters most, and see what you can hand off or drop.",
      },
      reversed: {
        ko: "이제 짐을 조금 내려놓을 때예요. 오늘 한 가지에 '아니요'라고 말하는 건 나를 위한 배려예요.",
        en: "It's time to put some of the load down. Saying no to one thing today is a kindness to yourself.",
      },
      keywords: { ko: ['책임', '부담', '덜어내기'], en: ['responsibility', 'burden', 'delegation'] },
    },
    {
      upright: {
        ko: '호기심 가득하고 장난스러운 기운이 함께해요. 그냥 재미로 새로운 걸 하나 시도해 보세요.',
        en: 'A curious, playful energy is with you. Try something new just for the fun of it.',
      },
      reversed: {
        ko: '아이디어는 넘치는데 실행이 따라오지 않을 수 있어요. 하나만 골라 제대로 해 보세요.',
        en: 'Lots of ideas, not much follow-through. Choose one and give it a proper try.',
      },
      keywords: { ko: ['열의', '탐험', '호기심'], en: ['enthusiasm', 'exploration', 'curiosity'] },
    },
    {
      upright: {
        ko: '대담한 에너지가 나를 앞으로 밀어 줘요. 가슴 뛰는 일을 쫓되 앞길은 잘 살피면서 가세요.',
        en: 'Bold energy carries you forward. Chase what excites you, but keep an eye on the road.',
      },
      reversed: {
        ko: '조급함 때문에 성급한 선택을 하기 쉬워요. 전송 버튼을 누르기 전에 열까지 세어 보세요.',
        en: 'Impatience may lead to hasty choices. Count to ten before you hit send.',
      },
      keywords: { ko: ['열정', '모험', '대담함'], en: ['passion', 'adventure', 'boldness'] },
    },
    {
      upright: {
        ko: '있는 그대로의 내가 가장 빛나는 날이에요. 따뜻하고 당당하게 나서면 사람들이 자연스럽게 따라와요.',
        en: "You shine when you're simply yourself. Lead with warmth and confidence, and others will follow.",
      },
      reversed: {
        ko: '자신감이 떨어지거나 괜히 예민해질 수 있어요. 일을 더 떠안기 전에 먼저 기운부터 채우세요.',
        en: 'You may feel less sure of yourself, or a bit prickly. Recharge before you take on anything more.',
      },
      keywords: { ko: ['자신감', '따뜻함', '당당함'], en: ['confidence', 'warmth', 'determination'] },
    },
    {
      upright: {
        ko: '크게 생각하고 앞장서 보세요. 내 비전을 분명하게 나누면 다른 사람들에게도 힘이 돼요.',
        en: 'Think big and take the lead. Your vision can inspire others if you share it clearly.',
      },
      reversed: {
        ko: '너무 밀어붙이거나 남에게 지나치게 기대하고 있지 않은지 살펴보세요. 압박보다 본보기로 이끄는 게 좋아요.',
        en: 'Watch out for being too forceful or expecting too much of others. Lead by example, not by pressure.',
      },
      keywords: { ko: ['비전', '리더십', '주도'], en: ['vision', 'leadership', 'initiative'] },
    },
  ],

  // Cups: feelings, relationships, the heart.
  cups: [
    {
      upright: {
        ko: '마음이 활짝 열리는 날이에요. 새로운 인연이나 다정한 손길, 설레는 감정이 마음을 채워 줄 거예요.',
        en: 'Your heart is open today. A new friendship, a kind gesture or a fresh feeling may fill your cup.',
      },
      reversed: {
        ko: '감정을 꾹 누르고 있을지도 몰라요. 판단하지 말고 느껴지는 그대로 살며시 받아들여 보세요.',
        en: 'You may be holding your feelings back. Let yourself feel them gently, without judging.',
      },
      keywords: { ko: ['새로운 감정', '사랑', '열린 마음'], en: ['new feelings', 'love', 'openness'] },
    },
    {
      upright: {
        ko: '한 사람과 깊이 교감하기 좋은 날이에요. 먼저 손을 내밀고 서로 한 걸음씩 다가가 보세요.',
        en: 'A day for meaningful one-to-one connection. Reach out to someone and meet them halfway.',
      },
      reversed: {
        ko: '가까운 사람과 작은 오해가 생길 수 있어요. 차분하고 솔직한 대화가 도움이 될 거예요.',
        en: 'A small misunderstanding may come between you and someone close. A calm, honest talk will help.',
      },
      keywords: { ko: ['동반자', '존중', '교감'], en: ['partnership', 'mutual respect', 'connection'] },
    },
    {
      upright: {
        ko: '친구들과 즐거운 시간을 보낼 수 있는 날이에요. 초대가 오면 반갑게 응하고 함께 웃어 보세요.',
        en: 'Good times with friends are in store. Say yes to the invitation and share a laugh.',
      },
      reversed: {
        ko: '약속이 너무 많아 지치거나 괜히 소외감을 느낄 수 있어요. 나를 진짜 알아주는 한두 사람과 시간을 보내세요.',
        en: 'Too much socialising, or feeling left out. Spend time with the one or two people who truly get you.',
      },
      keywords: { ko: ['우정', '축하', '어울림'], en: ['friendship', 'celebration', 'community'] },
    },
    {
      upright: {
        ko: '괜히 심드렁하고 무엇에도 흥미가 안 생길 수 있어요. 주위를 찬찬히 둘러보면 좋은 기회가 바로 눈앞에 있을지도 몰라요.',
        en: 'You might feel bored or uninterested. Look again, because something worthwhile may be right in front of you.',
      },
      reversed: {
        ko: "다시 움직일 준비가 됐어요. 미뤄 두었던 일에 이제 '좋아요'라고 답해 보세요.",
        en: "You're ready to re-engage. Say yes to something you've been putting off.",
      },
      keywords: { ko: ['무심함', '성찰', '다시 보기'], en: ['apathy', 'contemplation', 'second look'] },
    },
    {
      upright: {
        ko: '바라던 대로 되지 않는 일이 있을 수 있어요. 속상한 마음은 그대로 인정하되, 아직 곁에 남아 있는 것들도 함께 바라봐 주세요.',
        en: "Something may not go the way you hoped. It's okay to feel sad, but notice what is still standing.",
      },
      reversed: {
        ko: '실망스러운 일에서 조금씩 벗어나고 있어요. 나를 너그럽게 용서하고 앞을 바라보세요.',
        en: "You're starting to move past a disappointment. Forgive yourself and look forward.",
      },
      keywords: { ko: ['실망', '상실', '받아들임'], en: ['disappointment', 'loss', 'acceptance'] },
    },
    {
      upright: {
        ko: '달콤한 추억이나 옛 친구가 하루를 환하게 밝혀 줄 거예요. 작은 친절 하나가 큰 힘이 돼요.',
        en: 'A sweet memory or an old friend may brighten your day. A small, kind gesture goes a long way.',
      },
      reversed: {
        ko: '지난날에 머물러 있으면 오늘을 놓칠 수 있어요. 추억은 소중히 간직하고 지금 여기로 돌아오세요.',
        en: 'Living in the past may keep you from enjoying today. Honour the memory, then come back to now.',
      },
      keywords: { ko: ['추억', '다정함', '순수'], en: ['nostalgia', 'kindness', 'memories'] },
    },
    {
      upright: {
        ko: '선택지는 많지만 모두가 현실적인 건 아니에요. 마음껏 꿈꾸되, 실제로 움직일 수 있는 것 하나를 고르세요.',
        en: 'Many options, not all of them real. Dream freely, then pick the one you can actually act on.',
      },
      reversed: {
        ko: '흩어져 있던 생각이 정리되면서 원하는 게 분명해지고 있어요. 그 확신을 믿고 마음을 정하세요.',
        en: 'Your scattered thoughts are settling and you know what you want. Trust that clarity and commit.',
      },
      keywords: { ko: ['선택지', '상상', '환상'], en: ['choices', 'imagination', 'daydreams'] },
    },
    {
      upright: {
        ko: '더 이상 나를 채워 주지 못하는 것에서 떠날 때가 됐을지도 몰라요. 떠나는 것도 나를 아끼는 용기 있는 선택이에요.',
        en: 'It may be time to walk away from something that no longer fulfils you. Leaving can be a brave act of self-respect.',
      },
      reversed: {
        ko: '머물러야 할지 떠나야 할지 망설여질 수 있어요. 결정하기 전에 나에게 조금 더 시간을 주세요.',
        en: "You're unsure whether to stay or go. Give yourself a little more time before you decide.",
      },
      keywords: { ko: ['떠남', '탐색', '내려놓기'], en: ['moving on', 'searching', 'letting go'] },
    },
    {
      upright: {
        ko: '소원이 이루어지는 듯한 날이에요. 지금 가진 것을 즐기고 고마운 마음을 소리 내어 표현해 보세요.',
        en: 'A wish-come-true kind of day. Enjoy what you have and say thank you out loud.',
      },
      reversed: {
        ko: '원하던 걸 얻었는데도 생각만큼 기쁘지 않을 수 있어요. 나를 진짜 채워 주는 게 무엇인지 스스로에게 물어보세요.',
        en: 'Getting what you wanted may not feel as good as expected. Ask yourself what would truly satisfy you.',
      },
      keywords: { ko: ['만족', '소원', '감사'], en: ['contentment', 'wishes', 'gratitude'] },
    },
    {
      upright: {
        ko: '집에서도, 가까운 사람들 사이에서도 따뜻함이 느껴지는 날이에요. 가족처럼 편한 사람들과 시간을 보내 보세요.',
        en: 'Warmth at home and in your closest circle. Spend time with the people who feel like family.',
      },
      reversed: {
        ko: '집안 분위기가 조금 팽팽할 수 있어요. 기대를 내려놓고 소박한 밥 한 끼를 함께 나눠 보세요.',
        en: 'Home life may feel a little tense. Lower your expectations and share a simple meal together.',
      },
      keywords: { ko: ['화목', '가족', '행복'], en: ['harmony', 'family', 'happiness'] },
    },
    {
      upright: {
        ko: '부드럽고 감성이 풍부해지는 날이에요. 미소 짓게 하는 다정한 메시지나 작은 깜짝 선물이 찾아올 수 있어요.',
        en: 'A gentle, creative mood. Expect a sweet message or a small surprise that makes you smile.',
      },
      reversed: {
        ko: '오늘은 마음이 조금 여릴 수 있어요. 사소한 일에 너무 상처받지 마세요.',
        en: 'Your feelings may be a bit raw today. Try not to take small things to heart.',
      },
      keywords: { ko: ['감수성', '상상력', '반가운 소식'], en: ['sensitivity', 'creativity', 'sweet news'] },
    },
    {
      upright: {
        ko: '마음이 이끄는 대로 따라가고 감정을 표현해 보세요. 낭만적인 제안이나 창작 기회가 찾아올 수 있어요.',
        en: 'Follow your heart and express how you feel. A romantic or creative offer may come your way.',
      },
      reversed: {
        ko: '기분이 오락가락하거나 달콤한 말이 실제보다 부풀려져 있을 수 있어요. 두 발은 땅에 단단히 딛고 있으세요.',
        en: 'Moods may swing, or a promise may sound sweeter than it is. Keep your feet on the ground.',
      },
      keywords: { ko: ['낭만', '매력', '마음 가는 대로'], en: ['romance', 'charm', 'following the heart'] },
    },
    {
      upright: {
        ko: '오늘은 공감하는 마음이 큰 선물이 돼요. 다른 사람의 이야기에도, 내 마음의 소리에도 깊이 귀 기울여 주세요.',
        en: 'Your empathy is a gift today. Listen deeply, both to others and to yourself.',
      },
      reversed: {
        ko: '다른 사람의 감정을 너무 많이 떠안고 있을 수 있어요. 부드럽게 선을 긋고 내 마음의 평화를 지키세요.',
        en: "You may be soaking up everyone else's feelings. Set a gentle boundary and protect your peace.",
      },
      keywords: { ko: ['공감', '배려', '평온'], en: ['compassion', 'empathy', 'calm'] },
    },
    {
      upright: {
        ko: '주변이 술렁여도 침착하고 너그럽게 대해 보세요. 흔들림 없는 내 마음이 모두에게 힘이 돼요.',
        en: 'Stay calm and kind, even when others are stirred up. Your steady heart helps everyone around you.',
      },
      reversed: {
        ko: '꾹꾹 눌러 둔 감정이 엉뚱한 곳에서 터질 수 있어요. 마음을 안전하게 풀어낼 방법을 찾아보세요.',
        en: 'Bottled-up feelings may leak out sideways. Find a safe way to let them out.',
      },
      keywords: {
        ko: ['감정의 균형', '너그러움', '침착'],
        en: ['emotional balance', 'generosity', 'composure'],
      },
    },
  ],

  // Swords: thoughts, words, decisions.
  swords: [
    {
      upright: {
        ko: '헷갈리던 일이 한순간에 또렷해져요. 하고 싶은 말을 분명히 하고 맑은 머리로 결정하세요.',
        en: 'A moment of clarity cuts through the confusion. Say what you mean and decide with a clear head.',
      },
      reversed: {
        ko: '생각이 조금 흐릿할 수 있어요. 큰 결정은 정보가 더 모일 때까지 미뤄 두세요.',
        en: 'Your thinking may be a little cloudy. Wait for more information before making a big call.',
      },
      keywords: { ko: ['명료함', '진실', '돌파'], en: ['clarity', 'truth', 'breakthrough'] },
    },
    {
      upright: {
        ko: '두 갈래 길 사이에서 망설이고 있어요. 눈을 가리지 말고 사실을 모으면서 직감에도 귀 기울여 보세요.',
        en: "You're stuck between two choices. Don't look away: gather the facts and listen to your gut as well.",
      },
      reversed: {
        ko: '정보도 의견도 너무 많아 머리가 복잡할 수 있어요. 끝없이 고민하기보다 한발 물러섰다가 하나를 골라 보세요.',
        en: 'Too much information or too many opinions can cloud things. Step back, then choose; any decision beats waiting forever.',
      },
      keywords: { ko: ['망설임', '교착', '저울질'], en: ['indecision', 'stalemate', 'weighing options'] },
    },
    {
      upright: {
        ko: '상처가 되는 말이나 실망스러운 일에 마음이 아플 수 있어요. 아픈 마음을 솔직하게 인정하면 더 빨리 지나가요.',
        en: 'A hurtful word or a letdown may sting. Let yourself feel it; naming the pain helps it pass.',
      },
      reversed: {
        ko: '오래된 상처가 아물기 시작했어요. 회복하는 동안 나에게 다정하게 대해 주세요.',
        en: 'An old hurt is beginning to heal. Be gentle with yourself while it does.',
      },
      keywords: { ko: ['마음의 상처', '슬픔', '털어내기'], en: ['heartache', 'hurt', 'release'] },
    },
    {
      upright: {
        ko: '오늘은 쉬는 것도 일이에요. 짧은 낮잠이라도 좋으니 제대로 쉬고 나면 머리가 한결 맑아질 거예요.',
        en: 'Rest is productive today. Take a real break, even a short nap, and come back clearer.',
      },
      reversed: {
        ko: '다시 시작할 만큼 충분히 쉬었거나, 반대로 너무 오래 쉼을 미뤄 왔을 수 있어요. 몸이 보내는 신호에 귀 기울이세요.',
        en: "You've either rested enough to start again or put off rest for too long. Listen to your body.",
      },
      keywords: { ko: ['휴식', '회복', '고요'], en: ['rest', 'recovery', 'stillness'] },
    },
    {
      upright: {
        ko: '말싸움에서 이겨도 잃는 게 더 클 수 있어요. 옳다는 걸 증명하는 게 관계보다 중요한지 스스로에게 물어보세요.',
        en: 'Winning an argument may cost more than it is worth. Ask yourself whether being right matters more than the relationship.',
      },
      reversed: {
        ko: '다툼 뒤에 화해하기 좋은 때예요. 진심 어린 사과 한마디면 분위기가 금세 풀려요.',
        en: 'A good time to make peace after a disagreement. A simple, sincere apology can clear the air.',
      },
      keywords: { ko: ['갈등', '자존심', '상처뿐인 승리'], en: ['conflict', 'pride', 'hollow victory'] },
    },
    {
      upright: {
        ko: '잔잔한 물결 쪽으로 나아가고 있어요. 힘들었던 시기는 뒤로하고 앞으로 갈 곳에 집중하세요.',
        en: "You're moving toward calmer waters. Leave the rough patch behind and focus on where you're headed.",
      },
      reversed: {
        ko: '생각보다 훌훌 털고 떠나기가 어려울 수 있어요. 천천히 가도 괜찮고, 못다 한 일은 하루쯤 기다려 줄 거예요.',
        en: 'Moving on may feel harder than expected. Take it slowly; unfinished business can wait a day.',
      },
      keywords: { ko: ['전환', '이동', '잔잔함'], en: ['transition', 'moving on', 'calmer waters'] },
    },
    {
      upright: {
        ko: '전략적으로 생각하고 당분간 계획 일부는 혼자만 알고 있으세요. 중요한 물건과 정보는 꼼꼼히 챙기세요.',
        en: 'Think strategically and keep some plans to yourself for now. Take good care of important things and information.',
      },
      reversed: {
        ko: '오늘은 꼼수보다 정직함이 더 잘 통해요. 뭔가 찜찜한 게 있다면 솔직하게 터놓고 이야기하세요.',
        en: 'Honesty works better than shortcuts today. If something feels sneaky, bring it into the open.',
      },
      keywords: { ko: ['전략', '신중함', '비밀'], en: ['strategy', 'caution', 'discretion'] },
    },
    {
      upright: {
        ko: "갇힌 것 같은 기분이 들 수 있지만, 벽은 생각보다 얇아요. '나는 못 해'라고 말하는 생각부터 의심해 보세요.",
        en: "You may feel trapped, but the walls are thinner than they look. Question the thought that says 'I can't'.",
      },
      reversed: {
        ko: '빠져나갈 길이 보이기 시작했어요. 작은 한 걸음을 내디디고 얼마나 홀가분해지는지 느껴 보세요.',
        en: "You're starting to see a way out. Take one small step and notice how much freer it feels.",
      },
      keywords: {
        ko: ['스스로 만든 틀', '답답함', '두려움'],
        en: ['limiting beliefs', 'feeling stuck', 'self-doubt'],
      },
    },
    {
      upright: {
        ko: '특히 늦은 밤에는 걱정이 실제보다 훨씬 크게 느껴질 수 있어요. 걱정을 종이에 적어 보고, 믿을 만한 사람에게 털어놓으세요.',
        en: 'Worries can feel bigger than they are, especially late at night. Write them down and talk to someone you trust.',
      },
      reversed: {
        ko: '가장 힘든 고비는 지나가고 있어요. 나를 다독여 주고 오늘은 푹 자 보세요.',
        en: 'The worst of the worry is passing. Be kind to yourself and get some proper sleep tonight.',
      },
      keywords: { ko: ['걱정', '불안', '생각 과잉'], en: ['worry', 'anxiety', 'overthinking'] },
    },
    {
      upright: {
        ko: '한 가지 일이 완전히 끝에 다다랐어요. 이제 올라갈 일만 남았으니 푹 쉬고 새날과 함께 다시 일어나세요.',
        en: 'Something has run its full course, and from here the only way is up. Rest, then rise with the new day.',
      },
      reversed: {
        ko: '힘든 시기를 지나 회복하고 있어요. 더디더라도 분명히 나아지고 있으니 계속 걸어가세요.',
        en: "You're recovering from a hard stretch. Healing is slow but real, so keep going.",
      },
      keywords: { ko: ['끝', '바닥', '새 출발'], en: ['ending', 'rock bottom', 'fresh start'] },
    },
    {
      upright: {
        ko: '호기심이 좋은 무기가 되는 날이에요. 질문을 던지고 새로운 걸 배우면서 주변을 잘 살펴보세요.',
        en: 'A curious mind serves you well today. Ask questions, learn something new and keep your eyes open.',
      },
      reversed: {
        ko: '뒷말이나 성급한 말은 조심하세요. 말하거나 글을 올리기 전에 한 번 더 생각해 보세요.',
        en: 'Be careful with gossip and hasty words. Think before you speak or post.',
      },
      keywords: { ko: ['호기심', '배움', '관찰'], en: ['curiosity', 'new ideas', 'alertness'] },
    },
    {
      upright: {
        ko: '빠른 판단과 곧은 실행이 결과를 만들어요. 거침없이 나아가되 다른 사람에 대한 배려는 잊지 마세요.',
        en: 'Quick thinking and direct action get results. Charge ahead, but stay considerate of others.',
      },
      reversed: {
        ko: '서두르다 실수를 하거나 누군가의 마음을 다치게 할 수 있어요. 속도를 늦추고 먼저 들어 보세요.',
        en: "Rushing may cause mistakes or hurt someone's feelings. Slow down and listen first.",
      },
      keywords: { ko: ['추진력', '직진', '결단'], en: ['ambition', 'directness', 'speed'] },
    },
    {
      upright: {
        ko: '다정하되 분명하고 솔직하게 말해 보세요. 날카로운 통찰이 다른 사람들에게 진실을 보게 해 줘요.',
        en: 'Be clear and honest, with kindness. Your sharp perspective helps others see what is true.',
      },
      reversed: {
        ko: '의도보다 말이 날카롭게 나갈 수 있어요. 진심은 지키되 전하는 방식은 부드럽게 다듬어 보세요.',
        en: 'Your words may come out sharper than you intend. Keep the truth, but soften the delivery.',
      },
      keywords: {
        ko: ['솔직함', '독립심', '분명한 선'],
        en: ['honesty', 'independence', 'clear boundaries'],
      },
    },
    {
      upright: {
        ko: '논리와 공정함을 기준으로 결정해 보세요. 사람들은 명확하고 흔들림 없는 판단을 믿어요.',
        en: 'Let logic and fairness guide your decisions. People trust a clear, steady mind.',
      },
      reversed: {
        ko: '너무 차갑거나 통제하려 드는 건 아닌지 돌아보세요. 이성적인 판단에 따뜻한 마음을 조금 더해 보세요.',
        en: 'Watch for being too cold or controlling. Let a little heart into your reasoning.',
      },
      keywords: { ko: ['논리', '판단력', '공정'], en: ['logic', 'authority', 'fairness'] },
    },
  ],

  // Pentacles: money, work, body and home.
  pentacles: [
    {
      upright: {
        ko: '일자리 소식이나 뜻밖의 용돈, 건강한 새 습관처럼 실속 있는 기회가 찾아와요. 오늘 그 씨앗을 심어 보세요.',
        en: 'A practical opportunity appears, such as a job lead, a little extra money or a healthy new habit. Plant the seed today.',
      },
      reversed: {
        ko: '망설이거나 계획이 허술하면 좋은 기회를 놓칠 수 있어요. 약속하기 전에 예산부터 꼼꼼히 확인하세요.',
        en: 'An opportunity may slip by if you hesitate or plan poorly. Check your budget before you commit.',
      },
      keywords: { ko: ['기회', '실속', '새로운 시작'], en: ['opportunity', 'prosperity', 'new start'] },
    },
    {
      upright: {
        ko: '여러 가지 일을 한꺼번에 챙기고 있어요. 유연하게 대처하되 우선순위를 놓치지 마세요.',
        en: "You're juggling several things at once. Stay flexible and keep your priorities in view.",
      },
      reversed: {
        ko: '손에 든 공이 너무 많아요. 다 떨어뜨리기 전에 하나는 일부러 내려놓으세요.',
        en: 'Too many balls are in the air. Put one down on purpose before they all fall.',
      },
      keywords: { ko: ['균형 잡기', '유연함', '우선순위'], en: ['juggling', 'adaptability', 'priorities'] },
    },
    {
      upright: {
        ko: '오늘은 함께할 때 일이 더 잘 돼요. 내 실력을 나누고 다른 사람이 보태 주는 것도 소중히 여기세요.',
        en: 'Teamwork makes the work better today. Share your skills and value what others bring.',
      },
      reversed: {
        ko: '역할이 애매하거나 누군가 제 몫을 못 하고 있을 수 있어요. 터놓고 이야기해서 누가 무엇을 할지 정하세요.',
        en: "Roles may be unclear, or someone isn't pulling their weight. Talk it through and agree on who does what.",
      },
      keywords: { ko: ['협업', '실력', '함께하기'], en: ['teamwork', 'skill', 'collaboration'] },
    },
    {
      upright: {
        ko: '모으고 지키고 다져 두기 좋은 날이에요. 안정감이 마음의 여유를 가져다줘요.',
        en: "A good day to save, secure and protect what you've built. Stability brings peace of mind.",
      },
      reversed: {
        ko: '너무 꽉 움켜쥐면 좋은 것도 들어올 틈이 없어요. 조금 느슨하게, 나누거나 현명하게 써 보세요.',
        en: 'Holding on too tightly can keep good things from coming in. Loosen your grip a little and share or spend wisely.',
      },
      keywords: { ko: ['안정', '저축', '지키기'], en: ['security', 'saving', 'holding on'] },
    },
    {
      upright: {
        ko: '돈이나 건강 문제로 마음이 무거울 수 있어요. 도움은 생각보다 가까이 있으니 망설이지 말고 청해 보세요.',
        en: "Money or health may feel tight today. Help is closer than you think, so don't be shy about asking.",
      },
      reversed: {
        ko: '형편이 조금씩 나아지기 시작했어요. 내미는 손은 고맙게 잡고 한 걸음씩 천천히 가세요.',
        en: 'Things are starting to improve. Accept the support offered and take it one step at a time.',
      },
      keywords: { ko: ['어려움', '걱정', '도움 청하기'], en: ['hardship', 'worry', 'asking for help'] },
    },
    {
      upright: {
        ko: '주고받는 일이 순조롭게 흘러가요. 나눌 수 있는 건 나누고, 받는 도움은 감사히 받으세요.',
        en: 'Giving and receiving flow easily. Share what you can, and accept help with grace.',
      },
      reversed: {
        ko: '주고받는 게 공평한지 한번 살펴보세요. 조건이 붙은 도움은 진짜 도움이 아닐 수 있어요.',
        en: "Make sure the give-and-take is fair. Help that comes with strings attached isn't really help.",
      },
      keywords: { ko: ['나눔', '베풂', '주고받음'], en: ['generosity', 'giving', 'receiving'] },
    },
    {
      upright: {
        ko: '느리더라도 노력은 분명 자라고 있어요. 어디까지 왔는지 점검하고 중요한 것에 계속 정성을 들이세요.',
        en: 'Your efforts are growing, even if slowly. Check your progress and keep tending what matters.',
      },
      reversed: {
        ko: '애쓴 만큼 결과가 안 나오는 것 같아 답답할 수 있어요. 포기하기보다 방법을 다시 생각해 보세요.',
        en: "You may feel your work isn't paying off. Rethink your approach rather than giving up.",
      },
      keywords: { ko: ['인내', '성장', '긴 안목'], en: ['patience', 'growth', 'long view'] },
    },
    {
      upright: {
        ko: '꾸준하고 집중력 있는 노력이 빛을 보는 날이에요. 실력을 갈고닦고 작은 부분까지 자부심을 가져 보세요.',
        en: 'Steady, focused work pays off today. Practise your craft and take pride in the details.',
      },
      reversed: {
        ko: '완벽주의나 지루함 때문에 속도가 나지 않을 수 있어요. 오늘은 이 정도면 충분하니 마무리하고 쉬어도 괜찮아요.',
        en: 'Perfectionism or boredom may slow you down. Good enough is fine for today, so finish up and rest.',
      },
      keywords: { ko: ['성실함', '숙련', '연습'], en: ['diligence', 'craft', 'practice'] },
    },
    {
      upright: {
        ko: '그동안 애써 얻은 여유를 즐겨 보세요. 작고 예쁜 선물 하나로 나를 토닥여 주세요.',
        en: "Enjoy the comfort you've worked for. Treat yourself to something small and lovely.",
      },
      reversed: {
        ko: '불안한 마음에 돈을 너무 쓰거나 일을 너무 많이 하고 있지 않은지 살펴보세요. 진짜 여유에는 쉼도 포함돼요.',
        en: "Check whether you're overspending or overworking to feel secure. Real comfort includes rest.",
      },
      keywords: { ko: ['자립', '여유', '나를 위한 보상'], en: ['independence', 'comfort', 'self-reward'] },
    },
    {
      upright: {
        ko: '오래가는 안정과 가족의 유대가 빛나는 날이에요. 집안일이나 저축, 미래 계획을 챙기기 좋아요.',
        en: 'Lasting security and family bonds are in focus. A good day for home matters, savings and future plans.',
      },
      reversed: {
        ko: '집안에서 돈 이야기가 껄끄러울 수 있어요. 계획을 솔직하게 나눠야 모두가 마음을 놓을 수 있어요.',
        en: 'Money talk at home may feel tense. Be open about your plans so that everyone feels secure.',
      },
      keywords: { ko: ['안정', '가족', '결실'], en: ['stability', 'family', 'legacy'] },
    },
    {
      upright: {
        ko: '실용적인 기술을 배우거나 작고 현실적인 목표를 시작하기 좋은 날이에요. 차근차근 시작한 일이 오래가요.',
        en: 'A good day to learn a practical skill or start a small, realistic goal. Steady beginnings last.',
      },
      reversed: {
        ko: '할 일을 자꾸 미루게 될 수 있어요. 딱 5분만 시작해 보면 탄력이 붙을 거예요.',
        en: 'Procrastination may creep in. Start with just five minutes and let momentum build.',
      },
      keywords: { ko: ['배움', '현실적인 목표', '새 기술'], en: ['study', 'practical goals', 'new skill'] },
    },
    {
      upright: {
        ko: '오늘은 느리고 꾸준한 게 이겨요. 루틴을 지키고 하기로 한 일은 끝까지 해내세요.',
        en: 'Slow and steady wins today. Stick to your routine and do what you said you would.',
      },
      reversed: {
        ko: '일상이 어느새 지루한 반복이 됐을 수 있어요. 작은 것 하나를 바꿔서 활기를 되찾아 보세요.',
        en: 'Your routine may have turned into a rut. Change one small thing to bring back some energy.',
      },
      keywords: { ko: ['성실', '꾸준함', '책임감'], en: ['reliability', 'routine', 'steady effort'] },
    },
    {
      upright: {
        ko: '든든한 한 끼, 정돈된 공간, 따뜻한 집처럼 기본부터 챙겨 보세요. 이런 현실적인 돌봄도 사랑이에요.',
        en: 'Take care of the basics: a good meal, a tidy space, a warm home. Practical care is love too.',
      },
      reversed: {
        ko: '모두를 챙기면서 정작 나는 뒷전일 수 있어요. 오직 나를 위한 시간과 돈을 조금 따로 떼어 두세요.',
        en: 'You may be looking after everyone except yourself. Set aside a little time and money just for you.',
      },
      keywords: { ko: ['돌봄', '현실 감각', '아늑함'], en: ['nurturing', 'practicality', 'comfort'] },
    },
    {
      upright: {
        ko: '든든한 성과와 현명한 판단력이 함께해요. 돈이나 일에 관해 현실적인 결정을 내려 보세요.',
        en: 'Solid results and sound judgement are with you. Make a practical decision about money or work.',
      },
      reversed: {
        ko: '고집을 부리거나 사람보다 돈을 앞세우고 있지 않은지 살펴보세요. 균형이야말로 진짜 재산이에요.',
        en: 'Watch for stubbornness or putting money ahead of people. Balance is the real wealth.',
      },
      keywords: { ko: ['성공', '든든함', '현명함'], en: ['abundance', 'security', 'success'] },
    },
  ],
};

const SUIT_ORDER: readonly TarotSuit[] = ['wands', 'cups', 'swords', 'pentacles'];

const pad2 = (n: number): string => String(n).padStart(2, '0');

function buildDeck(): TarotCard[] {
  const majors = MAJORS.map(({ slug, ...card }, number): TarotCard => ({
    id: `major-${pad2(number)}-${slug}`,
    arcana: 'major',
    suit: null,
    number,
    ...card,
  }));
  const minors = SUIT_ORDER.flatMap((suit) =>
    SUITS[suit].map((card, index): TarotCard => {
      const number = index + 1;
      const rank = RANKS[index]!;
      const suitName = SUIT_NAMES[suit];
      return {
        id: `${suit}-${pad2(number)}-${rank.slug}`,
        arcana: 'minor',
        suit,
        number,
        name: { ko: `${suitName.ko} ${rank.ko}`, en: `${rank.en} of ${suitName.en}` },
        ...card,
      };
    }),
  );
  return [...majors, ...minors];
}

/** All 78 cards: majors 0…21, then wands, cups, swords, pentacles, each 1…14. */
export const DECK: readonly TarotCard[] = Object.freeze(buildDeck());
