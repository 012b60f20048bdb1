// The documents' record kind (kind 'document': a file's description, its bytes sealed beside it), declared once for
// the registry (modules/kinds.ts). Documents are exported with the records they belong to, never on their own.
import { z } from '../../../shared/zod.js';
import { formatBytes } from '../../format.js';
import type { KindDeclaration } from '../../records/kind.js';
import { text } from '../../records/values.js';
import type { DocumentMeta } from '../../vault/vault.js';

const documentSchema = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number(),
  chunkCount: z.number(),
  salt: z.string(),
  addedAt: z.number(),
  linkedTo: z.string().optional(),
});

export const documentKind = {
  kind: 'document',
  screen: 'documents',
  read: (value) => {
    const read = documentSchema.safeParse(value);
    return read.success ? read.data : null;
  },
  search: {
    fields: (document) => [text(document.name)],
    label: (document) => ({ title: text(document.name), meta: '' }),
  },
  conflict: {
    format: (lang) => (path, value) =>
      path === 'size' && typeof value === 'number' ? formatBytes(value, lang) : String(value),
  },
  import: null,
  export: null,
} satisfies KindDeclaration<DocumentMeta>;
