// Admin page (description §2 "Admin", §3, §5): for administrators only. An upload form that publishes a file
// on the download page (sent with XMLHttpRequest to show its progress), the table of published files, each
// with a download link and a delete button, and the inquiries members sent from the support page. Everyone
// else sees an "Admins only" card.
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { catalog } from '../../../shared/i18n/index.js';
import { fill, textAt, useLanguage, useText } from '../../../client/text.js';
import {
  FILE_CATEGORIES,
  UPLOAD_EXTENSIONS,
  type FileCategory,
  type InquiryType,
} from '../../../shared/constants.js';
import type { PublishedFile } from '../../../shared/schemas/files.js';
import { call, type FailureCode, failureCode } from '../../../client/api.js';
import { useAuthDialog } from '../../auth/auth-dialog-context.js';
import { useSession } from '../../auth/session.js';
import { formatBytes, formatCount, formatDate, formatDateTime } from '../../../client/format.js';
import { PageHero, Section } from '../../ui/PageParts.js';
import { Popup } from '../../../client/ui/Popup.js';
import { Spinner } from '../../ui/Spinner.js';
import { useToast } from '../../../client/ui/Toast.js';
import { copy } from './copy.js';
import { UploadFailure, uploadFile, type UploadFailureCode } from './upload.js';
import './admin.css';

type Copy = typeof copy.ko;

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

export default function AdminPage() {
  const c = useText(copy);
  const { loading, user } = useSession();
  const openDialog = useAuthDialog();

  if (loading) return <Spinner full />;

  if (!user?.isAdmin) {
    return (
      <div className="admin admin--denied">
        <section
          className="card admin-denied"
          aria-labelledby="admin-denied-title"
          data-testid="admin-denied"
        >
          <h1 id="admin-denied-title" className="admin-denied__title">
            {c.denied.title}
          </h1>
          <p>{c.denied.body}</p>
          {!user && (
            <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
              {c.denied.login}
            </button>
          )}
        </section>
      </div>
    );
  }

  return <AdminConsole c={c} />;
}

function AdminConsole({ c }: { c: Copy }) {
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  return (
    <div className="admin">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />
      <UploadSection c={c} onUploaded={reload} />
      <FilesSection c={c} reloadKey={reloadKey} />
      <InquiriesSection c={c} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Upload form

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

function UploadSection({ c, onUploaded }: { c: Copy; onUploaded(): void }) {
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
    return t.errors[code];
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

// ---------------------------------------------------------------------------------------------------------
// Published files

type ListState =
  { state: 'loading' } | { state: 'error'; code: FailureCode } | { state: 'ready'; files: PublishedFile[] };

function FilesSection({ c, reloadKey }: { c: Copy; reloadKey: number }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const toast = useToast();
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [confirming, setConfirming] = useState<PublishedFile | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    setList((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    call('files')
      .then((answer) => {
        if (!cancelled) setList({ state: 'ready', files: answer.files });
      })
      .catch((error: unknown) => {
        if (!cancelled) setList({ state: 'error', code: failureCode(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [reloadKey, attempt]);

  const apiMessage = (code: FailureCode) => (code === 'network' ? t.errors.network : t.errors[code]);

  async function remove(file: PublishedFile) {
    setConfirming(null);
    setDeleteError(null);
    setDeleting((current) => new Set(current).add(file.id));
    try {
      await call('deleteFile', { params: { id: file.id } });
      setList((current) =>
        current.state === 'ready'
          ? { state: 'ready', files: current.files.filter((item) => item.id !== file.id) }
          : current,
      );
      toast(c.files.deleted);
      body.current?.focus();
    } catch (error) {
      setDeleteError(`${c.files.deleteFailed} ${apiMessage(failureCode(error))}`);
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(file.id);
        return next;
      });
    }
  }

  const columns = c.files.columns;

  return (
    <Section id="admin-files" title={c.files.title} lead={c.files.lead}>
      <div ref={body} tabIndex={-1} className="admin-files">
        {deleteError && (
          <p className="form__error admin-files__error" role="alert" data-testid="admin-delete-error">
            {deleteError}
          </p>
        )}

        {list.state === 'loading' && (
          <div data-testid="admin-files-loading">
            <Spinner />
          </div>
        )}

        {list.state === 'error' && (
          <div className="admin-files__failed" data-testid="admin-files-error">
            <p className="form__error" role="alert">
              {c.files.loadFailed} {apiMessage(list.code)}
            </p>
            <button type="button" className="button button--ghost" onClick={() => setAttempt((n) => n + 1)}>
              {c.files.retry}
            </button>
          </div>
        )}

        {list.state === 'ready' && list.files.length === 0 && (
          <p className="admin-files__empty" data-testid="admin-files-empty">
            {c.files.empty}
          </p>
        )}

        {list.state === 'ready' && list.files.length > 0 && (
          // The region scrolls sideways on narrow screens; it is focusable so keyboards can scroll it too.
          <div className="admin-table-wrap" role="region" aria-label={c.files.caption} tabIndex={0}>
            <table className="admin-table" data-testid="admin-files-table">
              <caption className="visually-hidden">{c.files.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{columns.name}</th>
                  <th scope="col">{columns.description}</th>
                  <th scope="col">{columns.category}</th>
                  <th scope="col">{columns.version}</th>
                  <th scope="col">{columns.date}</th>
                  <th scope="col">{columns.latest}</th>
                  <th scope="col" className="admin-table__number">
                    {columns.downloads}
                  </th>
                  <th scope="col">{columns.download}</th>
                  <th scope="col">{columns.delete}</th>
                </tr>
              </thead>
              <tbody>
                {list.files.map((file) => {
                  const busy = deleting.has(file.id);
                  return (
                    <tr key={file.id} data-testid="admin-file-row" data-file-id={file.id}>
                      <th scope="row" className="admin-table__name">
                        <span>{file.name}</span>
                        <span className="admin-table__meta">
                          {file.fileName} · {formatBytes(file.fileSize, lang)}
                        </span>
                      </th>
                      <td className="admin-table__description">{file.description}</td>
                      <td>{c.categories[file.category] ?? file.category}</td>
                      <td>{file.version}</td>
                      <td className="admin-table__nowrap">{formatDate(file.releaseDate, lang)}</td>
                      <td>
                        {file.isLatest ? (
                          <span className="admin-badge" data-testid="admin-latest-badge">
                            {c.files.latestBadge}
                          </span>
                        ) : (
                          <>
                            <span aria-hidden="true">—</span>
                            <span className="visually-hidden">{c.files.notLatest}</span>
                          </>
                        )}
                      </td>
                      <td className="admin-table__number">{formatCount(file.downloadCount, lang)}</td>
                      <td>
                        <a
                          className="button button--ghost button--small"
                          href={file.downloadURL}
                          download
                          aria-label={fill(c.files.downloadLabel, { name: file.name })}
                        >
                          {c.files.download}
                        </a>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button button--ghost button--small admin-delete"
                          disabled={busy}
                          aria-label={busy ? undefined : fill(c.files.deleteLabel, { name: file.name })}
                          onClick={() => setConfirming(file)}
                          data-testid="admin-delete"
                        >
                          {busy ? c.files.deleting : c.files.delete}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {confirming && (
        <Popup
          title={fill(c.files.confirmTitle, { name: confirming.name })}
          message={c.files.confirmMessage}
          confirmLabel={c.files.confirm}
          cancelLabel={c.files.cancel}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Member inquiries (GET /api/inquiries), newest first; each message is shown as plain text.

interface Inquiry {
  id: string;
  type: InquiryType;
  subject: string;
  message: string;
  createdAt: string;
  email: string;
  lang: 'ko' | 'en';
}

type InquiryListState =
  { state: 'loading' } | { state: 'error'; code: FailureCode } | { state: 'ready'; inquiries: Inquiry[] };

function replyLink(email: string, subject: string): string {
  const address = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

function InquiriesSection({ c }: { c: Copy }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const [list, setList] = useState<InquiryListState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setList({ state: 'loading' });
    call('inquiries')
      .then((answer) => {
        if (cancelled) return;
        const inquiries = [...answer.inquiries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        setList({ state: 'ready', inquiries });
      })
      .catch((error: unknown) => {
        if (!cancelled) setList({ state: 'error', code: failureCode(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const apiMessage = (code: FailureCode) => (code === 'network' ? t.errors.network : t.errors[code]);
  const again = () => setAttempt((n) => n + 1);

  return (
    <Section id="admin-inquiries" title={c.inquiries.title} lead={c.inquiries.lead}>
      <div className="admin-inquiries" data-testid="admin-inquiries">
        {list.state === 'loading' && <Spinner />}

        {list.state === 'error' && (
          <div className="admin-files__failed" data-testid="admin-inquiries-error">
            <p className="form__error" role="alert">
              {c.inquiries.loadFailed} {apiMessage(list.code)}
            </p>
            <button type="button" className="button button--ghost" onClick={again}>
              {c.inquiries.retry}
            </button>
          </div>
        )}

        {list.state === 'ready' && (
          <div className="admin-inquiries__tools">
            <button type="button" className="button button--ghost button--small" onClick={again}>
              {c.inquiries.refresh}
            </button>
          </div>
        )}

        {list.state === 'ready' && list.inquiries.length === 0 && (
          <p className="admin-files__empty" data-testid="admin-inquiries-empty">
            {c.inquiries.empty}
          </p>
        )}

        {list.state === 'ready' && list.inquiries.length > 0 && (
          <ul className="admin-inquiries__list">
            {list.inquiries.map((inquiry) => (
              <li
                key={inquiry.id}
                className="admin-inquiry"
                data-testid="admin-inquiry"
                data-inquiry-id={inquiry.id}
              >
                <div className="admin-inquiry__head">
                  <span className="admin-badge admin-inquiry__type">
                    {c.inquiryTypes[inquiry.type] ?? inquiry.type}
                  </span>
                  <time className="admin-inquiry__date" dateTime={inquiry.createdAt}>
                    {formatDateTime(inquiry.createdAt, lang)}
                  </time>
                </div>
                <h3 className="admin-inquiry__subject">{inquiry.subject}</h3>
                <dl className="admin-inquiry__meta">
                  <div>
                    <dt>{c.inquiries.from}</dt>
                    <dd>
                      <a href={replyLink(inquiry.email, `${c.inquiries.replyPrefix}${inquiry.subject}`)}>
                        {inquiry.email}
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt>{c.inquiries.language}</dt>
                    <dd>{c.languages[inquiry.lang] ?? inquiry.lang}</dd>
                  </div>
                </dl>
                <details className="admin-inquiry__details">
                  <summary>
                    {c.inquiries.showMessage}
                    <span className="visually-hidden">: {inquiry.subject}</span>
                  </summary>
                  <p className="admin-inquiry__message">{inquiry.message}</p>
                </details>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
