// The upload form: publishes a file on the download page, sent with XMLHttpRequest to show its progress.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { catalog, siteErrorMessage } from '../../../shared/i18n/index.js';
import { fill, textAt, useLanguage, useText } from '../../../client/text.js';
import { FILE_CATEGORIES, UPLOAD_EXTENSIONS, type FileCategory } from '../../../shared/constants.js';
import { formatBytes } from '../../../client/format.js';
import { Section } from '../../ui/PageParts.js';
import type { AdminCopy as Copy } from './copy.js';
import { UploadFailure, uploadFile, type UploadFailureCode } from './upload.js';

/** A file's name without its extension, to prefill the display name. */
function stemOf(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '');
  return stem.trim() === '' ? fileName : stem;
}

function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

function isAllowedFile(fileName: string): boolean {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

type UploadField = 'file' | 'name' | 'description' | 'version';

type UploadStatus =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number }
  | { state: 'success' }
  | { state: 'error'; message: string };

interface Problem {
  message: string;
  fields: UploadField[];
}

export function UploadSection({ c, onUploaded }: { c: Copy; onUploaded(): void }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const ids = useId();
  const id = (part: string) => `${ids}-${part}`;

  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [version, setVersion] = useState('');
  const [category, setCategory] = useState<FileCategory>('program');
  const [latest, setLatest] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [status, setStatus] = useState<UploadStatus>({ state: 'idle' });

  const refs = {
    file: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
    version: useRef<HTMLInputElement>(null),
  };
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const uploading = status.state === 'uploading';
  const invalid = (field: UploadField) => problem?.fields.includes(field) ?? false;
  const errorId = id('error');
  const describedBy = (field: UploadField, hintId?: string) =>
    [hintId, invalid(field) ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  function edited() {
    setProblem(null);
    if (status.state === 'success' || status.state === 'error') setStatus({ state: 'idle' });
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    if (chosen && (!nameEdited || name.trim() === '')) {
      setName(stemOf(chosen.name));
      setNameEdited(false);
    }
    edited();
  }

  function uploadMessage(code: UploadFailureCode): string {
    if (code === 'network') return t.errors.network;
    if (code === 'unknown' || code === 'server/internal') return c.upload.failed;
    return siteErrorMessage(t.errors, code);
  }

  function refuse(message: string, fields: UploadField[]) {
    setProblem({ message, fields });
    setStatus({ state: 'idle' });
    const first = fields[0];
    if (first) refs[first].current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    if (!file) {
      refuse(c.upload.noFile, ['file']);
      return;
    }
    const values = { name: name.trim(), description: description.trim(), version: version.trim() };
    const missing = (['name', 'description', 'version'] as const).filter((field) => values[field] === '');
    if (missing.length > 0) {
      refuse(c.upload.missingFields, [...missing]);
      return;
    }
    if (!isAllowedFile(file.name)) {
      refuse(textAt(t, 'errors.storage/invalid-type'), ['file']);
      return;
    }

    setProblem(null);
    setStatus({ state: 'uploading', percent: 0 });
    const abort = new AbortController();
    controller.current = abort;
    try {
      await uploadFile(
        file,
        { ...values, category, latest },
        (fraction) => {
          if (!abort.signal.aborted) {
            setStatus({ state: 'uploading', percent: Math.round(Math.min(1, Math.max(0, fraction)) * 100) });
          }
        },
        abort.signal,
      );
      if (abort.signal.aborted) return;
      setFile(null);
      setFileKey((key) => key + 1);
      setName('');
      setNameEdited(false);
      setDescription('');
      setVersion('');
      setCategory('program');
      setLatest(false);
      setStatus({ state: 'success' });
      onUploaded();
    } catch (error) {
      if (abort.signal.aborted) return;
      const code = error instanceof UploadFailure ? error.code : 'unknown';
      setStatus({ state: 'error', message: uploadMessage(code) });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  const errorMessage = problem?.message ?? (status.state === 'error' ? status.message : null);
  const extensions = UPLOAD_EXTENSIONS.join(', ');

  return (
    <Section id="admin-upload" title={c.upload.title} lead={c.upload.lead}>
      <form
        className="form admin-upload"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby="admin-upload"
        data-testid="admin-upload-form"
      >
        <div className="admin-upload__grid">
          <div className="field admin-upload__wide">
            <label htmlFor={id('file')}>{c.upload.fileLabel}</label>
            <input
              key={fileKey}
              ref={refs.file}
              id={id('file')}
              type="file"
              accept={UPLOAD_EXTENSIONS.join(',')}
              required
              disabled={uploading}
              aria-invalid={invalid('file') || undefined}
              aria-describedby={describedBy('file', id('file-hint'))}
              onChange={chooseFile}
              data-testid="admin-upload-file"
            />
            <p id={id('file-hint')} className="field__hint">
              {fill(c.upload.fileHint, { extensions })}
              {file && ` · ${file.name} (${formatBytes(file.size, lang)})`}
            </p>
          </div>

          <div className="field">
            <label htmlFor={id('name')}>{c.upload.nameLabel}</label>
            <input
              ref={refs.name}
              id={id('name')}
              type="text"
              value={name}
              required
              maxLength={200}
              autoComplete="off"
              disabled={uploading}
              aria-invalid={invalid('name') || undefined}
              aria-describedby={describedBy('name', id('name-hint'))}
              onChange={(event) => {
                setName(event.target.value);
                setNameEdited(true);
                edited();
              }}
              data-testid="admin-upload-name"
            />
            <p id={id('name-hint')} className="field__hint">
              {c.upload.nameHint}
            </p>
          </div>

          <div className="field">
            <label htmlFor={id('version')}>{c.upload.versionLabel}</label>
            <input
              ref={refs.version}
              id={id('version')}
              type="text"
              value={version}
              required
              maxLength={50}
              autoComplete="off"
              disabled={uploading}
              aria-invalid={invalid('version') || undefined}
              aria-describedby={describedBy('version', id('version-hint'))}
              onChange={(event) => {
                setVersion(event.target.value);
                edited();
              }}
              data-testid="admin-upload-version"
            />
            <p id={id('version-hint')} className="field__hint">
              {c.upload.versionHint}
            </p>
          </div>

          <div className="field admin-upload__wide">
            <label htmlFor={id('description')}>{c.upload.descriptionLabel}</label>
            <textarea
              ref={refs.description}
              id={id('description')}
              value={description}
              required
              rows={4}
              maxLength={1000}
              disabled={uploading}
              aria-invalid={invalid('description') || undefined}
              aria-describedby={describedBy('description')}
              onChange={(event) => {
                setDescription(event.target.value);
                edited();
              }}
              data-testid="admin-upload-description"
            />
          </div>

          <div className="field">
            <label htmlFor={id('category')}>{c.upload.categoryLabel}</label>
            <select
              id={id('category')}
              value={category}
              disabled={uploading}
              onChange={(event) => {
                setCategory(event.target.value as FileCategory);
                edited();
              }}
              data-testid="admin-upload-category"
            >
              {FILE_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {c.categories[value]}
                </option>
              ))}
            </select>
          </div>

          <div className="field admin-upload__latest">
            <label className="checkbox admin-upload__checkbox">
              <input
                type="checkbox"
                checked={latest}
                disabled={uploading}
                onChange={(event) => {
                  setLatest(event.target.checked);
                  edited();
                }}
                data-testid="admin-upload-latest"
              />
              {c.upload.latestLabel}
            </label>
          </div>
        </div>

        {errorMessage && (
          <p id={errorId} className="form__error" role="alert" data-testid="admin-upload-error">
            {errorMessage}
          </p>
        )}

        {status.state === 'uploading' && (
          <div className="admin-upload__progress">
            <label htmlFor={id('progress')}>{c.upload.progressLabel}</label>
            <div className="admin-upload__bar">
              <progress
                id={id('progress')}
                max={100}
                value={status.percent}
                data-testid="admin-upload-progress"
              />
              <span className="admin-upload__percent" data-testid="admin-upload-percent">
                {status.percent}%
              </span>
            </div>
          </div>
        )}

        <div role="status" aria-live="polite" className="admin-upload__status">
          {status.state === 'success' && (
            <p className="admin-upload__success" data-testid="admin-upload-success">
              {c.upload.success}
            </p>
          )}
        </div>

        <div className="admin-upload__actions">
          <button
            type="submit"
            className="button button--primary button--large"
            disabled={uploading}
            data-testid="admin-upload-submit"
          >
            {status.state === 'uploading'
              ? fill(c.upload.uploading, { percent: status.percent })
              : c.upload.submit}
          </button>
        </div>
      </form>
    </Section>
  );
}
