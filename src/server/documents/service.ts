// A member's own documents (description §3 "User document file", §7 users/{uid}/documents): each member lists,
// uploads, downloads and deletes only their own, within the quota they share with backups and sync.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { MemberDocument } from '../../shared/schemas/files.js';
import { isoAt, type Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { owns } from '../policies/resources.js';
import type { MemberQuota } from '../quota/quota.js';
import type { FileStorage } from '../storage/storage.js';
import type { DocumentRow, DocumentStore } from './store.js';

/**
 * Documents served as what the member said they are only when that type cannot run in our origin; anything else
 * (HTML, SVG, XML, scripts) is served as bytes to save.
 */
const SAFE_TYPES = new Set([
  'application/pdf',
  'application/zip',
  'application/json',
  'text/plain',
  'text/csv',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'video/mp4',
]);

export function servedContentType(stored: string): string {
  const type = stored.split(';')[0]!.trim().toLowerCase();
  return SAFE_TYPES.has(type) ? type : 'application/octet-stream';
}

export interface DocumentDeps {
  /** The members' documents (store.ts). */
  store: DocumentStore;
  quota: MemberQuota;
  storage: FileStorage;
  clock: Clock;
  maxUploadBytes: number;
}

function present(row: DocumentRow): MemberDocument {
  return {
    id: row.id,
    name: row.name,
    url: `/api/documents/${row.id}/download`,
    size: Number(row.size),
    updated: row.updated_at,
    contentType: row.content_type,
  };
}

/** A stored document to send: where its bytes are, and how to name and type them. */
export interface DocumentFile {
  storageKey: string;
  name: string;
  contentType: string;
}

export type DocumentService = ReturnType<typeof documentService>;

export function documentService(deps: DocumentDeps) {
  const { store, quota, storage, clock } = deps;

  /** A member's own document, or the same "not found" whether it is missing or someone else's. */
  const ownDocument = async (userId: string, id: string) => {
    const row = await store.find(id);
    if (!row) throw new ApiError('storage/object-not-found');
    authorize(owns({ user: { uid: userId } }, row), 'storage/object-not-found');
    return row;
  };

  return {
    async list(userId: string) {
      const rows = await store.list(userId);
      return {
        documents: rows.map(present),
        usedBytes: await quota.used(userId),
        quotaBytes: quota.quotaBytes,
      };
    },

    /** Stores an upload as the member's document, within their quota. */
    async upload(
      userId: string,
      file: { name: string; type: string },
      body: Readable,
      declared: number | null,
    ): Promise<{ document: MemberDocument }> {
      const id = newId();
      const key = `documents/${userId}/${id}`;
      let row: DocumentRow | undefined;
      await quota.storeWithin(
        { userId, key, body, declared, maxBytes: deps.maxUploadBytes, contentType: file.type },
        async (trx, size) => {
          const now = isoAt(clock);
          row = {
            id,
            user_id: userId,
            name: file.name,
            content_type: file.type,
            size,
            storage_key: key,
            created_at: now,
            updated_at: now,
          };
          await store.on(trx).insert(row);
        },
      );
      return { document: present(row!) };
    },

    /** The member's own document's bytes, served safely. */
    async file(userId: string, id: string): Promise<DocumentFile> {
      const row = await ownDocument(userId, id);
      return {
        storageKey: row.storage_key,
        name: row.name,
        contentType: servedContentType(row.content_type),
      };
    },

    async remove(userId: string, id: string, log: FastifyBaseLogger): Promise<void> {
      const row = await ownDocument(userId, id);
      await store.delete(row.id);
      await storage
        .delete(row.storage_key)
        .catch((err: unknown) => log.warn({ err }, 'stored document not deleted'));
    },
  };
}
