import { defineText } from '../../../client/text.js';

export const searchText = defineText(
  {
    label: '모든 기록 검색',
    placeholder: '일정, 일기, 개인정보… 검색',
    open: '검색',
    close: '검색 닫기',
    results: '검색 결과',
    groupCount: { one: '{{count}}건', other: '{{count}}건' },
    more: { one: '이 밖에 {{count}}건 더 있습니다.', other: '이 밖에 {{count}}건 더 있습니다.' },
    found: { one: '검색 결과 {{count}}건', other: '검색 결과 {{count}}건' },
    hidden: {
      one: '상세 보기 비밀번호를 입력하면 볼 수 있는 결과가 {{count}}건 더 있습니다.',
      other: '상세 보기 비밀번호를 입력하면 볼 수 있는 결과가 {{count}}건 더 있습니다.',
    },
    reveal: '비밀번호 입력',
    none: '‘{{query}}’에 맞는 기록이 없습니다.',
    preparing: '검색을 준비하는 중입니다…',
  },
  {
    label: 'Search all your records',
    placeholder: 'Search schedule, diary, personal info…',
    open: 'Search',
    close: 'Close search',
    results: 'Search results',
    groupCount: { one: '{{count}} result', other: '{{count}} results' },
    more: { one: '{{count}} more not shown.', other: '{{count}} more not shown.' },
    found: { one: '{{count}} result', other: '{{count}} results' },
    hidden: {
      one: '{{count}} more result behind the detail password',
      other: '{{count}} more results behind the detail password',
    },
    reveal: 'Enter the password',
    none: 'Nothing matches ‘{{query}}’.',
    preparing: 'Getting search ready…',
  },
);
