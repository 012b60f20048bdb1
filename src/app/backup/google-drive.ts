// Backups in the member's Google Drive, straight from the browser: OAuth 2.0 token flow in a popup (no client
// secret, no server in between), then Drive v3 REST on the app-data folder, which no other app can see. The
// access token lives in this module's memory only, so it is gone when the tab closes.
import { backupMimeType, type BackupKind } from './format.js';
import {
  downloaded,
  asJson,
  BACKUP_NAME_PREFIX,
  backupDate,
  backupFileName,
  httpRequest,
  type HttpAnswer,
  type RemoteTarget,
  type StoredBackup,
  type TargetProblem,
  type TargetResult,
} from './targets.js';

export interface GoogleDriveConfig {
  clientId: string;
  /** Google's authorization endpoint (https://accounts.google.com/o/oauth2/v2/auth; a stand-in in tests). */
  authUrl: string;
  /** Google's API origin without a trailing slash (https://www.googleapis.com; a stand-in in tests). */
  apiUrl: string;
}

export type GoogleDriveConnection =
  { ok: true } | { ok: false; problem: 'popup-blocked' | 'denied' | 'timeout' };

/** The popup's landing page (public/app/oauth.html) answers on this channel. */
export const OAUTH_CHANNEL = 'mygenie-oauth';
const OAUTH_CALLBACK_PATH = '/app/oauth.html';
const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.appdata';
const CONNECT_TIMEOUT_MS = 180_000;
/** A token this close to its end is treated as gone, so a save cannot start with it and fail half way. */
const TOKEN_MARGIN_MS = 60_000;
/** Google's usual token lifetime, for an answer that leaves expires_in out. */
const DEFAULT_EXPIRES_IN_S = 3600;
/** A bound on list paging, so a drive answering the same page token forever cannot hang the screen. */
const MAX_LIST_PAGES = 100;

let token: { value: string; expiresAt: number } | null = null;

/** What the popup's page posts back (see public/app/oauth.js). */
interface OauthAnswer {
  state: string;
  accessToken?: string;
  expiresIn?: number;
  error?: string;
}

function isOauthAnswer(value: unknown): value is OauthAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    typeof answer.state === 'string' &&
    (answer.accessToken === undefined || typeof answer.accessToken === 'string') &&
    (answer.expiresIn === undefined || typeof answer.expiresIn === 'number') &&
    (answer.error === undefined || typeof answer.error === 'string')
  );
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Asks the member to let us use their Drive's app folder, in a popup. Call it straight from a click handler:
 * the popup opens before anything is awaited, or the browser blocks it. The site's Cross-Origin-Opener-Policy
 * cuts the popup off from this window once it visits Google, so its closing cannot be seen: the answer comes
 * over a BroadcastChannel, and a popup closed without answering ends in 'timeout'.
 */
export function connectGoogleDrive(
  config: GoogleDriveConfig,
  options: { timeoutMs?: number } = {},
): Promise<GoogleDriveConnection> {
  const state = randomState();
  const query = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: `${location.origin}${OAUTH_CALLBACK_PATH}`,
    response_type: 'token',
    scope: DRIVE_SCOPE,
    state,
    include_granted_scopes: 'true',
    prompt: 'consent',
  });
  // Listening first, so even an instant answer is heard.
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  const popup = window.open(
    `${config.authUrl}?${query.toString()}`,
    'mygenie-google-drive',
    'popup,width=500,height=640',
  );
  if (!popup) {
    channel.close();
    return Promise.resolve({ ok: false, problem: 'popup-blocked' });
  }

  return new Promise((resolve) => {
    const finish = (result: GoogleDriveConnection) => {
      clearTimeout(timer);
      channel.close();
      resolve(result);
    };
    const timer = setTimeout(() => {
      try {
        popup.close();
      } catch {
        // Cut off by the opener policy: the member closes it.
      }
      finish({ ok: false, problem: 'timeout' });
    }, options.timeoutMs ?? CONNECT_TIMEOUT_MS);

    channel.onmessage = (event: MessageEvent<unknown>) => {
      const answer = event.data;
      // Another tab's sign-in, or a forged answer: only the state we sent counts.
      if (!isOauthAnswer(answer) || answer.state !== state) return;
      if (answer.error || !answer.accessToken) {
        finish({ ok: false, problem: 'denied' });
        return;
      }
      const expiresIn =
        answer.expiresIn !== undefined && Number.isFinite(answer.expiresIn) && answer.expiresIn > 0
          ? answer.expiresIn
          : DEFAULT_EXPIRES_IN_S;
      token = { value: answer.accessToken, expiresAt: Date.now() + expiresIn * 1000 };
      finish({ ok: true });
    };
  });
}

/** The access token, or null when there is none or it ends within a minute. */
export function googleDriveToken(): string | null {
  if (!token || token.expiresAt - Date.now() <= TOKEN_MARGIN_MS) return null;
  return token.value;
}

/** Forgets the token; the member's grant at Google stays until they remove it there. */
export function disconnectGoogleDrive(): void {
  token = null;
}

/** Google's error body: `{ error: { code, message, status?, errors?: [{ reason, message }] } }`. */
interface GoogleError {
  error?: { message?: unknown; status?: unknown; errors?: Array<{ reason?: unknown; message?: unknown }> };
}

const QUOTA_REASONS = new Set(['storageQuotaExceeded', 'quotaExceeded']);

function isDriveFull(answer: HttpAnswer): boolean {
  let body: GoogleError;
  try {
    body = asJson<GoogleError>(answer.body);
  } catch {
    return false;
  }
  const error = body.error;
  if (!error) return false;
  const reasons = Array.isArray(error.errors) ? error.errors.map((entry) => entry?.reason) : [];
  if (reasons.some((reason) => typeof reason === 'string' && QUOTA_REASONS.has(reason))) return true;
  return [error.status, error.message].some(
    (text) => typeof text === 'string' && /storageQuotaExceeded|quotaExceeded|storage quota/i.test(text),
  );
}

function driveProblem(answer: HttpAnswer | null): TargetProblem {
  if (!answer) return 'drive-unreachable';
  if (answer.status === 401) {
    // Expired or revoked: keeping it would only fail again.
    disconnectGoogleDrive();
    return 'drive-signed-out';
  }
  if (answer.status === 403) return isDriveFull(answer) ? 'drive-full' : 'drive-unauthorized';
  if (answer.status === 404) return 'not-found';
  return 'drive-bad-response';
}

/** A Drive file resource with the fields we ask for (size is a decimal string in Drive's JSON). */
interface DriveFile {
  id: string;
  name: string;
  size?: string;
  createdTime?: string;
}

interface DriveFileList {
  nextPageToken?: string;
  files?: DriveFile[];
}

function isDriveFile(value: unknown): value is DriveFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return typeof file.id === 'string' && typeof file.name === 'string';
}

function storedBackup(file: DriveFile, fallbackSize = 0): StoredBackup {
  const size = file.size === undefined ? fallbackSize : Number(file.size);
  return {
    id: file.id,
    name: file.name,
    size: Number.isFinite(size) ? size : fallbackSize,
    createdAt: backupDate(file.name, file.createdTime ?? new Date().toISOString()),
  };
}

const FILE_FIELDS = 'id,name,size,createdTime';

/** Backups in the app-data folder of the Drive the current token opens. */
export function googleDriveTarget(config: GoogleDriveConfig): RemoteTarget {
  const signedOut = { ok: false, problem: 'drive-signed-out' } as const;

  return {
    async list(): Promise<TargetResult<StoredBackup[]>> {
      const backups: StoredBackup[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_LIST_PAGES; page++) {
        const bearer = googleDriveToken();
        if (!bearer) return signedOut;
        const query = new URLSearchParams({
          spaces: 'appDataFolder',
          q: `name contains '${BACKUP_NAME_PREFIX}' and trashed = false`,
          fields: `nextPageToken,files(${FILE_FIELDS})`,
          orderBy: 'createdTime desc',
          pageSize: '100',
        });
        if (pageToken) query.set('pageToken', pageToken);
        const answer = await httpRequest({
          method: 'GET',
          url: `${config.apiUrl}/drive/v3/files?${query.toString()}`,
          headers: { Authorization: `Bearer ${bearer}` },
        });
        if (answer?.status !== 200) return { ok: false, problem: driveProblem(answer) };
        let list: DriveFileList;
        try {
          list = asJson<DriveFileList>(answer.body);
        } catch {
          return { ok: false, problem: 'drive-bad-response' };
        }
        for (const file of Array.isArray(list.files) ? list.files : []) {
          // Drive's `contains` matches word prefixes, not the start of the name: the prefix is checked here.
          if (isDriveFile(file) && file.name.startsWith(BACKUP_NAME_PREFIX)) backups.push(storedBackup(file));
        }
        if (!list.nextPageToken || list.nextPageToken === pageToken) return { ok: true, value: backups };
        pageToken = list.nextPageToken;
      }
      return { ok: false, problem: 'drive-bad-response' };
    },

    async save(backup, kind: BackupKind, onProgress) {
      const bearer = googleDriveToken();
      if (!bearer) return signedOut;
      const name = backupFileName(kind);
      const type = backupMimeType(kind);
      const session = await httpRequest({
        method: 'POST',
        url: `${config.apiUrl}/upload/drive/v3/files?uploadType=resumable&fields=${FILE_FIELDS}`,
        headers: {
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json; charset=UTF-8',
          'X-Upload-Content-Type': type,
          'X-Upload-Content-Length': String(backup.size),
        },
        body: JSON.stringify({ name, parents: ['appDataFolder'], mimeType: type }),
      });
      if (session?.status !== 200) return { ok: false, problem: driveProblem(session) };
      const location = session.header('Location');
      if (!location) return { ok: false, problem: 'drive-bad-response' };
      let sessionUrl: string;
      try {
        sessionUrl = new URL(location, config.apiUrl).toString();
      } catch {
        return { ok: false, problem: 'drive-bad-response' };
      }

      const answer = await httpRequest({
        method: 'PUT',
        url: sessionUrl,
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': type },
        body: backup,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      });
      if (answer?.status !== 200 && answer?.status !== 201)
        return { ok: false, problem: driveProblem(answer) };
      let file: unknown;
      try {
        file = asJson<unknown>(answer.body);
      } catch {
        return { ok: false, problem: 'drive-bad-response' };
      }
      if (!isDriveFile(file)) return { ok: false, problem: 'drive-bad-response' };
      return { ok: true, value: storedBackup(file, backup.size) };
    },

    async load(backup, onProgress) {
      const bearer = googleDriveToken();
      if (!bearer) return signedOut;
      const answer = await httpRequest({
        method: 'GET',
        url: `${config.apiUrl}/drive/v3/files/${encodeURIComponent(backup.id)}?alt=media`,
        headers: { Authorization: `Bearer ${bearer}` },
        download: true,
        ...(onProgress ? { onDownloadProgress: onProgress } : {}),
      });
      if (answer?.status !== 200) return { ok: false, problem: driveProblem(answer) };
      return downloaded(answer);
    },
  };
}
