// Admin page (description §2 "Admin", §3, §5): for administrators only. An upload form that publishes a file
// on the download page (sent with XMLHttpRequest to show its progress), the table of published files, each
// with a download link and a delete button, the members (issue 45), the invitations to sign up, the inquiries
// members sent from the support page, and the admins' log. Everyone else sees an "Admins only" card.
import { useText } from '../../../client/text.js';
import { call } from '../../../client/api.js';
import { useLoad } from '../../../client/use-load.js';
import { AuthButton } from '../../auth/auth-dialog-context.js';
import { useSession } from '../../auth/session.js';
import { PageHero } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { copy, type AdminCopy as Copy } from './copy.js';
import { UploadSection } from './UploadSection.js';
import { FilesSection } from './FilesSection.js';
import { BannerSection } from './BannerSection.js';
import { InquiriesSection } from './InquiriesSection.js';
import { InvitationsSection } from './InvitationsSection.js';
import { MembersSection } from './MembersSection.js';
import { AdminLogSection } from './AdminLogSection.js';
import './admin.css';

export default function AdminPage() {
  const c = useText(copy);
  const { loading, user } = useSession();

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
            <AuthButton mode="login" className="button button--primary">
              {c.denied.login}
            </AuthButton>
          )}
        </section>
      </div>
    );
  }

  return <AdminConsole c={c} />;
}

function AdminConsole({ c }: { c: Copy }) {
  const files = useLoad(() => call('files'));
  const log = useLoad(() => call('adminLog'));
  return (
    <div className="admin">
      <PageHero eyebrow={c.hero.eyebrow} title={c.hero.title} lead={c.hero.lead} />
      <UploadSection c={c} onUploaded={files.reload} />
      <FilesSection c={c} files={files} />
      <MembersSection onChanged={log.reload} />
      <InvitationsSection c={c} onChanged={log.reload} />
      <BannerSection c={c} />
      <InquiriesSection c={c} />
      <AdminLogSection log={log} />
    </div>
  );
}
