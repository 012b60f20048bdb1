// One notice: opens to its content; administrators edit it in place or delete it after a confirmation (their
// controls, NoticeAdmin.tsx, load only for them, not with the page).
import { lazy, Suspense, useId, useState } from 'react';
import { useLanguage } from '../../../client/text.js';
import type { Notice } from '../../../shared/schemas/files.js';
import { formatInstantDate } from '../../../client/format.js';
import type { NoticesCopy as Copy } from './copy.js';
import { withChunkTimeout } from '../../ui/chunk-timeout.js';

const NoticeAdmin = lazy(() =>
  withChunkTimeout(import('./NoticeAdmin.js')).then((module) => ({ default: module.NoticeAdmin })),
);

export function NoticeItem({
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
  const id = useId();
  const panelId = `${id}-panel`;
  const [expanded, setExpanded] = useState(false);
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
            {formatInstantDate(notice.createdAt, lang)}
          </time>
          <span className="download-notice__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div id={panelId} className="download-notice__panel" hidden={!expanded}>
        <p className="download-notice__content">{notice.content}</p>
      </div>

      {isAdmin && (
        <Suspense fallback={null}>
          <NoticeAdmin c={c} notice={notice} onChanged={onChanged} />
        </Suspense>
      )}
    </li>
  );
}
