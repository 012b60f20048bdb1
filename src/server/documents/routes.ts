// A member's own documents (description §3 "User document file", §7 users/{uid}/documents): each member lists,
// uploads, downloads and deletes only their own, within a quota. Later, encrypted backups are kept here too.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type MemberDocument } from '../../shared/schemas/files.js';
import type { AccountService } from '../accounts/service.js';
import { newId } from '../ids.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import {
  deleteDocument,
  findOwnDocument,
  insertDocument,
  listDocuments,
  storeWithinQuota,
  usedBytes,
  type DocumentRow,
} from './store.js';
import { ApiError } from '../http/errors.js';
import { route } from '../http/route.js';
import { API } from '../../shared/api.js';
import { declaredLength, sendStored, uploadBody } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';

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
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  accounts: AccountService;
  storage: FileStorage;
  clock: Clock;
  quotaBytes: number;
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

export function documentRoutes(app: FastifyInstance, deps: DocumentDeps): void {
  const { db, accounts, storage, clock } = deps;

  /** A member's own document, or the same "not found" whether it is missing or someone else's. */
  const ownDocument = async (userId: string, id: string) => {
    const row = await findOwnDocument(db, userId, id);
    if (!row) throw new ApiError('storage/object-not-found');
    return row;
  };

  route(app, accounts, API.documents, async ({ signedIn: { user } }) => {
    const rows = await listDocuments(db, user.uid);
    return {
      documents: rows.map(present),
      usedBytes: await usedBytes(db, user.uid),
      quotaBytes: deps.quotaBytes,
    };
  });

  route(app, accounts, API.uploadDocument, async ({ signedIn: { user }, query, request }) => {
    const body = uploadBody(request, deps.maxUploadBytes);
    const id = newId();
    const key = `documents/${user.uid}/${id}`;
    let row: DocumentRow | undefined;
    await storeWithinQuota(
      deps,
      {
        userId: user.uid,
        key,
        body,
        declared: declaredLength(request),
        maxBytes: deps.maxUploadBytes,
        contentType: query.type,
      },
      async (trx, size) => {
        const now = isoAt(clock);
        row = {
          id,
          user_id: user.uid,
          name: query.name,
          content_type: query.type,
          size,
          storage_key: key,
          created_at: now,
          updated_at: now,
        };
        await insertDocument(trx, row);
      },
    );
    return { document: present(row!) };
  });

  route(app, accounts, API.downloadDocument, async ({ signedIn: { user }, params, reply }) => {
    const row = await ownDocument(user.uid, params.id);
    return sendStored(reply, storage, row.storage_key, row.name, {
      contentType: servedContentType(row.content_type),
    });
  });

  route(app, accounts, API.deleteDocument, async ({ signedIn: { user }, params, request }) => {
    const row = await ownDocument(user.uid, params.id);
    await deleteDocument(db, row.id);
    await storage
      .delete(row.storage_key)
      .catch((err: unknown) => request.log.warn({ err }, 'stored document not deleted'));
  });
}
