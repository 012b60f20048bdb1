// A failure on a site page: what failed here, then what the shared error catalog says about why; for a list
// that could not be loaded, with a button to ask again.
import { siteErrorMessage } from '../../shared/i18n/site-error-message.js';
import { words as errors } from '../../shared/i18n/words/errors.js';
import { useText } from '../../client/text.js';
import { type FailureCode } from '../../client/api.js';

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
  const messages = useText(errors);
  return (
    <div className="form__error error-note" role="alert" data-testid={testId}>
      <p>{message}</p>
      {code !== 'server/internal' && <p className="error-note__detail">{siteErrorMessage(messages, code)}</p>}
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
    <div className="load-failed" data-testid={testId}>
      <ErrorNote message={message} code={code} />
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
