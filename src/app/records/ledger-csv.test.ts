import { describe, it, expect } from 'vitest';
import { formatLedgerCsv, MAX_IMPORT_ROWS, parseLedgerCsv, splitDuplicates } from './ledger-csv.js';
import { LEDGER_CURRENCIES, newEntrySchema, type NewEntry } from './ledger.js';

const lunch: NewEntry = {
  date: '2024-03-15',
  type: 'expense',
  amount: 12000,
  currency: 'KRW',
  category: 'food',
  payment: 'card',
  memo: '',
};
const HEADER = 'date,time,type,amount,currency,category,payment,memo,approval,space';
/** The header files written before the shared spaces' column. */
const SPACELESS_HEADER = 'date,time,type,amount,currency,category,payment,memo,approval';
/** The header files written before the time and approval number went out with the entries. */
const OLD_HEADER = 'date,type,amount,currency,category,payment,memo';
const errorsOf = (text: string) => {
  const result = parseLedgerCsv(text);
  return result.ok ? [] : result.errors;
};

describe('formatLedgerCsv', () => {
  it('writes a BOM, a header and one CRLF-ended row per entry, amounts in major units', () => {
    const coffee: NewEntry = { ...lunch, amount: 350, currency: 'USD', category: 'cafe', memo: 'latte' };
    expect(formatLedgerCsv([lunch, coffee])).toBe(
      `\uFEFF${HEADER}\r\n2024-03-15,,expense,12000,KRW,food,card,,,\r\n2024-03-15,,expense,3.50,USD,cafe,card,latte,,\r\n`,
    );
  });

  it("writes a statement's time and approval number, and reads them back", () => {
    const paid: NewEntry = { ...lunch, time: '20:32', approval: '00123456', memo: '스타벅스' };
    const csv = formatLedgerCsv([paid, lunch]);
    expect(csv).toContain('\r\n2024-03-15,20:32,expense,12000,KRW,food,card,스타벅스,00123456,\r\n');
    expect(parseLedgerCsv(csv)).toEqual({ ok: true, entries: [paid, lunch] });
  });

  it('quotes fields holding commas, quotes or line breaks, doubling the quotes', () => {
    const csv = formatLedgerCsv([{ ...lunch, category: '점심, 저녁', memo: 'said "hi"\r\nthen left' }]);
    expect(csv).toContain(',"점심, 저녁",card,"said ""hi""\r\nthen left",,\r\n');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    const csv = formatLedgerCsv([{ ...lunch, category: '=1+1', payment: '@card', memo: '-5 refund' }]);
    expect(csv).toContain(`,'=1+1,'@card,'-5 refund,,\r\n`);
    const tabbed = formatLedgerCsv([
      { ...lunch, memo: '\tnote' },
      { ...lunch, memo: "'=x" },
    ]);
    expect(tabbed).toContain(`,'\tnote,,\r\n`);
    expect(tabbed).toContain(`,''=x,,\r\n`);
  });

  it('names the shared space of each entry in its own column, empty for the member’s own', () => {
    const groceries = { ...lunch, amount: 52000, memo: '장보기', space: '우리집' };
    const trip = { ...lunch, space: '=제주, 여행' };
    expect(formatLedgerCsv([lunch, groceries, trip])).toBe(
      `\uFEFF${HEADER}\r\n` +
        '2024-03-15,,expense,12000,KRW,food,card,,,\r\n' +
        '2024-03-15,,expense,52000,KRW,food,card,장보기,,우리집\r\n' +
        `2024-03-15,,expense,12000,KRW,food,card,,,"'=제주, 여행"\r\n`,
    );
    // Korean labels: the header says 공간, the name is as the members wrote it.
    expect(formatLedgerCsv([groceries], 'ko')).toBe(
      '\uFEFF날짜,시간,구분,금액,통화,분류,결제수단,메모,승인번호,공간\r\n' +
        '2024-03-15,,지출,52000,KRW,식비,카드,장보기,,우리집\r\n',
    );
  });

  it('reads a file with a space column back as the member’s own entries (the space is not kept)', () => {
    const groceries = { ...lunch, amount: 52000, memo: '장보기' };
    for (const labels of ['codes', 'ko'] as const) {
      const csv = formatLedgerCsv([lunch, { ...groceries, space: '우리집' }], labels);
      expect(parseLedgerCsv(csv), labels).toEqual({ ok: true, entries: [lunch, groceries] });
    }
    // Written by hand or by another app, in any place; twice is refused as any column given twice is.
    expect(parseLedgerCsv('space,date,type,amount,category\n회사,2024-03-15,expense,12000,food')).toEqual({
      ok: true,
      entries: [{ ...lunch, payment: '' }],
    });
    expect(errorsOf('date,type,amount,category,공간,space\n2024-03-15,expense,1,food,a,b')).toEqual([
      { line: 1, column: 'space', code: 'ledger/csv-header' },
    ]);
  });

  it('writes only the header for an empty ledger, which imports as no entries', () => {
    expect(parseLedgerCsv(formatLedgerCsv([]))).toEqual({ ok: true, entries: [] });
  });
});

describe('parseLedgerCsv', () => {
  it('reads its own export', () => {
    expect(parseLedgerCsv(formatLedgerCsv([lunch]))).toEqual({ ok: true, entries: [lunch] });
  });

  it('reads Korean headers and types in any order, without currency column, BOM or final line end', () => {
    const text =
      '메모,금액,분류,구분,날짜,결제수단\n점심,"12,000",food,지출,2024-03-15,card\n,3000000,salary,수입,2024-03-25,';
    expect(parseLedgerCsv(text)).toEqual({
      ok: true,
      entries: [
        { ...lunch, memo: '점심' },
        { ...lunch, type: 'income', amount: 3000000, category: 'salary', date: '2024-03-25', payment: '' },
      ],
    });
  });

  it('matches headers and values loosely: case, spaces, lower-case currency, missing payment and memo', () => {
    const text = ' Date ,TYPE,Amount,Currency,Category\r\n2024-03-15, Expense ,"1,234.50",usd, cafe \r\n';
    expect(parseLedgerCsv(text)).toEqual({
      ok: true,
      entries: [
        { ...lunch, type: 'expense', amount: 123450, currency: 'USD', category: 'cafe', payment: '' },
      ],
    });
  });

  it('takes quoted fields with commas, doubled quotes and line breaks, and ignores blank lines', () => {
    const text = `${OLD_HEADER}\n\n2024-03-15,expense,12000,,food,card,"a, ""b""\nc"\n,,,,,,\n`;
    expect(parseLedgerCsv(text)).toEqual({ ok: true, entries: [{ ...lunch, memo: 'a, "b"\nc' }] });
  });

  it('reads a file of the columns written before the time and approval number', () => {
    expect(parseLedgerCsv(`${OLD_HEADER}\r\n2024-03-15,expense,12000,KRW,food,card,\r\n`)).toEqual({
      ok: true,
      entries: [lunch],
    });
  });

  it('reads a time a spreadsheet wrote back without its leading zero or with seconds', () => {
    const text = `${SPACELESS_HEADER}\n2024-03-15,9:05,expense,12000,KRW,food,card,,\n2024-03-15,20:32:00,expense,12000,KRW,food,card,,\n`;
    expect(parseLedgerCsv(text)).toEqual({
      ok: true,
      entries: [
        { ...lunch, time: '09:05' },
        { ...lunch, time: '20:32' },
      ],
    });
  });

  it('ignores columns it does not know', () => {
    const text = `id,${OLD_HEADER}\r\n7,2024-03-15,expense,12000,KRW,food,card,\r\n`;
    expect(parseLedgerCsv(text)).toEqual({ ok: true, entries: [lunch] });
  });

  describe('refuses bad files with a code for each problem', () => {
    it('ledger/csv-empty', () => {
      for (const text of ['', '\uFEFF', ' \r\n\n', ',,,\n']) {
        expect(errorsOf(text), JSON.stringify(text)).toEqual([{ line: 1, code: 'ledger/csv-empty' }]);
      }
    });

    it('ledger/csv-header, for every missing or repeated column', () => {
      expect(errorsOf('date,amount,memo\n2024-03-15,1000,x\n')).toEqual([
        { line: 1, column: 'type', code: 'ledger/csv-header' },
        { line: 1, column: 'category', code: 'ledger/csv-header' },
      ]);
      expect(errorsOf('date,날짜,type,amount,category\n')).toEqual([
        { line: 1, column: 'date', code: 'ledger/csv-header' },
      ]);
    });

    it('ledger/csv-columns', () => {
      expect(errorsOf(`${OLD_HEADER}\n2024-03-15,expense,12000,KRW,food,card\n`)).toEqual([
        { line: 2, code: 'ledger/csv-columns' },
      ]);
    });

    it('ledger/csv-quote', () => {
      expect(errorsOf(`${OLD_HEADER}\n2024-03-15,expense,12000,KRW,food,card,"never closed\nmore\n`)).toEqual(
        [{ line: 2, code: 'ledger/csv-quote' }],
      );
    });

    it('field codes, naming the column', () => {
      // In the header's order.
      const good = {
        date: '2024-03-15',
        time: '',
        type: 'expense',
        amount: '12000',
        currency: 'KRW',
        category: 'food',
        payment: 'card',
        memo: '',
        approval: '',
      };
      const row = (fields: Partial<Record<keyof NewEntry, string>>) => {
        const cells = { ...good, ...fields };
        return `${SPACELESS_HEADER}\n${Object.values(cells).join(',')}\n`;
      };
      const cases: Array<[Partial<Record<keyof NewEntry, string>>, string, string]> = [
        [{ date: '2024-02-30' }, 'date', 'ledger/invalid-date'],
        [{ date: '15/03/2024' }, 'date', 'ledger/invalid-date'],
        [{ time: '24:00' }, 'time', 'ledger/invalid-time'],
        [{ approval: '1'.repeat(41) }, 'approval', 'ledger/field-too-long'],
        [{ type: 'refund' }, 'type', 'ledger/invalid-type'],
        [{ amount: '12000.5' }, 'amount', 'ledger/invalid-amount'],
        [{ amount: '0' }, 'amount', 'ledger/invalid-amount'],
        [{ amount: '-500' }, 'amount', 'ledger/invalid-amount'],
        [{ amount: '' }, 'amount', 'ledger/invalid-amount'],
        [{ currency: 'GBP' }, 'currency', 'ledger/invalid-currency'],
        [{ category: ' ' }, 'category', 'ledger/invalid-category'],
        [{ category: '가'.repeat(41) }, 'category', 'ledger/field-too-long'],
        [{ payment: 'p'.repeat(41) }, 'payment', 'ledger/field-too-long'],
        [{ memo: 'm'.repeat(501) }, 'memo', 'ledger/field-too-long'],
      ];
      for (const [fields, column, code] of cases) {
        expect(errorsOf(row(fields)), JSON.stringify(fields)).toEqual([{ line: 2, column, code }]);
      }
    });

    it('ledger/too-many-rows, above 50,000 rows, before checking any of them', () => {
      const rows = Array.from(
        { length: MAX_IMPORT_ROWS + 1 },
        () => '2024-03-15,expense,12000,KRW,food,card,',
      );
      expect(errorsOf([OLD_HEADER, ...rows].join('\n'))).toEqual([
        { line: MAX_IMPORT_ROWS + 2, code: 'ledger/too-many-rows' },
      ]);
      const allowed = parseLedgerCsv([OLD_HEADER, ...rows.slice(1)].join('\n'));
      expect(allowed.ok && allowed.entries.length).toBe(MAX_IMPORT_ROWS);
    });
  });

  it('reports every bad row at once, at the line an editor shows, and imports nothing', () => {
    const text = [
      OLD_HEADER,
      '2024-03-15,expense,12000,KRW,food,card,"two',
      'lines"',
      '2024-13-01,spend,12000,KRW,food,card,', // line 4: date and type
      '2024-03-16,expense,12000,KRW,food,card,ok',
      '"2024-03-17",expense,"1,2",KRW,,card,"three', // line 6: amount and category
      'more',
      'lines"',
      '2024-03-18,expense,1',
      '2024-03-19,income,5,XYZ,salary,,', // line 10: currency only
    ].join('\r\n');
    expect(parseLedgerCsv(text)).toEqual({
      ok: false,
      errors: [
        { line: 4, column: 'date', code: 'ledger/invalid-date' },
        { line: 4, column: 'type', code: 'ledger/invalid-type' },
        { line: 6, column: 'amount', code: 'ledger/invalid-amount' },
        { line: 6, column: 'category', code: 'ledger/invalid-category' },
        { line: 9, code: 'ledger/csv-columns' },
        { line: 10, column: 'currency', code: 'ledger/invalid-currency' },
      ],
    });
  });
});

describe('export then import', () => {
  // A small seeded generator keeps the property test repeatable: a failure shows the same entries every run.
  function random(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const next = random(20240315);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const pieces = [
    '점심',
    'a,b',
    '"',
    '""',
    '\n',
    '\r\n',
    '\r',
    ' ',
    '=SUM(A1)',
    '+1',
    '-',
    '@x',
    '\t',
    "'",
    '🧾',
    '👨‍👩‍👧',
    'é',
    'x',
  ];
  const twoDigits = (value: number) => String(Math.floor(value)).padStart(2, '0');
  // Up to five pieces stays within every length limit, so no generated entry is refused.
  const text = () => Array.from({ length: Math.floor(next() * 6) }, () => pick(pieces)).join('');
  const generated = (): NewEntry =>
    newEntrySchema.parse({
      date: `${1900 + Math.floor(next() * 201)}-${twoDigits(1 + next() * 12)}-${twoDigits(1 + next() * 28)}`,
      type: pick(['income', 'expense']),
      amount: next() < 0.1 ? 1e13 : 1 + Math.floor(next() * (next() < 0.5 ? 1000 : 1e12)),
      currency: pick(LEDGER_CURRENCIES),
      // The member's own names, and a default category's key (a default's name would come back as its key).
      category: pick(['점심값', 'food']) + text(),
      payment: text(),
      memo: text(),
      ...(next() < 0.3 ? { time: `${twoDigits(next() * 24)}:${twoDigits(next() * 60)}` } : {}),
      ...(next() < 0.3 ? { approval: pick(['00123456', '=1', '-', "'"]) + pick(pieces) } : {}),
    });

  it('gives back exactly the entries that went out', () => {
    const entries = Array.from({ length: 400 }, generated);
    expect(parseLedgerCsv(formatLedgerCsv(entries))).toEqual({ ok: true, entries });
  });
});

describe('Korean sheets', () => {
  it('reads the default categories and payment methods by their Korean (or English) names, and amounts in 원', () => {
    const text =
      '날짜,구분,금액,분류,결제수단,메모\n' +
      '2024-03-15,지출,"12,000원",식비,카드,점심\n' +
      '2024-03-16,지출,₩1 250,교통비,현금,\n' +
      '2024-03-25,수입,3000000원,월급,이체,\n' +
      '2024-03-26,수입,5000,기타,계좌이체,\n' +
      '2024-03-27,지출,700,기타,Card,\n' +
      '2024-03-28,지출,4500,Cafés & snacks,신용카드,\n' +
      '2024-03-29,지출,9900,고양이 사료,페이,\n';
    expect(parseLedgerCsv(text)).toEqual({
      ok: true,
      entries: [
        { ...lunch, memo: '점심' },
        { ...lunch, date: '2024-03-16', amount: 1250, category: 'transport', payment: 'cash' },
        {
          ...lunch,
          date: '2024-03-25',
          type: 'income',
          amount: 3000000,
          category: 'salary',
          payment: 'transfer',
        },
        {
          ...lunch,
          date: '2024-03-26',
          type: 'income',
          amount: 5000,
          category: 'otherIncome',
          payment: 'transfer',
        },
        { ...lunch, date: '2024-03-27', amount: 700, category: 'otherExpense', payment: 'card' },
        { ...lunch, date: '2024-03-28', amount: 4500, category: 'cafe', payment: 'card' },
        // Names that are not the app's stay the member's own words.
        { ...lunch, date: '2024-03-29', amount: 9900, category: '고양이 사료', payment: '페이' },
      ],
    });
  });

  it('refuses an amount in another form than 원 or plain digits', () => {
    expect(errorsOf(`${OLD_HEADER}\n2024-03-15,expense,12000달러,KRW,food,,`)).toEqual([
      { line: 2, column: 'amount', code: 'ledger/invalid-amount' },
    ]);
  });

  it('writes Korean labels on request, and reads them back as the same entries', () => {
    const salary: NewEntry = {
      ...lunch,
      type: 'income',
      amount: 3000000,
      category: 'salary',
      payment: 'transfer',
    };
    const own: NewEntry = { ...lunch, category: '고양이 사료', payment: '페이', memo: '=1' };
    const csv = formatLedgerCsv([lunch, salary, own], 'ko');
    expect(csv).toBe(
      '\uFEFF날짜,시간,구분,금액,통화,분류,결제수단,메모,승인번호,공간\r\n' +
        '2024-03-15,,지출,12000,KRW,식비,카드,,,\r\n' +
        '2024-03-15,,수입,3000000,KRW,급여,계좌이체,,,\r\n' +
        "2024-03-15,,지출,12000,KRW,고양이 사료,페이,'=1,,\r\n",
    );
    expect(parseLedgerCsv(csv)).toEqual({ ok: true, entries: [lunch, salary, own] });
  });
});

describe('splitDuplicates', () => {
  it('finds the rows already in the ledger, one for one', () => {
    const coffee: NewEntry = { ...lunch, amount: 4500, category: 'cafe' };
    const dinner: NewEntry = { ...lunch, memo: 'dinner' };
    const { fresh, duplicates } = splitDuplicates(
      [lunch, lunch, coffee, dinner],
      [lunch, coffee, { ...dinner, amount: 1 }],
    );
    expect(duplicates).toEqual([lunch, coffee]);
    expect(fresh).toEqual([lunch, dinner]);
  });
});
