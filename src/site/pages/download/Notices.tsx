// The notices in the page's language, newest first; administrators also get the form to add one.
import { lazy, Suspense } from 'react';
import { useLanguage } from '../../../client/text.js';
import type { Notice } from '../../../shared/schemas/files.js';
import type { GetPath } from '../../../shared/api/routes.js';
import { request } from '../../../client/api-request.js';
import { useLoad } from '../../../client/use-load.js';
import { useSession } from '../../auth/session.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import type { NoticesCopy as Copy } from './copy.js';
import { NoticeItem } from './NoticeItem.js';
import { withChunkTimeout } from '../../ui/chunk-timeout.js';

// The notices' island wakes with the page: it asks with a request of its own, not the API client and its table of
// routes (the route's path checked against the table by the compiler), and the failure's words load on a failure.
const NOTICES_PATH: GetPath<'notices'> = '/api/notices';
const LoadFailed = lazy(async () => ({ default: (await import('../../ui/ErrorNote.js')).LoadFailed }));

// The form that adds a notice loads for administrators only, not with the page.
const NoticeAddForm = lazy(() =>
  withChunkTimeout(import('./NoticeAdmin.js')).then((module) => ({ default: module.NoticeAddForm })),
);

function newestFirst(notices: Notice[]): Notice[] {
  return [...notices].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The notices' island (/download): an admin's also offer adding, editing and deleting. */
export function NoticesPart({ c }: { c: Copy }) {
  const { user } = useSession();
  return <Notices c={c} isAdmin={user?.isAdmin === true} />;
}

export function Notices({ c, isAdmin }: { c: Copy; isAdmin: boolean }) {
  const { lang } = useLanguage();
  const {
    data: notices,
    error: loadError,
    loading,
    reload,
  } = useLoad(
    async () =>
      newestFirst(
        (await request<{ notices: Notice[] }>('GET', `${NOTICES_PATH}?lang=${lang}`, undefined)).notices,
      ),
    lang,
  );

  let body;
  if (loadError) {
    body = (
      <Suspense fallback={<Spinner />}>
        <LoadFailed
          message={c.notices.loadError}
          code={loadError}
          retryLabel={c.common.retry}
          onRetry={reload}
          testId="notices-error"
        />
      </Suspense>
    );
  } else if (notices === undefined || (loading && notices.length === 0)) {
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
      {isAdmin && (
        <Suspense fallback={null}>
          <NoticeAddForm key={lang} c={c} defaultLang={lang} onAdded={reload} />
        </Suspense>
      )}
      {body}
    </Section>
  );
}
