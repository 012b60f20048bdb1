// The documents that belong to one record (a diary entry's photos, a login's attachment, brought by an import),
// listed under it; each opens in the documents' own preview, where it can be downloaded.
import { useState } from 'react';
import { fill, useText } from '../../../client/text.js';
import { useRecords } from '../../vault/react.js';
import type { DocumentMeta } from '../../vault/vault.js';
import { documentsText } from './copy.js';
import { DocumentPreview } from './DocumentPreview.js';

export function LinkedDocuments({ recordId }: { recordId: string }) {
  const text = useText(documentsText);
  const linked = useRecords<DocumentMeta>('document').filter((entry) => entry.value.linkedTo === recordId);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = linked.find((entry) => entry.id === openId);
  if (linked.length === 0) return null;
  return (
    <section className="linked-documents" aria-label={text.linked.heading}>
      <h3>{text.linked.heading}</h3>
      <ul>
        {linked.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={fill(text.linked.open, { name: entry.value.name })}
              onClick={() => setOpenId(entry.id)}
            >
              {entry.value.name}
            </button>
          </li>
        ))}
      </ul>
      {open && <DocumentPreview key={open.id} entry={open} onClose={() => setOpenId(null)} />}
    </section>
  );
}
