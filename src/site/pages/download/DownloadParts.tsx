// The download page's island (/download): the notices in the page's language (admins add, edit and delete them),
// the program button and file list for signed-in members (a login prompt otherwise) and the member's own
// documents. Data is fetched after the first render, so the prerendered HTML holds a spinner for each.
import { lazy, Suspense } from 'react';
import type { DownloadPartsCopy as Copy } from './copy.js';
import { useSession } from '../../auth/session.js';
import { LoginRequired } from '../../ui/LoginRequired.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { Notices } from './Notices.js';
import { withChunkTimeout } from '../../ui/chunk-timeout.js';

// For signed-in members only: their code loads when a member is there, not with the page.
const Downloads = lazy(() =>
  withChunkTimeout(import('./Downloads.js')).then((module) => ({ default: module.Downloads })),
);
const MyDocuments = lazy(() =>
  withChunkTimeout(import('./MyDocuments.js')).then((module) => ({ default: module.MyDocuments })),
);

/** `c`: the page's words for its parts, in the page's language. */
export function DownloadParts({ c }: { c: Copy }) {
  const { loading, user } = useSession();
  return (
    <>
      <Notices c={c} isAdmin={user?.isAdmin === true} />
      <Section id="downloads" title={c.downloads.title} lead={c.downloads.lead}>
        {loading ? (
          <Spinner />
        ) : user ? (
          <Suspense fallback={<Spinner />}>
            <Downloads key={user.uid} c={c} />
          </Suspense>
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
          <Suspense fallback={<Spinner />}>
            <MyDocuments key={user.uid} c={c} />
          </Suspense>
        </Section>
      )}
    </>
  );
}
