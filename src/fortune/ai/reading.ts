/**
 * The AI reading of the fortune embed: a short daily reading generated through an OpenAI-compatible chat
 * completions API that the member chooses (base URL and model configurable).
 *
 * This module runs in the browser and calls that API directly with fetch, so the member's API key goes only
 * to the API they chose and never to our server; it is not stored here either (the card keeps it on the
 * device). The request carries the key only in the Authorization header, never in the URL; it is sent
 * without cookies or referrer, and a redirect is not followed (a redirect could carry the key elsewhere), so
 * it counts as a bad response.
 *
 * Every failure comes back as one of a few problem codes, each with a plain message in AI_TEXT, so the card
 * can show what went wrong instead of a spinner that never ends.
 */

export interface AiSettings {
  /** The API root, e.g. https://api.openai.com/v1; requests go to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  model: string;
  apiKey: string;
}

export const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';

export type AiLang = 'ko' | 'en';

export interface AiPromptInput {
  lang: AiLang;
  /** The reading's day, YYYY-MM-DD (the Seoul calendar day, see `seoulDate`). */
  date: string;
  /** The member's sun sign, as the card shows it (e.g. "사자자리" or "Leo"). */
  sunSign?: string;
  /** The saju day master, as the card shows it (e.g. "갑목 (甲木)"). */
  dayMaster?: string;
  /** Today's tarot card, as the card shows it (e.g. "The Star, reversed"). */
  tarot?: string;
}

export type AiProblem =
  'no-key' | 'unauthorized' | 'rate-limited' | 'bad-response' | 'unreachable' | 'timeout' | 'invalid-url';

export type AiResult = { ok: true; text: string } | { ok: false; problem: AiProblem };

export interface AiReadingOptions {
  /** Give up after this long (default 30 s), covering the whole exchange including the body. */
  timeoutMs?: number;
  /** Defaults to the global fetch, looked up at call time. */
  fetchImpl?: typeof fetch;
  /** Cancels the request; the promise then rejects with the signal's reason (the caller cancelled). */
  signal?: AbortSignal;
}

export const AI_DEFAULT_TIMEOUT_MS = 30_000;
/** The longest reading we show; longer answers are cut. */
export const AI_MAX_TEXT = 4000;
/** Each given detail (sign, day master, card) is cut to this length before it goes into the prompt. */
const MAX_DETAIL = 80;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * The chat completions endpoint for a base URL, or null if the base URL is not allowed: it must be https,
 * except plain http to 127.0.0.1 or localhost (a model served on this machine), and must not carry
 * credentials, a query or a fragment. Trailing slashes are ignored.
 */
export function chatCompletionsUrl(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return null;
  }
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/chat/completions`;
}

const detail = (value: string | undefined): string | undefined => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, MAX_DETAIL) : undefined;
};

/** The system and user messages asking for a short, kind, non-fatalistic daily reading in the member's language. */
export function aiPrompt(input: AiPromptInput): { system: string; user: string } {
  const date = detail(input.date) ?? '';
  const sunSign = detail(input.sunSign);
  const dayMaster = detail(input.dayMaster);
  const tarot = detail(input.tarot);
  if (input.lang === 'ko') {
    const lines = [`날짜: ${date}`];
    if (sunSign) lines.push(`별자리: ${sunSign}`);
    if (dayMaster) lines.push(`사주 일간: ${dayMaster}`);
    if (tarot) lines.push(`오늘의 타로 카드: ${tarot}`);
    return {
      system: [
        '당신은 MyGenie의 다정한 운세 안내자예요.',
        '한국어 해요체로, 6문장 이내의 짧은 오늘의 운세를 써 주세요.',
        '운명을 단정하거나 겁을 주지 말고, 오늘 스스로 해 볼 수 있는 작고 긍정적인 제안으로 마무리해 주세요.',
        '의료, 건강, 금융, 투자, 법률에 관한 조언은 하지 마세요.',
        '주어진 정보만 사용하고, 그 밖의 개인적인 사항은 추측하거나 묻지 마세요.',
        '제목이나 목록, 마크다운 없이 한 문단의 평문으로만 답해 주세요.',
      ].join(' '),
      user: `${lines.join('\n')}\n\n이 정보를 바탕으로 오늘의 운세를 들려주세요.`,
    };
  }
  const lines = [`Date: ${date}`];
  if (sunSign) lines.push(`Sun sign: ${sunSign}`);
  if (dayMaster) lines.push(`Saju day master: ${dayMaster}`);
  if (tarot) lines.push(`Today's tarot card: ${tarot}`);
  return {
    system: [
      "You are MyGenie's kind fortune guide.",
      'Write a short reading for today in English, no more than 6 sentences.',
      'Never present the future as fixed or frightening; end with a small, positive step the reader can choose to take today.',
      'Give no medical, health, financial, investment or legal advice.',
      'Use only the details given; do not guess at or ask about anything else personal.',
      'Answer in one plain paragraph, with no title, list or markdown.',
    ].join(' '),
    user: `${lines.join('\n')}\n\nPlease write today's reading from these details.`,
  };
}

/** Cuts to `max` UTF-16 units without leaving half of a surrogate pair at the end. */
function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function contentOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const choices = (body as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return null;
  const message = (choices[0] as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'object' || message === null) return null;
  const content = (message as { content?: unknown }).content;
  return typeof content === 'string' ? content : null;
}

/**
 * Asks the chosen API for today's reading. Never throws for an API or network failure: the answer is either
 * the reading (trimmed, at most AI_MAX_TEXT characters) or a problem code. Nothing is sent when the key is
 * missing or the base URL is not allowed. A key with spaces or control characters inside cannot go in an
 * HTTP header and is answered `unauthorized` without a request. Rejects only when `options.signal` aborts.
 */
export async function aiReading(
  settings: AiSettings,
  input: AiPromptInput,
  options: AiReadingOptions = {},
): Promise<AiResult> {
  const apiKey = settings.apiKey.trim();
  if (!apiKey) return { ok: false, problem: 'no-key' };
  const endpoint = chatCompletionsUrl(settings.baseUrl);
  if (!endpoint) return { ok: false, problem: 'invalid-url' };
  if (!/^[\x21-\x7e]+$/.test(apiKey)) return { ok: false, problem: 'unauthorized' };
  const external = options.signal;
  external?.throwIfAborted();

  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const { system, user } = aiPrompt(input);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? AI_DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort(external?.reason);
  external?.addEventListener('abort', onAbort, { once: true });

  try {
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        model: settings.model.trim() || DEFAULT_AI_MODEL,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        temperature: 0.8,
        max_tokens: 500,
      }),
      signal: controller.signal,
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    if (response.status === 401 || response.status === 403) return fail(response, 'unauthorized');
    if (response.status === 429) return fail(response, 'rate-limited');
    if (response.status < 200 || response.status > 299) return fail(response, 'bad-response');
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch (error) {
      if (controller.signal.aborted) throw error;
      return { ok: false, problem: 'bad-response' };
    }
    const text = contentOf(body)?.trim();
    if (!text) return { ok: false, problem: 'bad-response' };
    return { ok: true, text: cap(text, AI_MAX_TEXT).trimEnd() };
  } catch {
    if (external?.aborted) throw external.reason;
    if (timedOut) return { ok: false, problem: 'timeout' };
    // fetch rejects with a TypeError for network failures (refused, DNS, TLS, CORS refused by the browser).
    return { ok: false, problem: 'unreachable' };
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', onAbort);
  }
}

function fail(response: Response, problem: AiProblem): AiResult {
  // Let the connection go without reading an error body we do not show.
  response.body?.cancel().catch(() => undefined);
  return { ok: false, problem };
}

export interface AiTextLines {
  title: string;
  /** One line saying what the AI reading is. */
  intro: string;
  /** Shown without a key: how to add one. */
  addKeyTitle: string;
  addKeyWhere: string;
  addKeyPrivacy: string;
  addKeyCost: string;
  keyLabel: string;
  keyPlaceholder: string;
  baseUrlLabel: string;
  baseUrlHint: string;
  modelLabel: string;
  modelHint: string;
  save: string;
  remove: string;
  generate: string;
  generating: string;
  saved: string;
  removed: string;
  /** Under a generated reading. */
  disclaimer: string;
  problems: Record<AiProblem, string>;
}

export const AI_TEXT: { ko: AiTextLines; en: AiTextLines } = {
  ko: {
    title: 'AI 운세',
    intro: '오늘의 별자리, 사주, 타로를 바탕으로 AI가 짧은 운세를 써 드려요.',
    addKeyTitle: 'API 키를 추가해 주세요',
    addKeyWhere:
      'OpenAI 플랫폼(platform.openai.com)의 API keys 메뉴에서 키를 만들 수 있어요. OpenAI 호환 API를 제공하는 다른 서비스의 키도 쓸 수 있어요.',
    addKeyPrivacy:
      '키는 이 기기에만 저장되고, 여기서 고른 API로만 보내져요. MyGenie 서버로는 보내지 않고 저장하지도 않아요.',
    addKeyCost: '운세를 만들 때마다 API 제공자의 요금이 청구될 수 있어요.',
    keyLabel: 'API 키',
    keyPlaceholder: 'sk-...',
    baseUrlLabel: 'API 주소 (Base URL)',
    baseUrlHint: `https 주소여야 해요. 기본값은 ${DEFAULT_AI_BASE_URL} 이에요.`,
    modelLabel: '모델',
    modelHint: `기본값은 ${DEFAULT_AI_MODEL} 이에요.`,
    save: '저장',
    remove: '키 삭제',
    generate: 'AI 운세 보기',
    generating: 'AI 운세를 만들고 있어요…',
    saved: '이 기기에 저장했어요.',
    removed: '이 기기에서 키를 삭제했어요.',
    disclaimer: 'AI가 쓴 글이라 틀릴 수 있어요. 가볍게 참고해 주세요.',
    problems: {
      'no-key': 'API 키가 없어요. 키를 추가하면 AI 운세를 볼 수 있어요.',
      unauthorized: 'API가 키를 받아들이지 않았어요. 키가 맞는지 확인해 주세요.',
      'rate-limited':
        '요청이 너무 많거나 사용 한도를 넘었어요. 잠시 뒤에 다시 시도하거나 요금제를 확인해 주세요.',
      'bad-response': 'API에서 알아볼 수 없는 응답이 왔어요. API 주소와 모델 이름을 확인해 주세요.',
      unreachable: 'API에 연결하지 못했어요. 인터넷 연결과 API 주소를 확인해 주세요.',
      timeout: 'API가 제시간에 응답하지 않았어요. 잠시 뒤에 다시 시도해 주세요.',
      'invalid-url':
        'API 주소가 올바르지 않아요. https로 시작하는 주소를 넣어 주세요. 이 컴퓨터에서 돌아가는 서버라면 http://localhost 주소도 쓸 수 있어요.',
    },
  },
  en: {
    title: 'AI reading',
    intro: "An AI writes a short reading from today's sun sign, saju and tarot card.",
    addKeyTitle: 'Add an API key',
    addKeyWhere:
      'You can create a key under API keys on the OpenAI platform (platform.openai.com). A key from any other service with an OpenAI-compatible API works too.',
    addKeyPrivacy:
      'The key is stored only on this device and sent only to the API you choose here. It never goes to the MyGenie server, and we never store it.',
    addKeyCost: 'Your API provider may charge you for each reading.',
    keyLabel: 'API key',
    keyPlaceholder: 'sk-...',
    baseUrlLabel: 'API base URL',
    baseUrlHint: `Must be an https address. The default is ${DEFAULT_AI_BASE_URL}.`,
    modelLabel: 'Model',
    modelHint: `The default is ${DEFAULT_AI_MODEL}.`,
    save: 'Save',
    remove: 'Remove key',
    generate: 'Get AI reading',
    generating: 'Writing your AI reading…',
    saved: 'Saved on this device.',
    removed: 'Key removed from this device.',
    disclaimer: 'Written by an AI, so it can be wrong. Take it lightly.',
    problems: {
      'no-key': 'There is no API key. Add one to get an AI reading.',
      unauthorized: 'The API did not accept the key. Please check that it is correct.',
      'rate-limited':
        'Too many requests, or the usage limit was reached. Try again in a moment, or check your plan.',
      'bad-response':
        'The API sent an answer we could not read. Please check the base URL and the model name.',
      unreachable: 'Could not reach the API. Please check your connection and the base URL.',
      timeout: 'The API did not answer in time. Please try again in a moment.',
      'invalid-url':
        'The base URL is not valid. Please enter an address starting with https (http://localhost works for a server on this computer).',
    },
  },
};
