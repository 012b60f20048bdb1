// The ledger's default category (or payment method) for the names other apps and card companies give them:
// 뱅크샐러드's 대분류 and 소분류, a card statement's 업종, and the ledger's own labels in both languages.
import { recordsText } from '../../../../records/copy.js';
import type { DEFAULT_CATEGORIES, DEFAULT_PAYMENT_METHODS, LedgerType } from '../../../../records/ledger.js';
import { squeeze } from './words.js';

type ExpenseCategory = (typeof DEFAULT_CATEGORIES.expense)[number];
type IncomeCategory = (typeof DEFAULT_CATEGORIES.income)[number];

const INCOME_NAMES: Record<IncomeCategory, readonly string[]> = {
  salary: ['월급', '급여', '급여소득', '근로소득', 'payroll', 'wage', 'wages'],
  bonus: ['상여', '상여금', '보너스', '성과급', '인센티브'],
  interest: ['이자', '이자수입', '예금이자', '금융수입', '배당', '배당금', '이자/배당'],
  allowance: ['용돈', 'pocketmoney'],
  otherIncome: ['기타수입', '기타', '환급', '환불', '캐시백', '미분류', 'other', 'refund'],
};

const EXPENSE_NAMES: Record<ExpenseCategory, readonly string[]> = {
  food: [
    '식비',
    '식사',
    '외식',
    '식료품',
    '일반음식점',
    '음식점',
    '한식',
    '중식',
    '일식',
    '양식',
    '분식',
    '뷔페',
    '패스트푸드',
    '배달',
    '배달음식',
    '휴게음식점',
    '치킨',
    '피자',
    '정육',
    '농수산물',
    '술/유흥',
    '주점',
  ],
  cafe: [
    '카페',
    '간식',
    '커피',
    '카페/간식',
    '커피전문점',
    '제과점',
    '베이커리',
    '디저트',
    '아이스크림',
    '음료',
  ],
  transport: [
    '교통',
    '교통비',
    '대중교통',
    '교통/자동차',
    '자동차',
    '주유',
    '주유소',
    '충전소',
    '택시',
    '버스',
    '지하철',
    '철도',
    '고속버스',
    '항공',
    '항공사',
    '주차',
    '주차장',
    '통행료',
    '하이패스',
    '정비',
    '세차',
    '렌터카',
  ],
  housing: ['주거', '주거비', '월세', '관리비', '임대료', '주거/통신', '부동산', '인테리어', '가구'],
  utilities: [
    '공과금',
    '전기',
    '전기요금',
    '가스',
    '가스요금',
    '수도',
    '수도요금',
    '세금/공과금',
    '보험/세금/기타금융',
    '세금',
    '보험',
  ],
  communication: ['통신', '통신비', '휴대폰', '이동통신', '인터넷', '통신서비스', '전화'],
  shopping: [
    '쇼핑',
    '온라인쇼핑',
    '인터넷쇼핑',
    '전자상거래',
    '백화점',
    '대형마트',
    '할인점',
    '슈퍼마켓',
    '마트',
    '편의점',
    '편의점/마트/잡화',
    '잡화',
    '생활',
    '생활용품',
    '의류',
    '패션',
    '패션/쇼핑',
    '신발',
    '화장품',
    '미용',
    '가전',
    '전자제품',
    '면세점',
  ],
  health: [
    '의료',
    '병원',
    '약국',
    '건강',
    '의료/건강',
    '의원',
    '치과',
    '한의원',
    '종합병원',
    '안경',
    '헬스',
    '운동',
  ],
  education: [
    '교육',
    '교육비',
    '학원',
    '교육/학습',
    '학교',
    '서적',
    '도서',
    '서점',
    '문구',
    '학습지',
    '유치원',
  ],
  leisure: [
    '여가',
    '문화/여가',
    '취미/여가',
    '여행/숙박',
    '여행',
    '숙박',
    '호텔',
    '영화',
    '공연',
    '레저',
    '스포츠',
    '골프',
    '게임',
    '노래방',
    '놀이공원',
    '문화',
    'ott',
    '구독',
  ],
  gifts: [
    '경조사',
    '선물',
    '경조/선물',
    '경조사/선물',
    '기부',
    '기부/후원',
    '후원',
    '축의금',
    '조의금',
    '꽃',
  ],
  otherExpense: ['기타', '기타지출', '미분류', '기타업종', 'other'],
};

function namesOf<K extends string>(
  names: Record<K, readonly string[]>,
  labels: (lang: 'ko' | 'en') => Record<string, string>,
): Map<string, K> {
  const found = new Map<string, K>();
  for (const key of Object.keys(names) as K[]) {
    for (const name of [key, labels('ko')[key], labels('en')[key], ...names[key]]) {
      if (name) found.set(squeeze(name), key);
    }
  }
  return found;
}

const CATEGORY_NAMES: Record<LedgerType, Map<string, string>> = {
  income: namesOf(INCOME_NAMES, (lang) => recordsText[lang].ledger.categories),
  expense: namesOf(EXPENSE_NAMES, (lang) => recordsText[lang].ledger.categories),
};
const OTHER: Record<LedgerType, string> = { income: 'otherIncome', expense: 'otherExpense' };

/**
 * The ledger's category key for a category name as another app or a card company writes it (식비, 커피전문점,
 * 교통/자동차, Food …). A name of the other type's categories (a refund at a 일반음식점) is the type's "other";
 * any other name is kept as the member's own category, trimmed.
 */
export function suggestCategory(name: string, type: LedgerType): string {
  const key = squeeze(name);
  const own = CATEGORY_NAMES[type].get(key);
  if (own) return own;
  const otherType: LedgerType = type === 'income' ? 'expense' : 'income';
  if (CATEGORY_NAMES[otherType].has(key)) return OTHER[type];
  return name.trim() || OTHER[type];
}

// Words in a merchant's name that say what it sells, for statements without a category column. Only names that
// cannot mislead: anything else is left to the member as "other".
const MERCHANT_WORDS: readonly [RegExp, ExpenseCategory][] = [
  [
    /스타벅스|starbucks|커피|카페|cafe|투썸|이디야|메가엠지씨|빽다방|폴바셋|파리바게뜨|뚜레쥬르|베이커리/i,
    'cafe',
  ],
  [
    /gs25|cu편의점|^cu\b|세븐일레븐|7-eleven|이마트24|편의점|이마트|홈플러스|롯데마트|코스트코|쿠팡|11번가|g마켓|옥션|무신사|올리브영|다이소/i,
    'shopping',
  ],
  [
    /주유|오일뱅크|gs칼텍스|sk에너지|s-oil|에쓰오일|택시|카카오t|티머니|코레일|지하철|버스|하이패스|주차/i,
    'transport',
  ],
  [/병원|의원|약국|치과|한의원/, 'health'],
  [/학원|교습소|서점|교보문고|yes24|알라딘/i, 'education'],
  [/sk텔레콤|skt|kt\b|lg유플러스|lgu\+|통신요금/i, 'communication'],
  [/식당|김밥|국밥|치킨|피자|버거|맥도날드|롯데리아|배달의민족|요기요|쿠팡이츠/i, 'food'],
  [/cgv|메가박스|롯데시네마|넷플릭스|netflix|멜론|유튜브|youtube/i, 'leisure'],
];

/** A default category from the merchant's name (스타벅스 → cafe), for an expense; undefined when unsure. */
export function categoryFromMerchant(merchant: string, type: LedgerType): string | undefined {
  if (type !== 'expense') return undefined;
  return MERCHANT_WORDS.find(([words]) => words.test(merchant.normalize('NFC')))?.[1];
}

const PAYMENT_NAMES = namesOf(
  {
    cash: ['현금'],
    card: ['카드', '신용카드', '체크카드'],
    transfer: ['이체', '계좌이체', '송금', '계좌'],
    other: ['기타'],
  } satisfies Record<(typeof DEFAULT_PAYMENT_METHODS)[number], readonly string[]>,
  (lang) => recordsText[lang].ledger.payments,
);

/** The ledger's payment key for 현금, 카드, Card, Bank transfer …; any other name (신한카드 Deep Dream) as it is. */
export function suggestPayment(name: string): string {
  return PAYMENT_NAMES.get(squeeze(name)) ?? name.trim();
}
