// A local stand-in for Google's OAuth token flow and the Drive v3 REST calls the app makes (list, resumable
// upload, download in the app-data folder), answering in Google's shapes, so the real client code runs against
// it in API and browser tests. `fault` makes it fail the way Google does: a full Drive, an expired token, or
// connections dropped without an answer.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
  createdTime: string;
  parents: string[];
  trashed?: boolean;
}

export interface GoogleDriveStandin {
  clientId: string;
  /** Like https://accounts.google.com/o/oauth2/v2/auth. */
  authUrl: string;
  /** Like https://www.googleapis.com (no trailing slash). */
  apiUrl: string;
  /** The Drive's files by id; tests may add or inspect them directly. */
  files: Map<string, StandinFile>;
  /** Access tokens issued and still valid; delete one to revoke it. */
  tokens: Set<string>;
  fault: 'none' | 'full' | 'drop' | 'expired';
  /** The member refuses consent: the auth page redirects with error=access_denied. */
  deny: boolean;
  /** Every request's method and path (with query), in order. */
  requests: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

const CLIENT_ID = 'standin-client.apps.googleusercontent.com';
const APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata';
const AUTH_PATH = '/o/oauth2/v2/auth';
const FILES_PATH = '/drive/v3/files';
const UPLOAD_PATH = '/upload/drive/v3/files';
const DEFAULT_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

interface UploadSession {
  metadata: { name: string; mimeType: string; parents: string[] };
  expectedLength: number | null;
  fields: string | null;
}

interface GoogleErrorDetail {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
}

/** Google's JSON error body. */
function googleError(code: number, message: string, detail: Partial<GoogleErrorDetail>, status?: string) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason: 'invalid', ...detail }],
      ...(status ? { status } : {}),
    },
  };
}

const UNAUTHENTICATED = googleError(
  401,
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  { message: 'Invalid Credentials', reason: 'authError', location: 'Authorization', locationType: 'header' },
  'UNAUTHENTICATED',
);

const QUOTA_MESSAGE = "The user's Drive storage quota has been exceeded.";
const STORAGE_FULL = googleError(403, QUOTA_MESSAGE, {
  domain: 'usageLimits',
  reason: 'storageQuotaExceeded',
});

const INSUFFICIENT_SCOPES = googleError(
  403,
  'Request had insufficient authentication scopes.',
  { reason: 'insufficientPermissions' },
  'PERMISSION_DENIED',
);

const notFound = (id: string) =>
  googleError(404, `File not found: ${id}.`, {
    reason: 'notFound',
    location: 'fileId',
    locationType: 'parameter',
  });

const invalidParameter = (name: string, message = `Invalid Value`) =>
  googleError(400, message, { reason: 'invalid', location: name, locationType: 'parameter' });

function randomId(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** The full Drive file resource, before `fields` picks from it. */
function resource(id: string, file: StandinFile): Record<string, unknown> {
  return {
    kind: 'drive#file',
    id,
    name: file.name,
    mimeType: file.mimeType,
    parents: file.parents,
    spaces: ['appDataFolder'],
    trashed: file.trashed ?? false,
    size: String(file.bytes.length),
    createdTime: file.createdTime,
    modifiedTime: file.createdTime,
  };
}

type FieldMask = Map<string, FieldMask | null>;

/** Google's partial-response `fields` (`a,b(c,d)`), or null when it is malformed. */
function parseFields(text: string): FieldMask | null {
  let at = 0;
  const parseList = (): FieldMask | null => {
    const mask: FieldMask = new Map();
    for (;;) {
      const match = /^\s*([A-Za-z_*][\w*]*)\s*/.exec(text.slice(at));
      if (!match?.[1]) return null;
      at += match[0].length;
      let nested: FieldMask | null = null;
      if (text[at] === '(') {
        at++;
        nested = parseList();
        if (!nested || text[at] !== ')') return null;
        at++;
      }
      mask.set(match[1], nested);
      if (text[at] !== ',') return mask;
      at++;
    }
  };
  const mask = parseList();
  return mask && at === text.length ? mask : null;
}

function pick(value: Record<string, unknown>, mask: FieldMask): Record<string, unknown> {
  if (mask.has('*')) return value;
  const picked: Record<string, unknown> = {};
  for (const [name, nested] of mask) {
    const field = value[name];
    if (field === undefined) continue;
    if (nested && Array.isArray(field)) {
      picked[name] = field.map((entry: Record<string, unknown>) => pick(entry, nested));
    } else {
      picked[name] =
        nested && typeof field === 'object' ? pick(field as Record<string, unknown>, nested) : field;
    }
  }
  return picked;
}

/** Drive's default file fields when `fields` is absent. */
const DEFAULT_FILE_FIELDS = parseFields('kind,id,name,mimeType') as FieldMask;
const DEFAULT_LIST_FIELDS = parseFields(
  'kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)',
) as FieldMask;

type Condition = (file: StandinFile) => boolean;

/** The name from each word on, lowercased: `a b` gives `a b` and `b`. */
function wordStarts(name: string): string[] {
  const lower = name.toLowerCase();
  return [0, ...[...lower.matchAll(/\s+/g)].map((match) => match.index + match[0].length)].map((at) =>
    lower.slice(at),
  );
}

/** The subset of Drive's query language the app uses: `name contains '…'`, `name = '…'`, `trashed = …`, joined by `and`. */
function parseQuery(q: string): Condition | null {
  const conditions: Condition[] = [];
  let rest = q.trim();
  while (rest) {
    let match = /^name\s+(contains|=)\s+'((?:[^'\\]|\\.)*)'/.exec(rest);
    if (match) {
      const operator = match[1];
      const term = (match[2] ?? '').replace(/\\(.)/g, '$1');
      conditions.push((file) =>
        operator === '='
          ? file.name === term
          : // Drive's `contains` on names matches from the start of a word, not anywhere in the name.
            wordStarts(file.name).some((start) => start.startsWith(term.toLowerCase())),
      );
    } else {
      match = /^trashed\s*=\s*(true|false)/.exec(rest);
      if (!match) return null;
      const trashed = match[1] === 'true';
      conditions.push((file) => (file.trashed ?? false) === trashed);
    }
    rest = rest.slice(match[0].length).trim();
    if (!rest) break;
    const joined = /^and\s+/i.exec(rest);
    if (!joined) return null;
    rest = rest.slice(joined[0].length);
  }
  return (file) => conditions.every((condition) => condition(file));
}

const ORDERS: Record<string, (a: [string, StandinFile], b: [string, StandinFile]) => number> = {
  createdTime: (a, b) => a[1].createdTime.localeCompare(b[1].createdTime),
  modifiedTime: (a, b) => a[1].createdTime.localeCompare(b[1].createdTime),
  name: (a, b) => a[1].name.localeCompare(b[1].name),
};

function parseOrder(
  orderBy: string,
): ((a: [string, StandinFile], b: [string, StandinFile]) => number) | null {
  const keys: Array<(a: [string, StandinFile], b: [string, StandinFile]) => number> = [];
  for (const part of orderBy.split(',')) {
    const match = /^\s*(\w+)(\s+desc)?\s*$/.exec(part);
    const compare = match?.[1] ? ORDERS[match[1]] : undefined;
    if (!match || !compare) return null;
    keys.push(match[2] ? (a, b) => compare(b, a) : compare);
  }
  return (a, b) => {
    for (const key of keys) {
      const order = key(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts)));
    request.on('error', reject);
  });
}

function html(response: http.ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><title>Error ${status}</title><p>${text}</p>`);
}

export async function startGoogleDriveStandin(): Promise<GoogleDriveStandin> {
  const sessions = new Map<string, UploadSession>();
  /** Page tokens are opaque to the client: each names an offset into one listing. */
  const pageTokens = new Map<string, number>();

  const standin: GoogleDriveStandin = {
    clientId: CLIENT_ID,
    authUrl: '',
    apiUrl: '',
    files: new Map(),
    tokens: new Set(),
    fault: 'none',
    deny: false,
    requests: [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const json = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': Buffer.byteLength(text),
      ...headers,
    });
    response.end(text);
  };

  /** The consent screen, already answered: straight back to redirect_uri with the token in the fragment. */
  const authorize = (url: URL, response: http.ServerResponse) => {
    const query = url.searchParams;
    if (query.get('client_id') !== CLIENT_ID) {
      return html(response, 400, 'Error 401: invalid_client. The OAuth client was not found.');
    }
    let redirect: URL;
    try {
      redirect = new URL(query.get('redirect_uri') ?? '');
    } catch {
      return html(response, 400, 'Error 400: invalid_request. Missing or invalid redirect_uri.');
    }
    if ((redirect.protocol !== 'http:' && redirect.protocol !== 'https:') || redirect.hash) {
      return html(response, 400, 'Error 400: redirect_uri_mismatch.');
    }
    if (query.get('response_type') !== 'token') {
      return html(response, 400, 'Error 400: unsupported_response_type.');
    }
    const scopes = (query.get('scope') ?? '').split(/\s+/);
    if (!scopes.includes(APPDATA_SCOPE)) return html(response, 400, 'Error 400: invalid_scope.');

    const answer = new URLSearchParams();
    if (standin.deny) {
      answer.set('error', 'access_denied');
    } else {
      const token = `ya29.${randomId(48)}`;
      standin.tokens.add(token);
      answer.set('access_token', token);
      answer.set('token_type', 'Bearer');
      answer.set('expires_in', '3599');
      answer.set('scope', APPDATA_SCOPE);
    }
    const state = query.get('state');
    if (state !== null) answer.set('state', state);
    redirect.hash = answer.toString();
    response.writeHead(302, { Location: redirect.toString(), 'Cache-Control': 'no-store' });
    response.end();
  };

  const listFiles = (url: URL, response: http.ServerResponse) => {
    const query = url.searchParams;
    const spaces = query.get('spaces') ?? 'drive';
    if (spaces !== 'appDataFolder') {
      return json(
        response,
        400,
        invalidParameter('spaces', 'Only the appDataFolder space is supported here.'),
      );
    }
    const condition = parseQuery(query.get('q') ?? '');
    if (!condition) return json(response, 400, invalidParameter('q', 'Invalid Value'));
    const order = parseOrder(query.get('orderBy') ?? 'name');
    if (!order) return json(response, 400, invalidParameter('orderBy', 'Invalid Value'));
    const pageSize = Number(query.get('pageSize') ?? DEFAULT_PAGE_SIZE);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      return json(response, 400, invalidParameter('pageSize', 'Invalid Value'));
    }
    let offset = 0;
    const pageToken = query.get('pageToken');
    if (pageToken !== null) {
      const found = pageTokens.get(pageToken);
      if (found === undefined) return json(response, 400, invalidParameter('pageToken', 'Invalid Value'));
      offset = found;
    }
    const fieldsText = query.get('fields');
    const fields = fieldsText === null ? DEFAULT_LIST_FIELDS : parseFields(fieldsText);
    if (!fields) return json(response, 400, invalidParameter('fields', 'Invalid field selection'));

    const matching = [...standin.files]
      .filter(([, file]) => file.parents.includes('appDataFolder') && condition(file))
      .sort(order);
    const page = matching.slice(offset, offset + pageSize);
    const body: Record<string, unknown> = {
      kind: 'drive#fileList',
      incompleteSearch: false,
      files: page.map(([id, file]) => resource(id, file)),
    };
    if (offset + pageSize < matching.length) {
      const next = randomId(24);
      pageTokens.set(next, offset + pageSize);
      body.nextPageToken = next;
    }
    json(response, 200, pick(body, fields));
  };

  const getFile = (id: string, url: URL, response: http.ServerResponse) => {
    const file = standin.files.get(id);
    if (!file) return json(response, 404, notFound(id));
    if (url.searchParams.get('alt') === 'media') {
      response.writeHead(200, { 'Content-Type': file.mimeType, 'Content-Length': file.bytes.length });
      response.end(file.bytes);
      return;
    }
    const fieldsText = url.searchParams.get('fields');
    const fields = fieldsText === null ? DEFAULT_FILE_FIELDS : parseFields(fieldsText);
    if (!fields) return json(response, 400, invalidParameter('fields', 'Invalid field selection'));
    json(response, 200, pick(resource(id, file), fields));
  };

  const startUpload = async (request: http.IncomingMessage, url: URL, response: http.ServerResponse) => {
    const body = await readBody(request);
    if (url.searchParams.get('uploadType') !== 'resumable') {
      return json(
        response,
        400,
        invalidParameter('uploadType', 'Only resumable uploads are supported here.'),
      );
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return json(response, 400, invalidParameter('Content-Type', 'Metadata must be JSON.'));
    }
    let metadata: { name?: unknown; mimeType?: unknown; parents?: unknown };
    try {
      metadata = JSON.parse(body.toString('utf8')) as typeof metadata;
    } catch {
      return json(response, 400, googleError(400, 'Parse Error', { reason: 'parseError' }));
    }
    const parents = Array.isArray(metadata.parents)
      ? metadata.parents.filter((parent): parent is string => typeof parent === 'string')
      : [];
    // Only the app-data folder is open to the drive.appdata scope.
    if (!parents.includes('appDataFolder')) return json(response, 403, INSUFFICIENT_SCOPES);
    const lengthHeader = request.headers['x-upload-content-length'];
    const expectedLength = lengthHeader === undefined ? null : Number(lengthHeader);
    if (expectedLength !== null && (!Number.isInteger(expectedLength) || expectedLength < 0)) {
      return json(response, 400, invalidParameter('X-Upload-Content-Length', 'Invalid Value'));
    }
    const uploadType = request.headers['x-upload-content-type'];
    const uploadId = randomId(36);
    sessions.set(uploadId, {
      metadata: {
        name: typeof metadata.name === 'string' ? metadata.name : 'Untitled',
        mimeType:
          typeof metadata.mimeType === 'string'
            ? metadata.mimeType
            : typeof uploadType === 'string'
              ? uploadType
              : 'application/octet-stream',
        parents,
      },
      expectedLength,
      fields: url.searchParams.get('fields'),
    });
    response.writeHead(200, {
      Location: `${standin.apiUrl}${UPLOAD_PATH}?uploadType=resumable&upload_id=${uploadId}`,
      'Content-Length': 0,
    });
    response.end();
  };

  const finishUpload = async (request: http.IncomingMessage, url: URL, response: http.ServerResponse) => {
    const body = await readBody(request);
    const uploadId = url.searchParams.get('upload_id') ?? '';
    const session = sessions.get(uploadId);
    if (!session) return json(response, 404, googleError(404, 'Not Found', { reason: 'notFound' }));
    if (standin.fault === 'full') return json(response, 403, STORAGE_FULL);
    if (session.expectedLength !== null && body.length !== session.expectedLength) {
      return json(
        response,
        400,
        googleError(
          400,
          `Received ${body.length} bytes, expected ${session.expectedLength} (X-Upload-Content-Length).`,
          { reason: 'badContent' },
        ),
      );
    }
    const fields = session.fields === null ? DEFAULT_FILE_FIELDS : parseFields(session.fields);
    if (!fields) return json(response, 400, invalidParameter('fields', 'Invalid field selection'));
    sessions.delete(uploadId);
    const id = randomId(24);
    const file: StandinFile = { ...session.metadata, bytes: body, createdTime: new Date().toISOString() };
    standin.files.set(id, file);
    json(response, 200, pick(resource(id, file), fields));
  };

  const server = http.createServer((request, response) => {
    const method = request.method ?? '';
    standin.requests.push({ method, path: request.url ?? '' });
    const url = new URL(request.url ?? '/', standin.apiUrl);
    const origin = request.headers.origin;
    // Google's APIs answer any origin; the token, not the origin, is what is checked.
    response.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    response.setHeader('Access-Control-Expose-Headers', 'Location, Content-Length');
    response.setHeader('Vary', 'Origin');

    if (url.pathname === AUTH_PATH && method === 'GET') return authorize(url, response);

    if (standin.fault === 'drop') {
      request.socket.destroy();
      return;
    }
    if (method === 'OPTIONS') {
      response.writeHead(200, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          'authorization, content-type, content-range, x-upload-content-type, x-upload-content-length',
        'Access-Control-Max-Age': '3600',
        'Content-Length': 0,
      });
      response.end();
      return;
    }

    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (standin.fault === 'expired' || !bearer || !standin.tokens.has(bearer)) {
      request.resume();
      return json(response, 401, UNAUTHENTICATED, {
        'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    }

    const handle = (): Promise<void> | void => {
      const fileId = url.pathname.startsWith(`${FILES_PATH}/`)
        ? decodeURIComponent(url.pathname.slice(FILES_PATH.length + 1))
        : null;
      if (url.pathname === FILES_PATH && method === 'GET') return listFiles(url, response);
      if (fileId && !fileId.includes('/') && method === 'GET') return getFile(fileId, url, response);
      if (url.pathname === UPLOAD_PATH && method === 'POST') return startUpload(request, url, response);
      if (url.pathname === UPLOAD_PATH && method === 'PUT') return finishUpload(request, url, response);
      request.resume();
      json(response, 404, googleError(404, 'Not Found', { reason: 'notFound' }));
    };
    Promise.resolve()
      .then(handle)
      .catch(() => {
        if (!response.headersSent)
          json(response, 500, googleError(500, 'Internal Error', { reason: 'internalError' }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standin.authUrl = `${origin}${AUTH_PATH}`;
  standin.apiUrl = origin;
  return standin;
}
