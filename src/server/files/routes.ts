// Published program files (description §2 "Admin", "Download"): admins upload and delete; signed-in members
// list and download them, each download counted. One file per category is the latest.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type PublishedFile } from '../../shared/schemas/files.js';
import type { AccountService } from '../accounts/service.js';
import { newId } from '../core/ids.js';
import { isoAt, type Clock } from '../core/clock.js';
import type { Database } from '../db/schema.js';
import { countDownload, deleteFile, findFile, insertFile, listFiles, type FileRow } from './store.js';
import { ApiError } from '../http/errors.js';
import { route } from '../http/route.js';
import { API } from '../../shared/api/index.js';
import { sendStored, storageApiError, uploadBody } from '../storage/http.js';
import type { UpdateMailQueue } from '../mail/update-mails.js';
import type { FileStorage } from '../storage/storage.js';

export interface FileDeps {
  db: Kysely<Database>;
  accounts: AccountService;
  storage: FileStorage;
  clock: Clock;
  maxUploadBytes: number;
  updateMails: UpdateMailQueue;
}

function present(row: FileRow): PublishedFile {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    version: row.version,
    category: row.category as PublishedFile['category'],
    fileName: row.file_name,
    fileSize: Number(row.size),
    releaseDate: row.created_at,
    downloadCount: Number(row.download_count),
    isLatest: row.is_latest === 1,
    downloadURL: `/api/files/${row.id}/download`,
  };
}

export function fileRoutes(app: FastifyInstance, deps: FileDeps): void {
  const { db, accounts, storage, clock } = deps;

  route(app, accounts, API.files, async () => {
    const rows = await listFiles(db);
    return { files: rows.map(present) };
  });

  route(app, accounts, API.uploadFile, async ({ query, request }) => {
    const body = uploadBody(request, deps.maxUploadBytes);
    const id = newId();
    const key = `files/${id}`;
    let size: number;
    try {
      ({ size } = await storage.put(key, body, {
        maxBytes: deps.maxUploadBytes,
        contentType: 'application/octet-stream',
      }));
    } catch (error) {
      throw storageApiError(error);
    }
    const row: FileRow = {
      id,
      name: query.name,
      description: query.description,
      version: query.version,
      category: query.category,
      file_name: query.filename,
      size,
      storage_key: key,
      is_latest: query.latest === 'true' ? 1 : 0,
      download_count: 0,
      created_at: isoAt(clock),
    };
    try {
      await db.transaction().execute(async (trx) => {
        await insertFile(trx, row);
        // A new latest program: members hear of it, once each (sent in the background).
        if (row.is_latest && row.category === 'program') await deps.updateMails.enqueueForFile(trx, row.id);
      });
      if (row.is_latest && row.category === 'program') void deps.updateMails.run().catch(() => undefined);
    } catch (error) {
      // No file without its row, and no row without its file.
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
    return { file: present(row) };
  });

  route(app, accounts, API.downloadFile, async ({ params: { id }, reply }) => {
    const row = await findFile(db, id);
    if (!row) throw new ApiError('storage/object-not-found');
    // Counted once the bytes are found and before they leave, so a finished download is
    // always already in the count.
    return sendStored(reply, storage, row.storage_key, row.file_name, {
      beforeSend: () => countDownload(db, id),
    });
  });

  route(app, accounts, API.deleteFile, async ({ params: { id }, request }) => {
    const row = await findFile(db, id);
    if (!row) throw new ApiError('storage/object-not-found');
    await deleteFile(db, id);
    await storage
      .delete(row.storage_key)
      .catch((err: unknown) => request.log.warn({ err }, 'stored file not deleted'));
  });
}
