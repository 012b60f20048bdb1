// Notice / download page (/download): notices in the page's language (admins add, edit and delete them), the
// program button and file list for signed-in members (a login prompt otherwise), the member's own documents,
// the download FAQ and the patent, copyright and trademark cards. Data is fetched after the first render, so the
// prerendered HTML holds only the static parts and a spinner.
import { lazy, Suspense } from 'react';
import { useText } from '../../../client/text.js';
import { copy } from './copy.js';
import { useSession } from '../../auth/session.js';
import { LoginRequired } from '../../ui/LoginRequired.js';
import { PageHero, Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { Notices } from './Notices.js';
import { Faq } from './Faq.js';
import { Legal } from './Legal.js';
import { withChunkTimeout } from '../../ui/chunk-timeout.js';
import './download.css';

// For signed-in members only: their code loads when a member is there, not with the page.
const Downloads = lazy(() =>
  withChunkTimeout(import('./Downloads.js')).then((module) => ({ default: module.Downloads })),
);
const MyDocuments = lazy(() =>
  withChunkTimeout(import('./MyDocuments.js')).then((module) => ({ default: module.MyDocuments })),
);

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
      <Faq c={c} />
      <Legal c={c} />
    </div>
  );
}
