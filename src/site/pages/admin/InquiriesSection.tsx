// Member inquiries (GET /api/inquiries), newest first; each message is shown as plain text.
import { useLanguage } from '../../../client/text.js';
import { call } from '../../../client/api.js';
import { useLoad } from '../../../client/use-load.js';
import { formatDateTime } from '../../../client/format.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import type { AdminCopy as Copy } from './copy.js';
import { LoadFailed } from '../../ui/ErrorNote.js';

function replyLink(email: string, subject: string): string {
  const address = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

export function InquiriesSection({ c }: { c: Copy }) {
  const { lang } = useLanguage();
  const list = useLoad(async () =>
    [...(await call('inquiries')).inquiries].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  );

  return (
    <Section id="admin-inquiries" title={c.inquiries.title} lead={c.inquiries.lead}>
      <div className="admin-inquiries" data-testid="admin-inquiries">
        {!list.data && !list.error && <Spinner />}

        {list.error && (
          <LoadFailed
            message={c.inquiries.loadFailed}
            code={list.error}
            retryLabel={c.inquiries.retry}
            onRetry={list.reload}
            testId="admin-inquiries-error"
          />
        )}

        {!list.error && list.data && (
          <div className="admin-inquiries__tools">
            <button type="button" className="button button--ghost button--small" onClick={list.reload}>
              {c.inquiries.refresh}
            </button>
          </div>
        )}

        {!list.error && list.data?.length === 0 && (
          <p className="admin-files__empty" data-testid="admin-inquiries-empty">
            {c.inquiries.empty}
          </p>
        )}

        {!list.error && list.data && list.data.length > 0 && (
          <ul className="admin-inquiries__list">
            {list.data.map((inquiry) => (
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
