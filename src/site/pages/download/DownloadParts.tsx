// The download page's island of the program button and file list for signed-in members (a login prompt otherwise)
// with the member's own documents, woken when a member is here or a visitor reaches the prompt (the notices are an
// island of their own: Notices.tsx). Its words, in the page's language, come as props.
import { lazy, Suspense } from 'react';
import type { FilesCopy } from './copy.js';
import { useSession } from '../../auth/session.js';
import { LoginRequired } from '../../ui/LoginRequired.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { withChunkTimeout } from '../../ui/chunk-timeout.js';

// For signed-in members only: their code loads when a member is there, not with the page.
const Downloads = lazy(() =>
  withChunkTimeout(import('./Downloads.js')).then((module) => ({ default: module.Downloads })),
);
const MyDocuments = lazy(() =>
  withChunkTimeout(import('./MyDocuments.js')).then((module) => ({ default: module.MyDocuments })),
);

/** The program and its files, and the member's documents; a visitor's login prompt, held unseen until read. */
export function FilesPart({ c }: { c: FilesCopy }) {
  const { loading, user } = useSession();
  const member = !loading && user;
  return (
    <>
      <Section id="downloads" title={c.downloads.title} lead={c.downloads.lead}>
        {member ? (
          <Suspense fallback={<Spinner />}>
            <Downloads key={member.uid} c={c} />
          </Suspense>
        ) : (
          <LoginRequired
            testId="download-login-required"
            wait={loading}
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
      {member && (
        <Section id="my-documents" title={c.documents.title} lead={c.documents.lead}>
          <Suspense fallback={<Spinner />}>
            <MyDocuments key={member.uid} c={c} />
          </Suspense>
        </Section>
      )}
    </>
  );
}
