// The update banner on the home page (GET, PUT and DELETE /api/admin/banner): what shows now and who wrote it, a
// form with the version and each language's title and body, a preview in each language as the home page will show
// it, Save, and Remove after a confirmation. A form filled from a banner another admin has changed since is refused
// (banner/changed): the form then shows the banner as it is now, says so, and offers the admin's own text back.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { bannerProblems, type BannerContent, type BannerField } from '../../../shared/banner.js';
import { UPDATE_BANNER_LIMITS, type Language } from '../../../shared/constants.js';
import type { ErrorCode } from '../../../shared/errors.js';
import { catalog, siteErrorMessage } from '../../../shared/i18n/index.js';
import type { AdminBanner } from '../../../shared/schemas/banner.js';
import { call, failureCode } from '../../../client/api.js';
import { formatDateTime } from '../../../client/format.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { useLoad } from '../../../client/use-load.js';
import { Popup } from '../../../client/ui/Popup.js';
import { useToast } from '../../../client/ui/Toast.js';
import { LoadFailed } from '../../ui/ErrorNote.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { UpdateBannerView } from '../../ui/UpdateBannerView.js';
import type { AdminCopy as Copy } from './copy.js';

const LANGS = ['ko', 'en'] as const;
const FIELDS: readonly BannerField[] = ['version', 'title.ko', 'body.ko', 'title.en', 'body.en'];
const EMPTY: BannerContent = { version: '', title: { ko: '', en: '' }, body: { ko: '', en: '' } };

const contentOf = (banner: AdminBanner | null): BannerContent =>
  banner ? { version: banner.version, title: { ...banner.title }, body: { ...banner.body } } : EMPTY;

export function BannerSection({ c }: { c: Copy }) {
  const loaded = useLoad(() => call('adminBanner'));
  return (
    <Section id="admin-banner" title={c.banner.title} lead={c.banner.lead}>
      {loaded.error ? (
        <LoadFailed
          message={c.banner.loadFailed}
          code={loaded.error}
          retryLabel={c.banner.retry}
          onRetry={loaded.reload}
          testId="admin-banner-load-error"
        />
      ) : loaded.data ? (
        <BannerEditor c={c} initial={loaded.data.banner} />
      ) : (
        <Spinner />
      )}
    </Section>
  );
}

function BannerEditor({ c, initial }: { c: Copy; initial: AdminBanner | null }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const toast = useToast();
  const [stored, setStored] = useState(initial);
  const [draft, setDraft] = useState(() => contentOf(initial));
  const [problems, setProblems] = useState<Partial<Record<BannerField, ErrorCode>>>({});
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Refused because another admin changed the banner: the text this admin had typed, to put back if they wish.
  const [conflict, setConflict] = useState<{ mine: BannerContent } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fields = useRef<Partial<Record<BannerField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const status = useRef<HTMLParagraphElement>(null);
  const conflictNote = useRef<HTMLDivElement>(null);
  // The note sits above the form: brought into view (and focus) from the Save button far below it on a phone.
  useEffect(() => {
    if (conflict) conflictNote.current?.focus();
  }, [conflict]);
  const baseId = useId();
  const id = (name: string) => `${baseId}-${name}`;
  const b = c.banner;

  function edit(field: BannerField, value: string) {
    setDraft((current) => {
      if (field === 'version') return { ...current, version: value };
      const [part, language] = field.split('.') as ['title' | 'body', Language];
      return { ...current, [part]: { ...current[part], [language]: value } };
    });
    setProblems(({ [field]: _fixed, ...others }) => others);
    setError(null);
  }

  function show(banner: AdminBanner | null) {
    setStored(banner);
    setDraft(contentOf(banner));
    setProblems({});
  }

  /** Another admin changed it since this form was filled: show theirs, keeping this admin's text to put back. */
  async function showNewer(mine: BannerContent, failed: string) {
    try {
      show((await call('adminBanner')).banner);
      setConflict({ mine });
    } catch {
      setError(`${failed} ${t.errors['banner/changed']}`);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = bannerProblems(draft);
    setProblems(found);
    setError(null);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      setError(b.fixFields);
      fields.current[first]?.focus();
      return;
    }
    setBusy('save');
    try {
      const { banner } = await call('writeBanner', {
        body: { ...draft, revision: stored?.revision ?? null },
      });
      show(banner);
      setConflict(null);
      toast(b.saved);
    } catch (failure) {
      const code = failureCode(failure);
      if (code === 'banner/changed') await showNewer(draft, b.saveFailed);
      else setError(`${b.saveFailed} ${siteErrorMessage(t.errors, code)}`);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setConfirming(false);
    if (!stored || busy) return;
    setBusy('remove');
    setError(null);
    try {
      await call('removeBanner', { body: { revision: stored.revision } });
      show(null);
      setConflict(null);
      toast(b.removed);
      status.current?.focus();
    } catch (failure) {
      const code = failureCode(failure);
      if (code === 'banner/changed') await showNewer(draft, b.removeFailed);
      else setError(`${b.removeFailed} ${siteErrorMessage(t.errors, code)}`);
    } finally {
      setBusy(null);
    }
  }

  const hint = (field: BannerField, template: string, max: number, value: string) => (
    <p id={id(`${field}-hint`)} className="field__hint">
      {fill(template, { count: value.trim().length, max })}
    </p>
  );
  const problem = (field: BannerField) =>
    problems[field] && (
      <p id={id(`${field}-problem`)} className="field__problem" data-testid={`admin-banner-problem-${field}`}>
        {siteErrorMessage(t.errors, problems[field])}
      </p>
    );
  const describedBy = (field: BannerField) =>
    [id(`${field}-hint`), problems[field] ? id(`${field}-problem`) : ''].filter(Boolean).join(' ');
  const control = (field: BannerField) => ({
    id: id(field),
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[field] = element;
    },
    disabled: busy !== null,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': describedBy(field),
  });

  return (
    <div className="admin-banner" data-testid="admin-banner">
      <p ref={status} tabIndex={-1} className="admin-banner__status" data-testid="admin-banner-status">
        {stored
          ? fill(b.shown, {
              date: formatDateTime(stored.updatedAt, lang),
              version: stored.version,
              by: stored.updatedBy ?? b.unknownAdmin,
            })
          : b.none}
      </p>

      {conflict && (
        <div
          ref={conflictNote}
          tabIndex={-1}
          className="admin-banner__conflict"
          role="alert"
          data-testid="admin-banner-conflict"
        >
          <p>
            {stored
              ? fill(b.changedWritten, {
                  by: stored.updatedBy ?? b.unknownAdmin,
                  date: formatDateTime(stored.updatedAt, lang),
                })
              : b.changedRemoved}
          </p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              setDraft(conflict.mine);
              setConflict(null);
            }}
          >
            {b.restoreDraft}
          </button>
        </div>
      )}

      <form className="form admin-banner-form" onSubmit={(event) => void save(event)} noValidate>
        <div className="field admin-banner-form__version">
          <label htmlFor={id('version')}>{b.versionLabel}</label>
          <input
            {...control('version')}
            type="text"
            value={draft.version}
            autoComplete="off"
            spellCheck={false}
            placeholder="2026-12-02"
            onChange={(event) => edit('version', event.target.value)}
          />
          {hint('version', b.versionHint, UPDATE_BANNER_LIMITS.version, draft.version)}
          {problem('version')}
        </div>

        <div className="admin-banner-form__languages">
          {LANGS.map((language) => (
            <fieldset key={language} className="admin-banner-form__language">
              <legend>{b.languages[language]}</legend>
              <div className="field">
                <label htmlFor={id(`title.${language}`)}>{b.titleLabel}</label>
                <input
                  {...control(`title.${language}`)}
                  type="text"
                  lang={language}
                  value={draft.title[language]}
                  autoComplete="off"
                  onChange={(event) => edit(`title.${language}`, event.target.value)}
                />
                {hint(`title.${language}`, b.titleHint, UPDATE_BANNER_LIMITS.title, draft.title[language])}
                {problem(`title.${language}`)}
              </div>
              <div className="field">
                <label htmlFor={id(`body.${language}`)}>{b.bodyLabel}</label>
                <textarea
                  {...control(`body.${language}`)}
                  rows={4}
                  lang={language}
                  value={draft.body[language]}
                  onChange={(event) => edit(`body.${language}`, event.target.value)}
                />
                {hint(`body.${language}`, b.bodyHint, UPDATE_BANNER_LIMITS.body, draft.body[language])}
                {problem(`body.${language}`)}
              </div>
            </fieldset>
          ))}
        </div>

        <section className="admin-banner-form__previews" aria-labelledby={id('preview')}>
          <h3 id={id('preview')} className="admin-banner-form__subtitle">
            {b.previewTitle}
          </h3>
          {LANGS.map((language) => (
            <figure
              key={language}
              className="admin-banner-form__preview"
              data-testid={`admin-banner-preview-${language}`}
            >
              <figcaption>{fill(b.previewLabel, { language: b.languages[language] })}</figcaption>
              <UpdateBannerView
                title={draft.title[language].trim() || b.previewEmpty}
                body={draft.body[language].trim() || b.previewEmpty}
                preview={{ lang: language }}
              />
            </figure>
          ))}
        </section>

        {error && (
          <p className="form__error" role="alert" data-testid="admin-banner-error">
            {error}
          </p>
        )}

        <div className="admin-banner-form__actions">
          {stored && (
            <button
              type="button"
              className="button button--ghost admin-delete"
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
              data-testid="admin-banner-remove"
            >
              {busy === 'remove' ? b.removing : b.remove}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={busy !== null}
            data-testid="admin-banner-save"
          >
            {busy === 'save' ? b.saving : b.save}
          </button>
        </div>
      </form>

      {confirming && (
        <Popup
          title={b.confirmTitle}
          message={b.confirmMessage}
          confirmLabel={b.confirm}
          onConfirm={() => void remove()}
          cancelLabel={b.cancel}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
