// Adding documents: a file picker and a drop zone feed a queue that encrypts one file at a time, so the
// free-space check before each file sees what the previous ones used.
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useToast } from '../../../client/ui/Toast.js';
import { formatBytes } from '../../format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { shellText } from '../../copy.js';
import { useVault, useVaultVersion } from '../../vault/react.js';
import { Vault, type DocumentAdded } from '../../vault/vault.js';
import { documentsText } from './copy.js';
import { MAX_DOCUMENT_BYTES } from './files.js';

interface Upload {
  key: number;
  name: string;
  size: number;
  done: number;
  status: 'waiting' | 'saving' | 'failed';
  problem?: string;
}

/** The space the browser still grants this site, re-read after every change to the vault (null: unknown). */
export function useFreeSpace(): number | null {
  const version = useVaultVersion();
  const [space, setSpace] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    Vault.availableSpace().then(
      (bytes) => live && setSpace(bytes),
      () => live && setSpace(null),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return space;
}

function hasFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return Boolean(event.dataTransfer?.types.includes('Files'));
}

export function DocumentUploads() {
  const text = useText(documentsText);
  const shell = useText(shellText);
  const { lang } = useLanguage();
  const vault = useVault();
  const toast = useToast();
  const space = useFreeSpace();
  const headingId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(0);
  const dragDepth = useRef(0);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const size = (bytes: number) => formatBytes(bytes, lang);
  const working = uploads.some((upload) => upload.status !== 'failed');

  // A file dropped beside the zone would make the browser open it, leaving the app and its unlocked vault.
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      if (!hasFiles(event) || zone.current?.contains(event.target as Node)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);

  // Leaving mid-way would drop the file; the browser asks before the page is closed or reloaded.
  useEffect(() => {
    if (!working) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [working]);

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  const dismiss = (key: number) => setUploads((list) => list.filter((upload) => upload.key !== key));

  const tooLarge = (file: File) =>
    fill(text.problems.tooLarge, { name: file.name, size: size(file.size), max: size(MAX_DOCUMENT_BYTES) });

  function problemOf(file: File, result: Exclude<DocumentAdded, { ok: true }>): string {
    const name = file.name;
    if (result.reason === 'read-failed') return fill(text.problems.readFailed, { name });
    if (result.reason === 'too-large') return tooLarge(file);
    if (result.needed === undefined) return shell.errors.storageFull;
    if (result.available === undefined)
      return fill(text.problems.storageFullDuring, { name, needed: size(result.needed) });
    return fill(text.problems.storageFull, {
      name,
      needed: size(result.needed),
      available: size(result.available),
    });
  }

  async function save(key: number, file: File): Promise<void> {
    update(key, { status: 'saving' });
    let result: DocumentAdded;
    try {
      result = await vault.addDocument(file, (done) => update(key, { done }));
    } catch {
      update(key, { status: 'failed', problem: fill(text.problems.saveFailed, { name: file.name }) });
      return;
    }
    if (result.ok) {
      dismiss(key);
      toast(fill(text.upload.added, { name: file.name }));
    } else {
      update(key, { status: 'failed', problem: problemOf(file, result) });
    }
  }

  function add(files: Iterable<File>) {
    const added: Upload[] = [];
    for (const file of files) {
      const key = nextKey.current++;
      const upload: Upload = { key, name: file.name, size: file.size, done: 0, status: 'waiting' };
      if (file.size > MAX_DOCUMENT_BYTES) {
        upload.status = 'failed';
        upload.problem = tooLarge(file);
      } else {
        queue.current = queue.current.then(() => save(key, file));
      }
      added.push(upload);
    }
    setUploads((list) => [...list, ...added]);
  }

  function onDragEnter(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  }

  function onDragOver(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }

  function onDragLeave() {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    add(event.dataTransfer.files);
  }

  return (
    <section className="panel documents-upload" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.upload.heading}</h2>
      <div
        ref={zone}
        className={dragging ? 'documents-drop documents-drop--active' : 'documents-drop'}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <p className="documents-drop__text">{dragging ? text.upload.dropNow : text.upload.drop}</p>
        <button type="button" className="button button--primary" onClick={() => picker.current?.click()}>
          {text.upload.choose}
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files) add(event.target.files);
            // Lets the same file be chosen again after a failure.
            event.target.value = '';
          }}
        />
      </div>
      {space !== null && <p className="form__note">{fill(text.upload.free, { size: size(space) })}</p>}
      <p className="form__note">{fill(text.upload.limit, { max: size(MAX_DOCUMENT_BYTES) })}</p>
      {uploads.length > 0 && (
        <ul className="documents-uploads">
          {uploads.map((upload) => (
            <li key={upload.key} className="documents-uploads__item">
              <div className="documents-uploads__head">
                <span className="documents-uploads__name">{upload.name}</span>
                {upload.status === 'failed' && (
                  <button
                    type="button"
                    className="icon-button documents-uploads__dismiss"
                    aria-label={fill(text.upload.dismiss, { name: upload.name })}
                    onClick={() => dismiss(upload.key)}
                  >
                    ×
                  </button>
                )}
              </div>
              {upload.status === 'failed' ? (
                <p className="field__problem" role="alert">
                  {upload.problem}
                </p>
              ) : (
                <>
                  <progress
                    className="documents-uploads__bar"
                    max={Math.max(upload.size, 1)}
                    value={upload.status === 'waiting' ? 0 : upload.done}
                    aria-label={fill(text.upload.progressLabel, { name: upload.name })}
                  />
                  <p className="form__note">
                    {upload.status === 'waiting'
                      ? text.upload.waiting
                      : fill(text.upload.saving, { done: size(upload.done), total: size(upload.size) })}
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
