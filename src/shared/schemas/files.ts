// Notices, published program files and members' documents: request shapes and what the API answers.
import { z } from '../zod.js';
import { FILE_CATEGORIES, INQUIRY_TYPES, LANGUAGES, UPLOAD_EXTENSIONS } from '../constants.js';
import { boundedText } from './text.js';

const text = boundedText;

export const noticeBody = z.strictObject({
  lang: z.enum(LANGUAGES, { error: 'request/invalid' }),
  title: text(200),
  content: text(20_000),
});
export const noticeListQuery = z.object({
  lang: z.enum(LANGUAGES, { error: 'request/invalid' }).default('ko'),
});
export const idParams = z.object({ id: z.uuid({ error: 'storage/object-not-found' }) });

/** A file's display name: no path, no control characters, not only dots. */
export const fileName = z
  .string({ error: 'storage/invalid-name' })
  .trim()
  .min(1, { error: 'storage/invalid-name' })
  .max(255, { error: 'storage/invalid-name' })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\\/\u0000-\u001f\u007f<>:"|?*]/.test(value) && !/^\.+$/.test(value), {
    error: 'storage/invalid-name',
  });

export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

export const fileUploadQuery = z.object({
  filename: fileName.refine(
    (value) => (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(value)),
    {
      error: 'storage/invalid-type',
    },
  ),
  name: text(200),
  description: text(1000),
  version: text(50),
  category: z.enum(FILE_CATEGORIES, { error: 'request/invalid' }).default('program'),
  latest: z.enum(['true', 'false'], { error: 'request/invalid' }).default('false'),
});

export const inquiryBody = z.strictObject({
  type: z.enum(INQUIRY_TYPES, { error: 'request/invalid' }),
  subject: text(200),
  message: text(5000),
});

export const documentUploadQuery = z.object({
  name: fileName,
  type: z
    .string()
    .regex(/^[a-z]+\/[a-z0-9.+-]{1,80}$/i, { error: 'request/invalid' })
    .default('application/octet-stream'),
});

export interface Notice {
  id: string;
  lang: 'ko' | 'en';
  title: string;
  content: string;
  createdAt: string;
}

export interface PublishedFile {
  id: string;
  name: string;
  description: string;
  version: string;
  category: (typeof FILE_CATEGORIES)[number];
  fileName: string;
  fileSize: number;
  releaseDate: string;
  downloadCount: number;
  isLatest: boolean;
  downloadURL: string;
}

export interface MemberDocument {
  id: string;
  name: string;
  url: string;
  size: number;
  updated: string;
  contentType: string;
}

export interface DocumentList {
  documents: MemberDocument[];
  usedBytes: number;
  quotaBytes: number;
}
