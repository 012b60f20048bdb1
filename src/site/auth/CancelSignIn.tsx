// "Cancel this sign-in": a sign-in waiting for approval (or for its mailed code) ends here, on the home page, in
// the header and in the code's dialog alike.
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';
import { useToast } from '../../client/ui/Toast.js';
import { useSession } from './session.js';

export function CancelSignIn({ className = 'button button--ghost' }: { className?: string }) {
  const t = useText(catalog);
  const session = useSession();
  const toast = useToast();
  return (
    <button
      type="button"
      className={className}
      onClick={() => session.logout().catch(() => toast(t.auth.defaults.logout))}
    >
      {t.auth.pending.cancel}
    </button>
  );
}
