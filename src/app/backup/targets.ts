// Where backups go. A file on this device, or the member's account storage on our server (member documents,
// within their quota). Each target answers with typed results; network and quota failures are values.
import type { DocumentList, MemberDocument } from '../../shared/schemas/files.js';
import type { BackupKind } from './format.js';

export const BACKUP_NAME_PREFIX = 'mygenie-backup-';

export interface StoredBackup {
  id: string;
  name: string;
  size: number;
  createdAt: string;
}

export type TargetProblem = 'signed-out' | 'quota-exceeded' | 'too-large' | 'connection' | 'not-found';
export type TargetResult<T> = { ok: true; value: T } | { ok: false; problem: TargetProblem };

export function backupFileName(kind: BackupKind, at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return `${BACKUP_NAME_PREFIX}${stamp}.${kind}`;
}

export function backupType(kind: BackupKind): string {
  return kind === 'zip' ? 'application/zip' : 'application/json';
}

async function problemOf(response: Response): Promise<TargetProblem> {
  if (response.status === 401) return 'signed-out';
  if (response.status === 404) return 'not-found';
  const code = ((await response.json().catch(() => null)) as { error?: { code?: string } } | null)?.error
    ?.code;
  if (code === 'storage/quota-exceeded') return 'quota-exceeded';
  if (code === 'storage/too-large' || response.status === 413) return 'too-large';
  return 'connection';
}

/** The member's account storage (PUT/GET/DELETE /api/documents). */
export const accountTarget = {
  async list(): Promise<TargetResult<StoredBackup[]>> {
    try {
      const response = await fetch('/api/documents', { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) return { ok: false, problem: await problemOf(response) };
      const list = (await response.json()) as DocumentList;
      return {
        ok: true,
        value: list.documents
          .filter((document: MemberDocument) => document.name.startsWith(BACKUP_NAME_PREFIX))
          .map((document: MemberDocument) => ({
            id: document.id,
            name: document.name,
            size: document.size,
            createdAt: document.updated,
          })),
      };
    } catch {
      return { ok: false, problem: 'connection' };
    }
  },

  /** Uploads with progress (XMLHttpRequest: fetch cannot report upload progress). */
  save(bytes: Uint8Array<ArrayBuffer>, kind: BackupKind, onProgress?: (fraction: number) => void) {
    const query = new URLSearchParams({ name: backupFileName(kind), type: backupType(kind) });
    return new Promise<TargetResult<StoredBackup>>((resolve) => {
      const request = new XMLHttpRequest();
      request.open('PUT', `/api/documents?${query.toString()}`);
      request.setRequestHeader('Content-Type', 'application/octet-stream');
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded / event.total);
      };
      request.onload = async () => {
        const response = new Response(request.responseText, { status: request.status });
        if (request.status !== 201) return resolve({ ok: false, problem: await problemOf(response) });
        const { document } = (await response.json()) as { document: MemberDocument };
        resolve({
          ok: true,
          value: { id: document.id, name: document.name, size: document.size, createdAt: document.updated },
        });
      };
      request.onerror = () => resolve({ ok: false, problem: 'connection' });
      request.ontimeout = () => resolve({ ok: false, problem: 'connection' });
      request.send(bytes);
    });
  },

  async load(id: string): Promise<TargetResult<Uint8Array<ArrayBuffer>>> {
    try {
      const response = await fetch(`/api/documents/${encodeURIComponent(id)}/download`, {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!response.ok) return { ok: false, problem: await problemOf(response) };
      return { ok: true, value: new Uint8Array(await response.arrayBuffer()) };
    } catch {
      return { ok: false, problem: 'connection' };
    }
  },
};

/** Saves a backup as a file the browser downloads. */
export function downloadBackup(bytes: Uint8Array<ArrayBuffer>, kind: BackupKind): string {
  const name = backupFileName(kind);
  const url = URL.createObjectURL(new Blob([bytes], { type: backupType(kind) }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
