// A member's own documents (description §3 "User document file", §7 users/{uid}/documents): each member lists,
// uploads, downloads and deletes only their own, within a quota. Later, encrypted backups are kept here too.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  documentUploadQuery,
  idParams,
  type DocumentList,
  type MemberDocument,
} from '../../shared/schemas/files.js';
import { requireMember } from '../accounts/access.js';
import type { AccountService } from '../accounts/service.js';
import { newId } from '../accounts/tokens.js';
import { isoAt, type Clock } from '../clock.js';
import type { Database, UserDocumentTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { sendStored, storageApiError, uploadBody } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';

export interface DocumentDeps {
  db: Kysely<Database>;
  accounts: AccountService;
  storage: FileStorage;
  clock: Clock;
  quotaBytes: number;
  maxUploadBytes: number;
}

function present(row: UserDocumentTable): MemberDocument {
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

  const usedBytes = async (userId: string, trx: Kysely<Database> = db) => {
    const row = await trx
      .selectFrom('user_documents')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  };

  /** A member's own document, or the same "not found" whether it is missing or someone else's. */
  const ownDocument = async (userId: string, params: unknown) => {
    const { id } = parseBody(idParams, params);
    const row = await db
      .selectFrom('user_documents')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new ApiError('storage/object-not-found');
    return row;
  };

  app.get('/api/documents', async (request): Promise<DocumentList> => {
    const { user } = await requireMember(accounts, request, 'storage/unauthenticated');
    const rows = await db
      .selectFrom('user_documents')
      .selectAll()
      .where('user_id', '=', user.uid)
      .orderBy('updated_at', 'desc')
      .execute();
    return {
      documents: rows.map(present),
      usedBytes: await usedBytes(user.uid),
      quotaBytes: deps.quotaBytes,
    };
  });

  app.put('/api/documents', async (request, reply) => {
    const { user } = await requireMember(accounts, request, 'storage/unauthenticated');
    const query = parseBody(documentUploadQuery, request.query);
    const room = deps.quotaBytes - (await usedBytes(user.uid));
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (room <= 0 || (Number.isFinite(declared) && declared > room))
      throw new ApiError('storage/quota-exceeded');
    const limit = Math.min(room, deps.maxUploadBytes);
    const body = uploadBody(request, deps.maxUploadBytes);
    const id = newId();
    const key = `documents/${user.uid}/${id}`;
    let size: number;
    try {
      ({ size } = await storage.put(key, body, { maxBytes: limit, contentType: query.type }));
    } catch (error) {
      if (error instanceof Error && 'failure' in error && error.failure === 'too-large' && limit === room) {
        throw new ApiError('storage/quota-exceeded');
      }
      throw storageApiError(error);
    }
    const now = isoAt(clock);
    const row: UserDocumentTable = {
      id,
      user_id: user.uid,
      name: query.name,
      content_type: query.type,
      size,
      storage_key: key,
      created_at: now,
      updated_at: now,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('user_documents').values(row).execute();
        // Two uploads at once must not together pass the quota.
        if ((await usedBytes(user.uid, trx)) > deps.quotaBytes) throw new ApiError('storage/quota-exceeded');
      });
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
    return reply.status(201).send({ document: present(row) });
  });

  app.get('/api/documents/:id/download', async (request, reply) => {
    const { user } = await requireMember(accounts, request, 'storage/unauthenticated');
    const row = await ownDocument(user.uid, request.params);
    return sendStored(reply, storage, row.storage_key, row.name, { contentType: row.content_type });
  });

  app.delete('/api/documents/:id', async (request, reply) => {
    const { user } = await requireMember(accounts, request, 'storage/unauthenticated');
    const row = await ownDocument(user.uid, request.params);
    await db.deleteFrom('user_documents').where('id', '=', row.id).execute();
    await storage
      .delete(row.storage_key)
      .catch((err: unknown) => request.log.warn({ err }, 'stored document not deleted'));
    return reply.status(204).send();
  });
}
