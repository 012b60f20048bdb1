// The download page's failure lines: what failed here, then what the shared error catalog says about why.
import { catalog } from '../../../shared/i18n/index.js';
import { useText } from '../../../client/text.js';
import { type FailureCode } from '../../../client/api.js';

/** A page-specific error line and, below it, what the shared error catalog says about the failure. */
export function ErrorNote({
  message,
  code,
  testId,
}: {
  message: string;
  code: FailureCode;
  testId?: string;
}) {
  const t = useText(catalog);
  return (
    <div className="form__error download-error" role="alert" data-testid={testId}>
      <p>{message}</p>
      {code !== 'server/internal' && <p className="download-error__detail">{t.errors[code]}</p>}
    </div>
  );
}

/** A list that could not be loaded: the error note and a button to ask again. */
export function LoadFailed({
  message,
  code,
  retryLabel,
  onRetry,
  testId,
}: {
  message: string;
  code: FailureCode;
  retryLabel: string;
  onRetry(): void;
  testId: string;
}) {
  return (
    <div className="download-state">
      <ErrorNote message={message} code={code} testId={testId} />
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
