// Notice / download page (/download): notices in the page's language (admins add, edit and delete them), the
// program button and file list for signed-in members (a login prompt otherwise), the member's own documents,
// the download FAQ and the patent, copyright and trademark cards. Data is fetched after the first render, so the
// prerendered HTML holds only the static parts and a spinner.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { catalog } from '../../../shared/i18n/index.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import type { Language } from '../../../shared/constants.js';
import type { DocumentList, MemberDocument, Notice, PublishedFile } from '../../../shared/schemas/files.js';
import { call, type FailureCode, failureCode } from '../../../client/api.js';
import { useSession } from '../../auth/session.js';
import { formatBytes, formatDate } from '../../../client/format.js';
import { Icon, type IconName } from '../../ui/icons.js';
import { LoginRequired } from '../../ui/LoginRequired.js';
import { PageHero, Section } from '../../ui/PageParts.js';
import { Popup } from '../../../client/ui/Popup.js';
import { Spinner } from '../../ui/Spinner.js';
import { useToast } from '../../../client/ui/Toast.js';
import { copy } from './copy.js';
import './download.css';

type Copy = (typeof copy)['ko'];

/** Official Korean registers, in the order of the copy's legal cards: patent, copyright, trademark. */
const LEGAL_LINKS: readonly { href: string; icon: IconName }[] = [
  { href: 'https://www.kipris.or.kr', icon: 'key' },
  { href: 'https://www.cros.or.kr', icon: 'documents' },
  { href: 'https://www.kipris.or.kr', icon: 'shield' },
];

/** A page-specific error line and, below it, what the shared error catalog says about the failure. */
function ErrorNote({ message, code, testId }: { message: string; code: FailureCode; testId?: string }) {
  const t = useText(catalog);
  return (
    <div className="form__error download-error" role="alert" data-testid={testId}>
      <p>{message}</p>
      {code !== 'server/internal' && <p className="download-error__detail">{t.errors[code]}</p>}
    </div>
  );
}

export default function DownloadPage() {
  const c = useText(copy);
  const { loading, user } = useSession();

  return (
    <div className="download">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />
      <Notices c={c} isAdmin={user?.isAdmin === true} />
      <Section id="downloads" title={c.downloads.title} lead={c.downloads.lead}>
        {loading ? (
          <Spinner />
        ) : user ? (
          <Downloads key={user.uid} c={c} />
        ) : (
          <LoginRequired
            testId="download-login-required"
            copy={{
              title: c.downloads.loginTitle,
              body: c.downloads.loginBody,
              note: c.downloads.loginNote,
              login: c.downloads.login,
              register: c.downloads.register,
            }}
          />
        )}
      </Section>
      {!loading && user && (
        <Section id="my-documents" title={c.documents.title} lead={c.documents.lead}>
          <MyDocuments key={user.uid} c={c} />
        </Section>
      )}
      <Faq c={c} />
      <Legal c={c} />
    </div>
  );
}

// ---- Notices --------------------------------------------------------------------------------------------------

function newestFirst(notices: Notice[]): Notice[] {
  return [...notices].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

function Notices({ c, isAdmin }: { c: Copy; isAdmin: boolean }) {
  const { lang } = useLanguage();
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [loadError, setLoadError] = useState<FailureCode | null>(null);
  const [loading, setLoading] = useState(true);
  const request = useRef(0);

  const load = useCallback(async (language: Language) => {
    const current = ++request.current;
    setLoading(true);
    setLoadError(null);
    try {
      const answer = await call('notices', { query: { lang: language } });
      if (current === request.current) setNotices(newestFirst(answer.notices));
    } catch (error) {
      if (current === request.current) setLoadError(failureCode(error));
    } finally {
      if (current === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    setNotices(null);
    void load(lang);
  }, [lang, load]);

  const reload = useCallback(() => load(lang), [lang, load]);

  let body;
  if (loadError) {
    body = (
      <div className="download-state">
        <ErrorNote message={c.notices.loadError} code={loadError} testId="notices-error" />
        <button type="button" className="button button--ghost" onClick={() => void reload()}>
          {c.common.retry}
        </button>
      </div>
    );
  } else if (notices === null || (loading && notices.length === 0)) {
    body = <Spinner />;
  } else if (notices.length === 0) {
    body = (
      <p className="download-empty" data-testid="notices-empty">
        {c.notices.empty}
      </p>
    );
  } else {
    body = (
      <ul className="download-notices" aria-label={c.notices.listLabel} aria-busy={loading}>
        {notices.map((notice) => (
          <NoticeItem key={notice.id} c={c} notice={notice} isAdmin={isAdmin} onChanged={reload} />
        ))}
      </ul>
    );
  }

  return (
    <Section id="notices" title={c.notices.title} lead={c.notices.lead}>
      {isAdmin && <NoticeAddForm key={lang} c={c} defaultLang={lang} onAdded={reload} />}
      {body}
    </Section>
  );
}

interface NoticeDraft {
  lang: Language;
  title: string;
  content: string;
}

/** Language, title and content fields shared by the add and edit forms. */
function NoticeFields({
  c,
  draft,
  onChange,
  disabled,
}: {
  c: Copy;
  draft: NoticeDraft;
  onChange(next: NoticeDraft): void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <>
      <div className="field download-field">
        <label htmlFor={`${id}-lang`}>{c.notices.languageLabel}</label>
        <select
          id={`${id}-lang`}
          value={draft.lang}
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, lang: event.target.value === 'en' ? 'en' : 'ko' })}
        >
          <option value="ko">{c.notices.languageKo}</option>
          <option value="en">{c.notices.languageEn}</option>
        </select>
      </div>
      <div className="field download-field">
        <label htmlFor={`${id}-title`}>{c.notices.titleLabel}</label>
        <input
          id={`${id}-title`}
          type="text"
          value={draft.title}
          maxLength={200}
          aria-required="true"
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
        />
      </div>
      <div className="field download-field">
        <label htmlFor={`${id}-content`}>{c.notices.contentLabel}</label>
        <textarea
          id={`${id}-content`}
          value={draft.content}
          rows={6}
          maxLength={20_000}
          aria-required="true"
          disabled={disabled}
          onChange={(event) => onChange({ ...draft, content: event.target.value })}
        />
      </div>
    </>
  );
}

function NoticeAddForm({ c, defaultLang, onAdded }: { c: Copy; defaultLang: Language; onAdded(): void }) {
  const headingId = useId();
  const toast = useToast();
  const [draft, setDraft] = useState<NoticeDraft>({ lang: defaultLang, title: '', content: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FailureCode | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const title = draft.title.trim();
    const content = draft.content.trim();
    if (busy || !title || !content) return;
    setBusy(true);
    setError(null);
    try {
      await call('createNotice', { body: { lang: draft.lang, title, content } });
      setDraft({ lang: draft.lang, title: '', content: '' });
      toast(c.notices.added);
      onAdded();
    } catch (failure) {
      setError(failureCode(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form download-notice-form"
      aria-labelledby={headingId}
      data-testid="notice-add-form"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h3 id={headingId}>{c.notices.addTitle}</h3>
      <NoticeFields c={c} draft={draft} onChange={setDraft} disabled={busy} />
      {error && <ErrorNote message={c.notices.addError} code={error} testId="notice-add-error" />}
      <div className="download-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? c.notices.adding : c.notices.add}
        </button>
      </div>
    </form>
  );
}

function NoticeItem({
  c,
  notice,
  isAdmin,
  onChanged,
}: {
  c: Copy;
  notice: Notice;
  isAdmin: boolean;
  onChanged(): void;
}) {
  const { lang } = useLanguage();
  const toast = useToast();
  const id = useId();
  const panelId = `${id}-panel`;
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState<NoticeDraft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code: FailureCode } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing || busy) return;
    const title = editing.title.trim();
    const content = editing.content.trim();
    if (!title || !content) return;
    setBusy(true);
    setError(null);
    try {
      await call('updateNotice', {
        params: { id: notice.id },
        body: { lang: editing.lang, title, content },
      });
      setEditing(null);
      toast(c.notices.saved);
      onChanged();
    } catch (failure) {
      setError({ message: c.notices.editError, code: failureCode(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      await call('deleteNotice', { params: { id: notice.id } });
      toast(c.notices.deleted);
      onChanged();
    } catch (failure) {
      setError({ message: c.notices.deleteError, code: failureCode(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="download-notice" data-testid="notice-item">
      <h3 className="download-notice__heading">
        <button
          type="button"
          className="download-notice__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="download-notice__title">{notice.title}</span>
          <time className="download-notice__date" dateTime={notice.createdAt}>
            {formatDate(notice.createdAt, lang)}
          </time>
          <span className="download-notice__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} className="download-notice__panel" hidden={!expanded}>
        <p className="download-notice__content">{notice.content}</p>
      </div>

      {isAdmin && editing && (
        <form
          className="form download-notice-form download-notice-form--edit"
          aria-label={c.notices.editTitle}
          data-testid="notice-edit-form"
          onSubmit={(event) => void save(event)}
          noValidate
        >
          <NoticeFields c={c} draft={editing} onChange={setEditing} disabled={busy} />
          <div className="download-form__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? c.notices.saving : c.notices.save}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setEditing(null);
                setError(null);
              }}
            >
              {c.common.cancel}
            </button>
          </div>
        </form>
      )}

      {error && <ErrorNote message={error.message} code={error.code} testId="notice-item-error" />}

      {isAdmin && !editing && (
        <div className="download-notice__admin">
          <button
            type="button"
            className="button button--ghost button--small"
            data-testid="notice-edit"
            aria-label={fill(c.common.itemEdit, { name: notice.title })}
            disabled={busy}
            onClick={() => {
              setError(null);
              setEditing({ lang: notice.lang, title: notice.title, content: notice.content });
            }}
          >
            {c.notices.edit}
          </button>
          <button
            type="button"
            className="button button--ghost button--small download-button--danger"
            data-testid="notice-delete"
            aria-label={fill(busy ? c.common.itemDeleting : c.common.itemDelete, { name: notice.title })}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {busy ? c.common.deleting : c.common.delete}
          </button>
        </div>
      )}

      {confirming && (
        <Popup
          title={c.common.confirmTitle}
          message={c.common.confirmDelete}
          confirmLabel={c.common.delete}
          onConfirm={() => void remove()}
          cancelLabel={c.common.cancel}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

// ---- Downloads ------------------------------------------------------------------------------------------------

/** The program to offer: the program file marked latest, else the newest program file. */
function programFile(files: PublishedFile[]): PublishedFile | undefined {
  const programs = files.filter((file) => file.category === 'program');
  return (
    programs.find((file) => file.isLatest) ??
    [...programs].sort((a, b) => Date.parse(b.releaseDate) - Date.parse(a.releaseDate))[0]
  );
}

function Downloads({ c }: { c: Copy }) {
  const { lang } = useLanguage();
  const [files, setFiles] = useState<PublishedFile[] | null>(null);
  const [error, setError] = useState<FailureCode | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setError(null);
    setFiles(null);
    call('files').then(
      (answer) => {
        if (active) setFiles(answer.files);
      },
      (failure: unknown) => {
        if (active) setError(failureCode(failure));
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  if (error) {
    return (
      <div className="download-state">
        <ErrorNote message={c.downloads.loadError} code={error} testId="files-error" />
        <button type="button" className="button button--ghost" onClick={() => setAttempt((n) => n + 1)}>
          {c.common.retry}
        </button>
      </div>
    );
  }
  if (!files) return <Spinner />;

  const program = programFile(files);
  return (
    <>
      <div className="download-program" data-testid="program-card">
        <div className="download-program__text">
          <h3>{c.downloads.programTitle}</h3>
          {program ? (
            <p>
              {fill(c.downloads.programVersion, {
                version: program.version,
                size: formatBytes(program.fileSize, lang),
              })}
            </p>
          ) : (
            <p id="download-program-none">{c.downloads.programNone}</p>
          )}
        </div>
        {program ? (
          <a
            className="button button--primary button--large download-program__button"
            href={program.downloadURL}
            download
            data-testid="program-download"
          >
            {c.downloads.programButton}
          </a>
        ) : (
          <button
            type="button"
            className="button button--primary button--large download-program__button"
            disabled
            aria-describedby="download-program-none"
            data-testid="program-download"
          >
            {c.downloads.programButton}
          </button>
        )}
      </div>

      <h3 className="download-subtitle">{c.downloads.filesTitle}</h3>
      {files.length === 0 ? (
        <p className="download-empty" data-testid="files-empty">
          {c.downloads.empty}
        </p>
      ) : (
        <table className="download-table" data-testid="file-table">
          <caption className="visually-hidden">{c.downloads.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{c.downloads.colName}</th>
              <th scope="col">{c.downloads.colSize}</th>
              <th scope="col">{c.downloads.colDate}</th>
              <th scope="col">
                <span className="visually-hidden">{c.downloads.colAction}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr key={file.id} data-testid="file-row">
                <th scope="row" className="download-table__name">
                  <span className="download-table__file">{file.name}</span>
                  {file.isLatest && <span className="download-badge">{c.downloads.latest}</span>}
                  {file.version && (
                    <span className="download-table__meta">
                      {fill(c.downloads.version, { version: file.version })}
                    </span>
                  )}
                  {file.description && (
                    <span className="download-table__description">{file.description}</span>
                  )}
                </th>
                <td data-label={c.downloads.colSize}>{formatBytes(file.fileSize, lang)}</td>
                <td data-label={c.downloads.colDate}>
                  <time dateTime={file.releaseDate}>{formatDate(file.releaseDate, lang)}</time>
                </td>
                <td className="download-table__action">
                  <a
                    className="button button--ghost button--small"
                    href={file.downloadURL}
                    download
                    data-testid="file-download"
                    aria-label={fill(c.common.itemDownload, { name: file.name })}
                  >
                    {c.downloads.download}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

// ---- My documents ---------------------------------------------------------------------------------------------

function MyDocuments({ c }: { c: Copy }) {
  const { lang } = useLanguage();
  const toast = useToast();
  const [list, setList] = useState<DocumentList | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState<MemberDocument | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [deleteError, setDeleteError] = useState<FailureCode | null>(null);

  useEffect(() => {
    let active = true;
    call('documents').then(
      (answer) => {
        if (active) setList(answer);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, []);

  async function remove(doc: MemberDocument) {
    setConfirming(null);
    setDeleteError(null);
    setDeleting((current) => new Set(current).add(doc.id));
    try {
      await call('deleteDocument', { params: { id: doc.id } });
      setList(
        (current) =>
          current && {
            ...current,
            documents: current.documents.filter((item) => item.id !== doc.id),
            usedBytes: Math.max(0, current.usedBytes - doc.size),
          },
      );
      toast(c.documents.deleted);
    } catch (failure) {
      setDeleteError(failureCode(failure));
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(doc.id);
        return next;
      });
    }
  }

  if (!list && !failed) return <Spinner />;

  const documents = list?.documents ?? [];
  return (
    <div className="download-documents" data-testid="documents">
      {failed && (
        <p className="download-notice-line" role="alert" data-testid="documents-error">
          {c.documents.loadError}
        </p>
      )}
      {list && (
        <p className="download-usage" data-testid="documents-usage">
          {fill(c.documents.usage, {
            used: formatBytes(list.usedBytes, lang),
            quota: formatBytes(list.quotaBytes, lang),
          })}
        </p>
      )}
      {deleteError && (
        <ErrorNote message={c.documents.deleteError} code={deleteError} testId="documents-delete-error" />
      )}
      {documents.length === 0 ? (
        <p className="download-empty" data-testid="documents-empty">
          {c.documents.empty}
        </p>
      ) : (
        <table className="download-table" data-testid="documents-table">
          <caption className="visually-hidden">{c.documents.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{c.documents.colName}</th>
              <th scope="col">{c.documents.colSize}</th>
              <th scope="col">{c.documents.colUpdated}</th>
              <th scope="col">
                <span className="visually-hidden">{c.documents.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((doc) => {
              const busy = deleting.has(doc.id);
              return (
                <tr key={doc.id} data-testid="document-row">
                  <th scope="row" className="download-table__name">
                    <span className="download-table__file">{doc.name}</span>
                  </th>
                  <td data-label={c.documents.colSize}>{formatBytes(doc.size, lang)}</td>
                  <td data-label={c.documents.colUpdated}>
                    <time dateTime={doc.updated}>{formatDate(doc.updated, lang)}</time>
                  </td>
                  <td className="download-table__action">
                    <a
                      className="button button--ghost button--small"
                      href={doc.url}
                      download
                      data-testid="document-download"
                      aria-label={fill(c.common.itemDownload, { name: doc.name })}
                    >
                      {c.documents.download}
                    </a>
                    <button
                      type="button"
                      className="button button--ghost button--small download-button--danger"
                      disabled={busy}
                      data-testid="document-delete"
                      aria-label={fill(busy ? c.common.itemDeleting : c.common.itemDelete, {
                        name: doc.name,
                      })}
                      onClick={() => setConfirming(doc)}
                    >
                      {busy ? c.common.deleting : c.common.delete}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {confirming && (
        <Popup
          title={c.common.confirmTitle}
          message={c.common.confirmDelete}
          confirmLabel={c.common.delete}
          onConfirm={() => void remove(confirming)}
          cancelLabel={c.common.cancel}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}

// ---- FAQ and legal --------------------------------------------------------------------------------------------

function Faq({ c }: { c: Copy }) {
  return (
    <Section id="download-faq" title={c.faq.title}>
      <div className="faq download-faq">
        {c.faq.items.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            {item.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </details>
        ))}
      </div>
    </Section>
  );
}

function Legal({ c }: { c: Copy }) {
  return (
    <Section id="download-legal" title={c.legal.title} lead={c.legal.lead}>
      <ul className="cards cards--3 download-legal">
        {c.legal.cards.map((card, index) => {
          const link = LEGAL_LINKS[index] ?? LEGAL_LINKS[0]!;
          return (
            <li key={card.title} className="card download-legal__card" data-testid="legal-card">
              <span className="card__icon">
                <Icon name={link.icon} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.body}</p>
              <a className="download-legal__link" href={link.href} target="_blank" rel="noopener noreferrer">
                {card.link}
                <span className="visually-hidden"> {c.common.opensInNewTab}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
