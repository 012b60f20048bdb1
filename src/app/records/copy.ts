// The words of the records' values that more than one screen writes: the ledger's name, types, default categories and
// payment methods, and its columns (the ledger's list and CSV, search, the conflict list, import and export). The
// ledger screen's own words (modules/ledger/copy.ts) take these in, under the same keys.
import { defineText } from '../../client/text.js';

export const recordsText = defineText(
  {
    ledger: {
      title: '가계부',
      types: { income: '수입', expense: '지출' },
      categories: {
        salary: '급여',
        bonus: '상여금',
        interest: '이자',
        allowance: '용돈',
        otherIncome: '기타 수입',
        food: '식비',
        cafe: '카페·간식',
        transport: '교통',
        housing: '주거',
        utilities: '공과금',
        communication: '통신',
        shopping: '쇼핑',
        health: '의료·건강',
        education: '교육',
        leisure: '여가',
        gifts: '경조사·선물',
        otherExpense: '기타 지출',
      },
      payments: { cash: '현금', card: '카드', transfer: '계좌이체', other: '기타' },
      columns: {
        date: '날짜',
        type: '구분',
        amount: '금액',
        currency: '통화',
        category: '분류',
        payment: '결제수단',
        memo: '메모',
      },
    },
  },
  {
    ledger: {
      title: 'Ledger',
      types: { income: 'Income', expense: 'Expense' },
      categories: {
        salary: 'Salary',
        bonus: 'Bonus',
        interest: 'Interest',
        allowance: 'Allowance',
        otherIncome: 'Other income',
        food: 'Food',
        cafe: 'Cafés & snacks',
        transport: 'Transport',
        housing: 'Housing',
        utilities: 'Utilities',
        communication: 'Phone & internet',
        shopping: 'Shopping',
        health: 'Health',
        education: 'Education',
        leisure: 'Leisure',
        gifts: 'Gifts & occasions',
        otherExpense: 'Other expenses',
      },
      payments: { cash: 'Cash', card: 'Card', transfer: 'Bank transfer', other: 'Other' },
      columns: {
        date: 'date',
        type: 'type',
        amount: 'amount',
        currency: 'currency',
        category: 'category',
        payment: 'payment',
        memo: 'memo',
      },
    },
  },
);
