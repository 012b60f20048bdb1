// A stored document shown in a wide dialog: images and PDFs from a short-lived object URL (revoked on close),
// text decoded into a <pre>. A document that fails authentication shows only a warning, never partial bytes.
import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { FormDialog } from '../../../client/ui/FormDialog.js';
import { useVault } from '../../vault/react.js';
import type { DocumentMeta, VaultEntry } from '../../vault/vault.js';
import { documentsText } from './copy.js';
import { decodeText, previewOf, TEXT_PREVIEW_MAX_BYTES, typeLabel, type PreviewKind } from './files.js';
import { downloadDocument } from '../../ui/save-file.js';

type Shown =
  | { state: 'loading' }
  | { state: 'image' | 'pdf'; url: string }
  | { state: 'text'; text: string }
  | { state: 'problem'; problem: 'damaged' | 'openFailed' | 'notText' | 'imageFailed' };

type Plan = PreviewKind | { kind: 'text-too-large' } | { kind: 'no-pdf-viewer' };

/**
 * What the dialog will show before anything is decrypted. A browser without a PDF viewer (Android Chrome,
 * or "download PDFs" chosen in the settings) would silently download a framed PDF under a random name, so no
 * frame is made there.
 */
function planFor(meta: DocumentMeta): Plan {
  const preview = previewOf(meta);
  if (preview.kind === 'text' && meta.size > TEXT_PREVIEW_MAX_BYTES) return { kind: 'text-too-large' };
  if (preview.kind === 'pdf' && navigator.pdfViewerEnabled === false) return { kind: 'no-pdf-viewer' };
  return preview;
}

export function DocumentPreview({
  entry,
  onClose,
}: {
  entry: VaultEntry<DocumentMeta>;
  onClose: () => void;
}) {
  const text = useText(documentsText);
  const shell = useText(shellText);
  const { lang, locale } = useLanguage();
  const vault = useVault();
  const meta = entry.value;
  const plan = planFor(meta);
  const willDecrypt = plan.kind === 'image' || plan.kind === 'pdf' || plan.kind === 'text';
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const [downloading, setDownloading] = useState(false);
  const [downloadProblem, setDownloadProblem] = useState<'damaged' | 'openFailed' | null>(null);
  const decrypted = useRef<Blob | undefined>(undefined);

  useEffect(() => {
    const kind = planFor(entry.value);
    if (kind.kind !== 'image' && kind.kind !== 'pdf' && kind.kind !== 'text') return;
    let live = true;
    let url: string | undefined;
    (async () => {
      const blob = await vault.readDocument(entry.id);
      if (!live) return;
      if (!blob) return setShown({ state: 'problem', problem: 'damaged' });
      decrypted.current = blob;
      if (kind.kind === 'text') {
        const decoded = decodeText(new Uint8Array(await blob.arrayBuffer()));
        if (!live) return;
        setShown(
          decoded === null ? { state: 'problem', problem: 'notText' } : { state: 'text', text: decoded },
        );
      } else {
        // The recorded type may be empty; the browser only draws the bytes under the right one.
        url = URL.createObjectURL(new Blob([blob], { type: kind.mime }));
        setShown({ state: kind.kind, url });
      }
    })().catch(() => live && setShown({ state: 'problem', problem: 'openFailed' }));
    return () => {
      live = false;
      decrypted.current = undefined;
      if (url) URL.revokeObjectURL(url);
    };
  }, [vault, entry]);

  async function download() {
    setDownloading(true);
    const result = await downloadDocument(vault, entry, decrypted.current);
    setDownloading(false);
    setDownloadProblem(result === 'saved' ? null : result === 'damaged' ? 'damaged' : 'openFailed');
  }

  const damaged = downloadProblem === 'damaged' || (shown.state === 'problem' && shown.problem === 'damaged');
  const details = fill(text.preview.details, {
    type: typeLabel(meta) || text.list.unknownType,
    size: formatBytes(meta.size, lang),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(meta.addedAt),
  });

  function body() {
    if (plan.kind === 'none') return <p className="callout callout--info">{text.preview.none}</p>;
    if (plan.kind === 'no-pdf-viewer')
      return <p className="callout callout--info">{text.preview.noPdfViewer}</p>;
    if (plan.kind === 'text-too-large')
      return (
        <p className="callout callout--info">
          {fill(text.preview.textTooLarge, { size: formatBytes(meta.size, lang) })}
        </p>
      );
    switch (shown.state) {
      case 'loading':
        return (
          <p className="documents-preview__loading" role="status">
            {text.preview.loading}
          </p>
        );
      case 'image':
        return (
          <img
            className="documents-preview__image"
            src={shown.url}
            alt={meta.name}
            onError={() => setShown({ state: 'problem', problem: 'imageFailed' })}
          />
        );
      case 'pdf':
        return (
          <>
            <iframe className="documents-preview__frame" src={shown.url} title={meta.name} />
            <p className="form__note">{text.preview.pdfHint}</p>
          </>
        );
      case 'text':
        return (
          // A scrollable region must be reachable by keyboard.
          <pre className="documents-preview__text" tabIndex={0}>
            {shown.text}
          </pre>
        );
      case 'problem':
        if (shown.problem === 'damaged') return null;
        if (shown.problem === 'openFailed')
          return (
            <p className="form__error" role="alert">
              {text.problems.openFailed}
            </p>
          );
        return (
          <p className="callout callout--info">
            {shown.problem === 'notText' ? text.preview.notText : text.preview.imageFailed}
          </p>
        );
    }
  }

  return (
    <FormDialog title={meta.name} onClose={onClose} wide>
      <p className="documents-preview__details">{details}</p>
      {damaged ? (
        <p className="form__error" role="alert">
          {text.problems.damaged}
        </p>
      ) : (
        body()
      )}
      {downloadProblem === 'openFailed' && (
        <p className="form__error" role="alert">
          {text.problems.openFailed}
        </p>
      )}
      <div className="form__actions documents-preview__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {shell.close}
        </button>
        {!damaged && (
          <button
            type="button"
            className="button button--primary"
            // aria-disabled, not disabled: a disabled button drops the focus out of the dialog.
            aria-disabled={downloading || (willDecrypt && shown.state === 'loading') || undefined}
            onClick={() => {
              if (!downloading && !(willDecrypt && shown.state === 'loading')) void download();
            }}
          >
            {downloading ? text.list.preparing : text.list.download}
          </button>
        )}
      </div>
    </FormDialog>
  );
}
