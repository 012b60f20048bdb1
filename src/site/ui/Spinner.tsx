import { words as common } from '../../shared/i18n/words/common.js';
import { useText } from '../../client/text.js';

export function Spinner({ full = false }: { full?: boolean }) {
  const t = useText(common);
  return (
    <div className={full ? 'spinner spinner--full' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{t.loading}</span>
    </div>
  );
}
