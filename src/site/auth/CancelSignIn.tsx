// "Cancel this sign-in": a sign-in waiting for approval (or for its mailed code) ends here, on the home page, in
// the header and in the code's dialog alike.
import { sections } from '../../shared/text.js';
import { words as account } from '../../shared/i18n/words/auth-account.js';
import { useText } from '../../client/text.js';
import { useToast } from '../../client/ui/Toast.js';
import { useSession } from './session.js';

const words = sections({ auth: account });

export function CancelSignIn({ className = 'button button--ghost' }: { className?: string }) {
  const t = useText(words);
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
