import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startChatApi, type ChatApi } from '../../server/test/chat-api.js';
import {
  AI_MAX_TEXT,
  AI_TEXT,
  DEFAULT_AI_BASE_URL,
  DEFAULT_AI_MODEL,
  aiPrompt,
  aiReading,
  chatCompletionsUrl,
  type AiPromptInput,
  type AiSettings,
} from './reading.js';

const HANGUL = /[\uAC00-\uD7A3]/;
const KO: AiPromptInput = {
  lang: 'ko',
  date: '2026-05-01',
  sunSign: '황소자리',
  dayMaster: '갑목',
  tarot: '별 (정방향)',
};
const EN: AiPromptInput = { lang: 'en', date: '2026-05-01', sunSign: 'Taurus', tarot: 'The Star' };

let api: ChatApi;
let settings: AiSettings;

beforeAll(async () => {
  api = await startChatApi();
  settings = { baseUrl: api.url, model: 'test-model-1', apiKey: api.key };
});
afterAll(() => api.close());
afterEach(() => {
  api.mode = 'ok';
  api.requests.length = 0;
});

/** A fetch that must not be called. */
const noFetch = () => vi.fn<typeof fetch>(() => Promise.reject(new Error('fetch must not be called')));

describe('aiPrompt', () => {
  it('asks in Korean for ko and in English for en, with the given details', () => {
    const ko = aiPrompt(KO);
    expect(ko.system).toMatch(HANGUL);
    expect(ko.system).toContain('해요체');
    expect(ko.system).toContain('6문장');
    expect(ko.user).toContain('2026-05-01');
    expect(ko.user).toContain('황소자리');
    expect(ko.user).toContain('갑목');
    expect(ko.user).toContain('별 (정방향)');

    const en = aiPrompt(EN);
    expect(en.system + en.user).not.toMatch(HANGUL);
    expect(en.system).toContain('6 sentences');
    expect(en.system).toMatch(/no medical.*financial.*legal advice/);
    expect(en.user).toContain('Taurus');
    expect(en.user).toContain('The Star');
    expect(en.user).not.toContain('day master');
  });

  it('leaves out details that are not given and cuts long ones', () => {
    const { user } = aiPrompt({ lang: 'ko', date: '2026-05-01', sunSign: '  ', tarot: 'x'.repeat(500) });
    expect(user).not.toContain('별자리');
    expect(user).not.toContain('일간');
    expect(user).toContain('x'.repeat(80));
    expect(user).not.toContain('x'.repeat(81));
  });
});

describe('chatCompletionsUrl', () => {
  it('accepts https and local http, ignoring trailing slashes', () => {
    expect(chatCompletionsUrl(DEFAULT_AI_BASE_URL)).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatCompletionsUrl(' https://example.com/openai/v1/ ')).toBe(
      'https://example.com/openai/v1/chat/completions',
    );
    expect(chatCompletionsUrl('http://localhost:11434/v1')).toBe(
      'http://localhost:11434/v1/chat/completions',
    );
    expect(chatCompletionsUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/chat/completions');
  });
});

describe('aiReading against the chat API stand-in', () => {
  it('answers the reading, sending the key only in the Authorization header', async () => {
    const result = await aiReading(settings, KO);
    expect(result).toEqual({ ok: true, text: expect.stringMatching(/^\[stand-in test-model-1 ko\] 날짜:/) });
    if (!result.ok) return;
    expect(result.text).toBe(result.text.trim());
    expect(result.text).toContain('황소자리');

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request!.auth).toBe(`Bearer ${api.key}`);
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.url).not.toContain(api.key);
    const { system, user } = aiPrompt(KO);
    expect(request!.body).toEqual({
      model: 'test-model-1',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      temperature: 0.8,
      max_tokens: 500,
    });
    expect(JSON.stringify(request!.body)).not.toContain(api.key);
  });

  it('asks in English for en, and uses the default model when none is set', async () => {
    const result = await aiReading({ ...settings, baseUrl: `${api.url}/`, model: ' ' }, EN);
    expect(result).toEqual({
      ok: true,
      text: expect.stringMatching(new RegExp(`^\\[stand-in ${DEFAULT_AI_MODEL} en\\] Date: 2026-05-01`)),
    });
    const body = api.requests[0]!.body as { messages: Array<{ content: string }> };
    expect(body.messages[0]!.content).not.toMatch(HANGUL);
    expect(body.messages[1]!.content).toContain('Taurus');
  });

  it.each([
    ['unauthorized', 'unauthorized'],
    ['rate-limited', 'rate-limited'],
    ['error', 'bad-response'],
    ['malformed', 'bad-response'],
  ] as const)('maps the %s mode to %s', async (mode, problem) => {
    api.mode = mode;
    expect(await aiReading(settings, EN)).toEqual({ ok: false, problem });
    expect(api.requests).toHaveLength(1);
  });

  it('answers unauthorized for a wrong key', async () => {
    expect(await aiReading({ ...settings, apiKey: 'sk-wrong' }, EN)).toEqual({
      ok: false,
      problem: 'unauthorized',
    });
    expect(api.requests[0]!.auth).toBe('Bearer sk-wrong');
  });

  it('answers timeout when the API does not answer within timeoutMs', async () => {
    api.mode = 'slow';
    const started = Date.now();
    expect(await aiReading(settings, EN, { timeoutMs: 300 })).toEqual({ ok: false, problem: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(api.requests).toHaveLength(1);
  });

  it('rejects with the reason when the caller aborts', async () => {
    api.mode = 'slow';
    const controller = new AbortController();
    const reading = aiReading(settings, EN, { signal: controller.signal, timeoutMs: 10_000 });
    setTimeout(() => controller.abort(new Error('card closed')), 100);
    await expect(reading).rejects.toThrow('card closed');
  });

  it('answers unreachable when nothing listens', async () => {
    const closed = await startChatApi();
    await closed.close();
    expect(await aiReading({ ...settings, baseUrl: closed.url }, EN)).toEqual({
      ok: false,
      problem: 'unreachable',
    });
  });
});

describe('aiReading without a request', () => {
  it('answers no-key for a missing or blank key', async () => {
    const fetchImpl = noFetch();
    for (const apiKey of ['', '   ']) {
      expect(await aiReading({ ...settings, apiKey }, KO, { fetchImpl })).toEqual({
        ok: false,
        problem: 'no-key',
      });
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it.each([
    'http://example.com/v1',
    'http://api.openai.com/v1',
    'http://127.0.0.1.example.com/v1',
    'http://localhost.example.com/v1',
    'http://192.168.0.10:8080/v1',
    'ftp://example.com/v1',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'api.openai.com/v1',
    '',
    'https://user:secret@example.com/v1',
    'https://example.com/v1?key=abc',
    'https://example.com/v1#x',
  ])('refuses the base URL %j', async (baseUrl) => {
    const fetchImpl = noFetch();
    expect(await aiReading({ ...settings, baseUrl }, EN, { fetchImpl })).toEqual({
      ok: false,
      problem: 'invalid-url',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('refuses a key that cannot go in a header', async () => {
    const fetchImpl = noFetch();
    expect(await aiReading({ ...settings, apiKey: 'sk-a b' }, EN, { fetchImpl })).toEqual({
      ok: false,
      problem: 'unauthorized',
    });
    expect(await aiReading({ ...settings, apiKey: 'sk-a\nX-Evil: 1' }, EN, { fetchImpl })).toEqual({
      ok: false,
      problem: 'unauthorized',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('aiReading answers', () => {
  const answering = (status: number, body: string) =>
    vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
    );
  const completion = (content: unknown) => JSON.stringify({ choices: [{ message: { content } }] });

  it('trims the text and caps it at 4000 characters', async () => {
    const long = await aiReading(settings, EN, {
      fetchImpl: answering(200, completion(`  ${'a'.repeat(5000)}`)),
    });
    expect(long).toEqual({ ok: true, text: 'a'.repeat(AI_MAX_TEXT) });
    // A cut never leaves half of a surrogate pair.
    const emoji = await aiReading(settings, EN, {
      fetchImpl: answering(200, completion(`${'a'.repeat(AI_MAX_TEXT - 1)}🌟🌟`)),
    });
    expect(emoji).toEqual({ ok: true, text: 'a'.repeat(AI_MAX_TEXT - 1) });
  });

  it.each([
    ['a body that is not JSON', 200, '<html>Bad gateway</html>'],
    ['no choices', 200, JSON.stringify({ object: 'chat.completion' })],
    ['empty choices', 200, JSON.stringify({ choices: [] })],
    ['content that is not a string', 200, completion(42)],
    ['null content', 200, completion(null)],
    ['blank content', 200, completion(' \n ')],
    ['a 404', 404, JSON.stringify({ error: { message: 'Not found' } })],
    ['a 302', 302, ''],
  ])('answers bad-response for %s', async (_name, status, body) => {
    expect(await aiReading(settings, EN, { fetchImpl: answering(status, body) })).toEqual({
      ok: false,
      problem: 'bad-response',
    });
  });

  it('answers 403 as unauthorized', async () => {
    expect(await aiReading(settings, EN, { fetchImpl: answering(403, '{}') })).toEqual({
      ok: false,
      problem: 'unauthorized',
    });
  });

  it('does not follow a redirect, so the key cannot go elsewhere', async () => {
    const elsewhere = await startChatApi();
    const redirector = http.createServer((_request, response) => {
      response.writeHead(307, { Location: `${elsewhere.url}/chat/completions` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const port = (redirector.address() as AddressInfo).port;
      const result = await aiReading({ ...settings, baseUrl: `http://localhost:${port}/v1` }, EN);
      expect(result).toEqual({ ok: false, problem: 'bad-response' });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
      await elsewhere.close();
    }
  });
});

describe('AI_TEXT', () => {
  const keys = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, inner]) =>
      typeof inner === 'object' ? keys(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    );

  it('has the same keys in both languages, all filled in', () => {
    expect(keys(AI_TEXT.ko)).toEqual(keys(AI_TEXT.en));
    expect(Object.keys(AI_TEXT.en.problems).sort()).toEqual(
      [
        'bad-response',
        'invalid-url',
        'no-key',
        'rate-limited',
        'timeout',
        'unauthorized',
        'unreachable',
      ].sort(),
    );
    for (const key of keys(AI_TEXT.ko)) {
      const ko = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], AI_TEXT.ko);
      const en = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], AI_TEXT.en);
      expect(typeof ko === 'string' && ko.trim().length > 0, key).toBe(true);
      expect(typeof en === 'string' && en.trim().length > 0, key).toBe(true);
      expect(en, key).not.toMatch(HANGUL);
    }
  });

  it('writes Korean in 해요체 and says where the key goes', () => {
    for (const line of [
      ...Object.values(AI_TEXT.ko.problems),
      AI_TEXT.ko.addKeyPrivacy,
      AI_TEXT.ko.addKeyWhere,
    ]) {
      expect(line).toMatch(/요[.)]?$/);
      expect(line).not.toMatch(/(습니다|니다\.)/);
    }
    expect(AI_TEXT.ko.addKeyPrivacy).toContain('이 기기');
    expect(AI_TEXT.en.addKeyPrivacy).toContain('only to the API you choose');
  });
});

describe('the chat API stand-in', () => {
  it('answers a browser preflight with CORS headers', async () => {
    const response = await fetch(`${api.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://mygenie.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization.*content-type/);
    expect(api.requests).toHaveLength(0);
  });

  it('answers errors in the OpenAI shape', async () => {
    api.mode = 'rate-limited';
    const response = await fetch(`${api.url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      error: { message: expect.any(String), type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });
  });
});
