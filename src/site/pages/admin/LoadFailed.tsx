// An admin section whose list could not be loaded: what failed and why, in one line, and a retry button.
import { catalog } from '../../../shared/i18n/index.js';
import { useText } from '../../../client/text.js';
import type { FailureCode } from '../../../client/api.js';

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
  const t = useText(catalog);
  return (
    <div className="admin-files__failed" data-testid={testId}>
      <p className="form__error" role="alert">
        {message} {t.errors[code]}
      </p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
