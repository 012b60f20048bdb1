import { describe, it, expect } from 'vitest';
import { decodeCsvBytes } from './csv-file.js';
import { formatLedgerCsv, parseLedgerCsv } from '../../records/ledger-csv.js';

describe('decodeCsvBytes', () => {
  it('reads MyGenie’s own export, BOM included, so it imports again', () => {
    const entry = {
      date: '2024-03-15',
      type: 'expense' as const,
      amount: 12000,
      currency: 'KRW' as const,
      category: '점심값',
      payment: '',
      memo: '🧾',
    };
    const bytes = new TextEncoder().encode(formatLedgerCsv([entry]));
    expect(parseLedgerCsv(decodeCsvBytes(bytes))).toEqual({ ok: true, entries: [entry] });
  });

  it('reads a Korean Excel file saved in EUC-KR', () => {
    // '날짜,구분' in code page 949.
    const bytes = Uint8Array.from([0xb3, 0xaf, 0xc2, 0xa5, 0x2c, 0xb1, 0xb8, 0xba, 0xd0]);
    expect(decodeCsvBytes(bytes)).toBe('날짜,구분');
  });
});
