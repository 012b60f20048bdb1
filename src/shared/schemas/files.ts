// Notices, published program files and members' documents: request shapes and what the API answers.
import { z } from '../zod.js';
import { FILE_CATEGORIES, INQUIRY_TYPES, LANGUAGES, UPLOAD_EXTENSIONS } from '../constants.js';
import { boundedText } from './text.js';
import { isShownName } from '../text.js';

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

/** A file's display name: no path, not only dots, and a name that shows as it is (`isShownName`). */
export const fileName = z
  .string({ error: 'storage/invalid-name' })
  .trim()
  .min(1, { error: 'storage/invalid-name' })
  .max(255, { error: 'storage/invalid-name' })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\\/\u0000-\u001f\u007f<>:"|?*]/.test(value) && !/^\.+$/.test(value), {
    error: 'storage/invalid-name',
  })
  .refine(isShownName, { error: 'storage/invalid-name' });

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
  /** The program's name on the download page. */
  name: text(200).refine(isShownName, { error: 'request/invalid-characters' }),
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

const isoTime = z.string().describe('An ISO 8601 time');

export const notice = z.object({
  id: z.string(),
  lang: z.enum(LANGUAGES),
  title: z.string(),
  content: z.string(),
  createdAt: isoTime,
});
export type Notice = z.infer<typeof notice>;
export type NoticeBody = z.infer<typeof noticeBody>;
export type FileUploadQuery = z.infer<typeof fileUploadQuery>;
export type InquiryBody = z.infer<typeof inquiryBody>;
export const noticeList = z.object({ notices: z.array(notice) });
export const noticeAnswer = z.object({ notice });

export const publishedFile = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  category: z.enum(FILE_CATEGORIES),
  fileName: z.string(),
  fileSize: z.number().int(),
  releaseDate: isoTime,
  downloadCount: z.number().int(),
  isLatest: z.boolean(),
  downloadURL: z.string(),
});
export type PublishedFile = z.infer<typeof publishedFile>;
export const fileList = z.object({ files: z.array(publishedFile) });
export const fileAnswer = z.object({ file: publishedFile });

export const memberDocument = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  size: z.number().int(),
  updated: isoTime,
  contentType: z.string(),
});
export type MemberDocument = z.infer<typeof memberDocument>;
export const documentList = z.object({
  documents: z.array(memberDocument),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type DocumentList = z.infer<typeof documentList>;
export const documentAnswer = z.object({ document: memberDocument });

export const inquiryAnswer = z.object({
  inquiry: z.object({ id: z.string(), type: z.enum(INQUIRY_TYPES), subject: z.string(), createdAt: isoTime }),
});
export const inquiryList = z.object({
  inquiries: z.array(
    z.object({
      id: z.string(),
      type: z.enum(INQUIRY_TYPES),
      subject: z.string(),
      message: z.string(),
      createdAt: isoTime,
      email: z.string(),
      lang: z.enum(LANGUAGES),
    }),
  ),
});
