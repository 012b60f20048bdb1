// A local stand-in for an OpenAI-compatible chat completions API, for tests of the fortune embed's AI reading:
// a node:http server on 127.0.0.1 answering `POST /v1/chat/completions` in the OpenAI shape, with the CORS
// headers a browser needs (the embed calls the API straight from the page). It checks the Bearer key and
// records every request. Set `mode` to choose the answer:
//   ok            200 with a reply derived from the request ("[stand-in <model> <lang>] <user message>")
//   error         500 server_error
//   slow          never answers (until close)
//   unauthorized  401 invalid_api_key, whatever the key
//   rate-limited  429 rate_limit_exceeded with Retry-After
//   malformed     200 with a chat.completion whose message has no content
// `delayMs` holds every answer back that long (a model taking its time), so a page's waiting state can be seen.
// A wrong or missing key is always 401, and a body that is not a chat request is 400, as the real API does.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatApiMode = 'ok' | 'error' | 'slow' | 'unauthorized' | 'rate-limited' | 'malformed';

export interface ChatApiRequest {
  /** The Authorization header as received ('' if none). */
  auth: string;
  /** The parsed JSON body, or the raw text if it was not JSON. */
  body: unknown;
  /** The request path and query, to check that nothing secret went into the URL. */
  url: string;
}

export interface ChatApi {
  /** The base URL to configure, ending in /v1 (no trailing slash). */
  url: string;
  /** The only key the stand-in accepts. */
  key: string;
  mode: ChatApiMode;
  /** Each answer waits this long first (default 0). */
  delayMs: number;
  /** Every POST to the completions path, in order (preflights are not recorded). */
  requests: ChatApiRequest[];
  close(): Promise<void>;
}

const COMPLETIONS_PATH = '/v1/chat/completions';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, content-type',
  'Access-Control-Allow-Methods': 'POST',
  'Access-Control-Max-Age': '600',
};

interface ChatMessage {
  role: string;
  content: string;
}

function isChatRequest(body: unknown): body is { model: string; messages: ChatMessage[] } {
  if (typeof body !== 'object' || body === null) return false;
  const { model, messages } = body as { model?: unknown; messages?: unknown };
  return (
    typeof model === 'string' &&
    model.length > 0 &&
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every(
      (m: unknown) =>
        typeof m === 'object' &&
        m !== null &&
        typeof (m as ChatMessage).role === 'string' &&
        typeof (m as ChatMessage).content === 'string',
    )
  );
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

export async function startChatApi(): Promise<ChatApi> {
  const key = `sk-test-${crypto.randomBytes(18).toString('base64url')}`;

  const send = (response: http.ServerResponse, status: number, body: unknown, extra: object = {}) => {
    response.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'application/json', ...extra });
    response.end(JSON.stringify(body));
  };
  const error = (
    response: http.ServerResponse,
    status: number,
    message: string,
    type: string,
    code: string | null,
    extra: object = {},
  ) => send(response, status, { error: { message, type, param: null, code } }, extra);

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS).end();
      return;
    }
    if (path !== COMPLETIONS_PATH) {
      error(response, 404, `Unknown request URL: ${request.method} ${path}`, 'invalid_request_error', null);
      return;
    }
    if (request.method !== 'POST') {
      error(response, 405, 'Method not allowed; use POST.', 'invalid_request_error', null, { Allow: 'POST' });
      return;
    }
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      const auth = String(request.headers.authorization ?? '');
      api.requests.push({ auth, body, url: request.url ?? '' });

      if (api.mode === 'slow') return; // never answers; close() drops the connection
      if (api.delayMs > 0) setTimeout(() => answer(auth, body), api.delayMs);
      else answer(auth, body);
    });

    function answer(auth: string, body: unknown): void {
      if (auth !== `Bearer ${key}` || api.mode === 'unauthorized') {
        error(
          response,
          401,
          'Incorrect API key provided. You can find your API key in your account settings.',
          'invalid_request_error',
          'invalid_api_key',
        );
        return;
      }
      if (api.mode === 'rate-limited') {
        error(response, 429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded', {
          'Retry-After': '20',
        });
        return;
      }
      if (api.mode === 'error') {
        error(response, 500, 'The server had an error while processing your request.', 'server_error', null);
        return;
      }
      if (!isChatRequest(body)) {
        error(
          response,
          400,
          'The request needs a model and a non-empty messages array.',
          'invalid_request_error',
          null,
        );
        return;
      }
      const model = body.model;
      const prompt = body.messages.map((m) => m.content).join('\n');
      const lang = /[\uAC00-\uD7A3]/.test(body.messages[0]!.content) ? 'ko' : 'en';
      const user = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
      // Padded with newlines, as models often answer, so that trimming is exercised.
      const content = `\n[stand-in ${model} ${lang}] ${user.replace(/\s+/g, ' ').trim()}\n`;
      const message = api.mode === 'malformed' ? { role: 'assistant' } : { role: 'assistant', content };
      send(response, 200, {
        id: `chatcmpl-${crypto.randomBytes(12).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }],
        usage: {
          prompt_tokens: words(prompt),
          completion_tokens: words(content),
          total_tokens: words(prompt) + words(content),
        },
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api: ChatApi = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    key,
    mode: 'ok',
    delayMs: 0,
    requests: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
