// Published program files (description §2 "Admin", "Download"): admins upload and delete; signed-in members
// list and download them, each download counted. One file per category is the latest; a new latest program is
// announced to members by mail, once each.
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FileUploadQuery, PublishedFile } from '../../shared/schemas/files.js';
import { isoAt, type Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import { ApiError } from '../http/errors.js';
import { authorize } from '../policies/authorize.js';
import { isAdmin, type Actor } from '../policies/members.js';
import type { UpdateMailQueue } from '../mail/update-mails.js';
import { storageApiError } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';
import type { FileRow, FileStore } from './store.js';

export interface FileDeps {
  store: FileStore;
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

export type FileService = ReturnType<typeof fileService>;

export function fileService(deps: FileDeps) {
  const { store, storage, clock } = deps;

  const existing = async (id: string) => {
    const row = await store.findFile(id);
    if (!row) throw new ApiError('storage/object-not-found');
    return row;
  };

  return {
    async list() {
      return { files: (await store.listFiles()).map(present) };
    },

    /** Publishes an upload: no file without its row, and no row without its file. */
    async upload(admin: Actor, query: FileUploadQuery, body: Readable) {
      authorize(isAdmin(admin), 'auth/forbidden');
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
      const announced = row.is_latest === 1 && row.category === 'program';
      try {
        await store.transaction(async (files, trx) => {
          await files.insertFile(row);
          // A new latest program: members hear of it, once each (sent in the background).
          if (announced) await deps.updateMails.enqueueForFile(trx, row.id);
        });
        if (announced) void deps.updateMails.run().catch(() => undefined);
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return { file: present(row) };
    },

    /**
     * A file to download: where its bytes are, and the count to take once they are found and before they leave,
     * so a finished download is always already in the count.
     */
    async download(id: string) {
      const row = await existing(id);
      return {
        storageKey: row.storage_key,
        fileName: row.file_name,
        count: () => store.countDownload(id),
      };
    },

    async remove(admin: Actor, id: string, log: FastifyBaseLogger): Promise<void> {
      authorize(isAdmin(admin), 'auth/forbidden');
      const row = await existing(id);
      await store.deleteFile(id);
      await storage
        .delete(row.storage_key)
        .catch((err: unknown) => log.warn({ err }, 'stored file not deleted'));
    },
  };
}
