import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MEMO_BODY_MAX, validateMemo, type Memo } from '../../../../records/memo.js';
import {
  ImportError,
  MAX_UNPACKED_BYTES,
  recordKey,
  type ImportOptions,
  type ImportPlan,
} from '../../plan.js';
import { importDayOne } from './dayone.js';

const OPTIONS: ImportOptions = { timeZone: 'Asia/Seoul', today: '2025-03-10' };
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/diary/${name}`, import.meta.url), 'utf8');
const text = (value: string) => new TextEncoder().encode(value);

const PHOTO = new Uint8Array([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  0x00,
  ...text('남산'),
  0xff,
  0xd9,
]);
const PDF = text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A Day One export as Day One writes it: the journals at the top, photos and PDFs by their md5. */
function dayOneZip(files: Zippable = {}): Uint8Array {
  return zipSync({
    '일상.json': text(fixture('daily.json')),
    '여행.json': text(fixture('travel.json')),
    'photos/c0ffee00c0ffee00c0ffee00c0ffee00.jpeg': [PHOTO, { level: 0 }],
    'pdfs/d0c5d0c5d0c5d0c5d0c5d0c5d0c5d0c5.pdf': PDF,
    ...files,
  });
}

const memos = (plan: ImportPlan) => plan.items.map((item) => item.value as Memo);

async function refusal(bytes: Uint8Array): Promise<ImportError> {
  const error = await importDayOne(bytes, OPTIONS).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}

describe('a Day One export', () => {
  it('gives each entry as a diary entry: a heading as its title, Markdown escapes undone, photos by name', async () => {
    const plan = await importDayOne(dayOneZip(), OPTIONS);
    expect(plan.format).toBe('dayone-zip');
    const [walk] = plan.items;
    expect(walk!.value).toEqual({
      date: '2025-03-01',
      title: '삼일절 남산 산책',
      body: 'IMG_0412.jpeg\n\n남산 둘레길을 한 바퀴 걸었다. 벚꽃은 아직! 바람이 차다.\n\n1. 물 2병\n2. 김밥 (참치)\n\n다음엔 #해방촌 쪽으로.',
      tags: ['산책', '서울'],
      starred: true,
    });
    expect(walk!.key).toBe(recordKey('memo', walk!.value));
    expect(walk!.line).toBe(1);
    expect(walk!.attachments).toEqual([{ name: 'IMG_0412.jpeg', type: 'image/jpeg', bytes: PHOTO }]);
  });

  it('takes a first line without a heading as the title, not again in the body, and carries a PDF', async () => {
    const plan = await importDayOne(dayOneZip(), OPTIONS);
    expect(plan.items[1]!.value).toEqual({
      date: '2025-03-05',
      title: '병원 진단서 받음',
      body: '진단서.pdf\n다음 진료는 2주 뒤, 3월 19일.',
    });
    expect(plan.items[1]!.attachments).toEqual([{ name: '진단서.pdf', type: 'application/pdf', bytes: PDF }]);
  });

  it('dates an entry in its own time zone: just after midnight UTC is still New Year’s Eve in Los Angeles', async () => {
    const plan = await importDayOne(dayOneZip(), OPTIONS);
    expect(memos(plan).find((memo) => memo.title.startsWith('새해'))).toEqual({
      date: '2024-12-31',
      title: '새해 전야, Santa Monica',
      body: 'Pier에서 불꽃놀이 🎆 보고 숙소로.\n\n한국은 벌써 새해 오후라니 신기하다.',
      tags: ['여행', 'LA'],
    });
  });

  it('lists a photo the zip lacks, a video and an empty entry as skipped', async () => {
    const plan = await importDayOne(dayOneZip(), OPTIONS);
    expect(memos(plan).map((memo) => memo.title)).toEqual([
      '삼일절 남산 산책',
      '병원 진단서 받음',
      '된장찌개 성공',
      '새해 전야, Santa Monica',
    ]);
    expect(plan.items[2]!.value).toMatchObject({
      body: 'deadbeefdeadbeefdeadbeefdeadbeef.jpeg\n0123456789abcdef0123456789abcdef.mov\n엄마 레시피대로: 멸치 육수 먼저.',
      tags: ['요리'],
    });
    expect(plan.items[2]!.attachments).toBeUndefined();
    expect(plan.skipped).toEqual([
      { reason: 'missing-file', what: '된장찌개 성공: deadbeefdeadbeefdeadbeefdeadbeef.jpeg', line: 3 },
      { reason: 'unsupported-type', what: '된장찌개 성공: 0123456789abcdef0123456789abcdef.mov', line: 3 },
      { reason: 'empty', what: '2025-03-09', line: 4 },
    ]);
    for (const memo of memos(plan)) expect(validateMemo(memo)).toEqual({});
  });

  it('takes the first sentence of a long first line as the title, or its first words when that is long too', async () => {
    const entry = (uuid: string, body: string) => ({
      uuid,
      creationDate: '2025-02-01T03:00:00Z',
      timeZone: 'Asia/Seoul',
      text: body,
    });
    const long =
      '한강을 따라 여의도에서 반포까지 천천히 걸었는데 바람이 불어 생각보다 훨씬 추웠고 손이 시려서 주머니에 넣고 걸었다';
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        entry('A', `오늘은  맑음\\. 점심은 ${'냉면 '.repeat(20)}먹었다\\.\n저녁엔 산책\\.`),
        entry('B', `${long}\\. 다음엔 장갑을 챙기자\\.`),
        entry('C', 'Dr\\. Kim said 3\\.5 hours\\!\n\nSleep more\\.'),
        entry('D', '![](dayone-moment://P9) 딱 한 줄'),
      ],
    };
    const plan = await importDayOne(zipSync({ 'Journal.json': text(JSON.stringify(journal)) }), OPTIONS);
    expect(memos(plan).map(({ title, body }) => ({ title, body }))).toEqual([
      // A long line: its first sentence is the title, the rest of the line stays the body's first line.
      { title: '오늘은 맑음', body: `점심은 ${'냉면 '.repeat(20)}먹었다.\n저녁엔 산책.` },
      // A first sentence too long for a title: its first words are, and the body keeps the whole text.
      { title: long.slice(0, long.lastIndexOf(' ', 60)), body: `${long}. 다음엔 장갑을 챙기자.` },
      // A short first line is the title whatever its punctuation.
      { title: 'Dr. Kim said 3.5 hours!', body: 'Sleep more.' },
      // A line of a photo and words: the words are the title, the photo stays in the body.
      { title: '딱 한 줄', body: '' },
    ]);
    expect(plan.skipped).toEqual([{ reason: 'missing-file', what: '딱 한 줄: P9', line: 4 }]);
  });

  it('cuts a body too long, keeps 50 tags of at most 50 characters, and says so', async () => {
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'A',
          creationDate: '2025-02-01T00:00:00Z',
          timeZone: 'Asia/Seoul',
          text: `# 긴 하루\n${'가'.repeat(MEMO_BODY_MAX + 10)}`,
          tags: [...Array.from({ length: 60 }, (_, index) => `태그${index}`), '긴'.repeat(80)],
        },
      ],
    };
    const plan = await importDayOne(zipSync({ 'Journal.json': text(JSON.stringify(journal)) }), OPTIONS);
    const [memo] = memos(plan);
    expect(memo!.body).toHaveLength(MEMO_BODY_MAX);
    expect(memo!.tags).toHaveLength(50);
    expect(validateMemo(memo!)).toEqual({});
    expect(plan.skipped).toEqual([{ reason: 'shortened', what: '긴 하루', line: 1 }]);
  });

  it('refuses what is no Day One export', async () => {
    expect((await refusal(text('{"entries": []}'))).code).toBe('unsupported');
    expect((await refusal(zipSync({ 'notes/a.md': text('# 메모') }))).code).toBe('unsupported');
    expect((await refusal(zipSync({ 'package.json': text('{"name": "x"}') }))).code).toBe('unsupported');
    expect((await refusal(zipSync({ 'Journal.json': text('{"entries": [') }))).code).toBe('damaged');
    expect((await refusal(dayOneZip().subarray(0, 200))).code).toBe('damaged');
    const noDate = { entries: [{ text: '날짜 없음' }, { creationDate: 'yesterday', text: '?' }] };
    expect(await refusal(zipSync({ 'Journal.json': text(JSON.stringify(noDate)) }))).toMatchObject({
      code: 'bad-row',
      line: 1,
      detail: 'creationDate',
    });
  });
});

/** A zip written by hand, so that an entry may hold a deflate stream of any size and claim any size. */
function handMadeZip(
  entries: Array<{ name: string; data: Uint8Array; size: number; crc: number }>,
): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = text(entry.name);
    const header = (signature: number, centralRecord: boolean) => {
      const view = new DataView(new ArrayBuffer(centralRecord ? 46 : 30));
      let at = 0;
      const u16 = (value: number) => (view.setUint16(at, value, true), (at += 2));
      const u32 = (value: number) => (view.setUint32(at, value >>> 0, true), (at += 4));
      u32(signature);
      if (centralRecord) u16(20);
      [20, 0x800, 8, 0, 0].forEach(u16);
      [entry.crc, entry.data.length, entry.size].forEach(u32);
      u16(name.length);
      u16(0);
      if (centralRecord) {
        [0, 0, 0].forEach(u16);
        [0, offset].forEach(u32);
      }
      return new Uint8Array(view.buffer);
    };
    const local = header(0x04034b50, false);
    chunks.push(local, name, entry.data);
    central.push(header(0x02014b50, true), name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directory, true);
  end.setUint32(16, offset, true);
  return new Uint8Array(Buffer.concat([...chunks, ...central, new Uint8Array(end.buffer)]));
}

/** `megabytes` MB of zeros as raw deflate, built from one flushed megabyte repeated: about 1 KB per MB. */
function zeros(megabytes: number): { data: Uint8Array; crc: number } {
  const megabyte = Buffer.alloc(1 << 20);
  const block = zlib.deflateRawSync(megabyte, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let index = 0; index < megabytes; index += 1) crc = zlib.crc32(megabyte, crc);
  const last = new Uint8Array([0x03, 0x00]);
  return {
    data: new Uint8Array(Buffer.concat([...Array.from({ length: megabytes }, () => block), last])),
    crc,
  };
}

describe('a zip bomb', () => {
  const journal = text(
    JSON.stringify({
      entries: [
        {
          creationDate: '2025-03-01T00:00:00Z',
          text: '![](dayone-moment://BOMB)',
          photos: [{ identifier: 'BOMB', md5: 'b0b0', type: 'jpeg' }],
        },
      ],
    }),
  );
  const journalEntry = {
    name: 'Journal.json',
    data: zlib.deflateRawSync(journal),
    size: journal.length,
    crc: zlib.crc32(journal),
  };

  it('is refused when a photo says it unpacks past the limit', async () => {
    const megabytes = Math.ceil(MAX_UNPACKED_BYTES / (1 << 20)) + 16;
    const bomb = zeros(megabytes);
    const zip = handMadeZip([journalEntry, { name: 'photos/b0b0.jpeg', size: megabytes << 20, ...bomb }]);
    expect(zip.length).toBeLessThan(2_000_000);
    expect((await refusal(zip)).code).toBe('too-large');
  });

  it('is refused when a photo lies about its size', async () => {
    const bomb = zeros(64);
    const zip = handMadeZip([journalEntry, { name: 'photos/b0b0.jpeg', size: 1000, ...bomb }]);
    expect((await refusal(zip)).code).toBe('too-large');
  });
});
