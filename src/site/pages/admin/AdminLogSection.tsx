// The admins' log (GET /api/admin/log, issue 45): the newest 50 things admins did to members, invitations and the
// banner, and what the command line did, each with when and who. It asks again after each action on this page.
import { COMMAND_LINE_ACTOR, type AdminLogEntry } from '../../../shared/schemas/members.js';
import { fill, useLanguage, useText } from '../../../client/text.js';
import { usePlural } from '../../../client/plural.js';
import type { Loaded } from '../../../client/use-load.js';
import { formatDateTime } from '../../../client/format.js';
import { Section } from '../../ui/PageParts.js';
import { Spinner } from '../../ui/Spinner.js';
import { LoadFailed } from '../../ui/ErrorNote.js';
import { membersCopy } from './members-copy.js';
import './members.css';

export function AdminLogSection({ log }: { log: Loaded<{ entries: AdminLogEntry[] }> }) {
  const c = useText(membersCopy).log;
  const { lang } = useLanguage();
  const counted = usePlural();

  const what = (entry: AdminLogEntry) =>
    entry.action === 'member.end-sessions'
      ? counted(c.endedSessions, entry.detail ?? 0, { target: entry.target })
      : fill(c.actions[entry.action], { target: entry.target });

  return (
    <Section id="admin-log" title={c.title} lead={c.lead}>
      <div className="admin-log" data-testid="admin-log">
        <div className="admin-log__tools">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={log.loading}
            onClick={log.reload}
          >
            {c.refresh}
          </button>
        </div>
        {!log.data && !log.error && <Spinner />}
        {log.error && (
          <LoadFailed
            message={c.loadFailed}
            code={log.error}
            retryLabel={c.retry}
            onRetry={log.reload}
            testId="admin-log-error"
          />
        )}
        {!log.error && log.data?.entries.length === 0 && (
          <p className="admin-files__empty" data-testid="admin-log-empty">
            {c.empty}
          </p>
        )}
        {!log.error && log.data && log.data.entries.length > 0 && (
          <ol className="admin-log__list" aria-label={c.caption}>
            {log.data.entries.map((entry) => (
              <li key={entry.id} className="admin-log__entry" data-testid="admin-log-entry">
                <time className="admin-log__at" dateTime={entry.at}>
                  {formatDateTime(entry.at, lang)}
                </time>
                <span className="admin-log__who">
                  {entry.actor === COMMAND_LINE_ACTOR ? c.commandLine : entry.actor}
                </span>
                <span className="admin-log__what">{what(entry)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Section>
  );
}
