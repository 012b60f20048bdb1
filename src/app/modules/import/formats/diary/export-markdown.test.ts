import { strFromU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validateMemo, type Memo } from '../../../../records/memo.js';
import { ImportError, type ImportOptions } from '../../plan.js';
import { exportDiaryMarkdown, importDiaryMarkdown, type DiaryExportEntry } from './export-markdown.js';

const OPTIONS: ImportOptions = { timeZone: 'Asia/Seoul', today: '2025-03-10' };
const bytes = (...values: number[]) => new Uint8Array(values);

const ENTRIES: DiaryExportEntry[] = [
  {
    id: 'e1',
    value: {
      date: '2025-03-01',
      title: '삼일절: 남산 "산책" / 벚꽃?',
      body: '남산 둘레길을 걸었다.\n\n---\n\n- 물\n- 김밥\n',
      tags: ['산책', '서울'],
      starred: true,
    },
    attachments: [
      { name: 'IMG_0412.jpeg', type: 'image/jpeg', bytes: bytes(0xff, 0xd8, 0xff, 0xd9) },
      {
        name: '지도 [남산].pdf',
        type: 'application/pdf',
        bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
      },
    ],
  },
  // Same day, same title: the second file gets a number.
  {
    id: 'e2',
    value: { date: '2025-03-01', title: '삼일절: 남산 "산책" / 벚꽃?', body: '저녁엔 비' },
    attachments: [],
  },
  {
    id: 'e3',
    value: { date: '2024-12-31', title: 'CON', body: '  앞뒤 공백도 그대로  \n' },
    attachments: [{ name: 'CON.jpg', type: 'image/jpeg', bytes: bytes(1, 2, 3) }],
  },
  {
    id: 'e4',
    value: { date: '2023-07-07', title: '칠석 '.repeat(60).trim(), body: '', tags: ['#해시'] },
    attachments: [
      { name: 'IMG_0412.jpeg', type: 'image/jpeg', bytes: bytes(9, 9) },
      { name: `${'ㅋ'.repeat(150)}.png`, type: 'image/png', bytes: bytes(8) },
    ],
  },
];

describe('the diary as Markdown files', () => {
  it('writes one file per entry under its year, with names Windows and macOS accept, each once', () => {
    const files = unzipSync(exportDiaryMarkdown(ENTRIES));
    const names = Object.keys(files).sort();
    expect(names.filter((name) => name.endsWith('.md'))).toEqual([
      '2023/2023-07-07 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석 칠석.md',
      '2024/2024-12-31 CON.md',
      '2025/2025-03-01 삼일절 남산 산책 벚꽃 (2).md',
      '2025/2025-03-01 삼일절 남산 산책 벚꽃.md',
    ]);
    expect(names.filter((name) => name.startsWith('attachments/'))).toEqual([
      'attachments/2023-07-07 IMG_0412.jpeg',
      `attachments/2023-07-07 ${'ㅋ'.repeat(63)}.png`,
      'attachments/2024-12-31 CON.jpg',
      'attachments/2025-03-01 IMG_0412.jpeg',
      'attachments/2025-03-01 지도 [남산].pdf',
    ]);
    for (const name of names) {
      expect(name).not.toMatch(/[<>:"\\|?*]/);
      expect(new TextEncoder().encode(name.split('/').pop()!).length).toBeLessThanOrEqual(255);
    }
  });

  it('opens each file with YAML front matter and links its attachments at the end', () => {
    const files = unzipSync(exportDiaryMarkdown(ENTRIES));
    expect(strFromU8(files['2025/2025-03-01 삼일절 남산 산책 벚꽃.md']!)).toBe(
      [
        '---',
        'date: 2025-03-01',
        'title: "삼일절: 남산 \\"산책\\" / 벚꽃?"',
        'tags: ["산책", "서울"]',
        'starred: true',
        'attachments: [{"name": "IMG_0412.jpeg", "type": "image/jpeg", "path": "../attachments/2025-03-01 IMG_0412.jpeg"}, ' +
          '{"name": "지도 [남산].pdf", "type": "application/pdf", "path": "../attachments/2025-03-01 지도 [남산].pdf"}]',
        '---',
        '남산 둘레길을 걸었다.',
        '',
        '---',
        '',
        '- 물',
        '- 김밥',
        '',
        '',
        '![IMG_0412.jpeg](<../attachments/2025-03-01 IMG_0412.jpeg>)',
        '[지도 \\[남산\\].pdf](<../attachments/2025-03-01 지도 [남산].pdf>)',
        '',
      ].join('\n'),
    );
  });

  it('gives back equal entries and attachments when read again', async () => {
    const plan = await importDiaryMarkdown(exportDiaryMarkdown(ENTRIES), OPTIONS);
    expect(plan.format).toBe('diary-markdown');
    const byId = (id: string) => ENTRIES.find((entry) => entry.id === id)!;
    const expected = ['e4', 'e3', 'e2', 'e1'].map(byId);
    expect(plan.items.map((item) => item.value)).toEqual(expected.map((entry) => entry.value));
    expect(plan.items.map((item) => item.attachments ?? [])).toEqual(
      expected.map((entry) => entry.attachments),
    );
    expect(plan.skipped).toEqual([]);
    for (const item of plan.items) expect(validateMemo(item.value as Memo)).toEqual({});
  });

  it('reads a file an editor rewrote, and one without front matter', async () => {
    const zip = zipSync({
      '2025/2025-02-14 발렌타인.md': new TextEncoder().encode(
        "---\r\ndate: 2025-02-14\r\ntitle: '초콜릿 만들기'\r\ntags:\r\n  - 요리\r\n  - 기념일\r\nstarred: false\r\n---\r\n녹여서 굳히기",
      ),
      '2025/2025-02-15 그냥 메모.md': new TextEncoder().encode('front matter 없이 쓴 일기'),
    });
    const plan = await importDiaryMarkdown(zip, OPTIONS);
    expect(plan.items.map((item) => item.value)).toEqual([
      { date: '2025-02-14', title: '초콜릿 만들기', body: '녹여서 굳히기', tags: ['요리', '기념일'] },
      { date: '2025-02-15', title: '그냥 메모', body: 'front matter 없이 쓴 일기' },
    ]);
  });

  it('lists an attachment the zip lacks, and refuses a file with no date or a zip with no Markdown', async () => {
    const files = unzipSync(exportDiaryMarkdown([ENTRIES[0]!]));
    delete files['attachments/2025-03-01 IMG_0412.jpeg'];
    const plan = await importDiaryMarkdown(zipSync(files), OPTIONS);
    expect(plan.items[0]!.attachments?.map((attachment) => attachment.name)).toEqual(['지도 [남산].pdf']);
    expect(plan.skipped).toEqual([
      { reason: 'empty', what: '삼일절: 남산 "산책" / 벚꽃?: IMG_0412.jpeg', line: 1 },
    ]);

    const undated = zipSync({ 'notes/어느 날.md': new TextEncoder().encode('---\ntitle: "?"\n---\n본문') });
    await expect(importDiaryMarkdown(undated, OPTIONS)).rejects.toMatchObject({
      code: 'bad-row',
      line: 1,
      detail: 'notes/어느 날.md',
    });
    const empty = zipSync({ 'readme.txt': new TextEncoder().encode('hi') });
    await expect(importDiaryMarkdown(empty, OPTIONS)).rejects.toBeInstanceOf(ImportError);
    await expect(importDiaryMarkdown(empty, OPTIONS)).rejects.toMatchObject({ code: 'unsupported' });
  });
});
