// The home hero's actions, an island woken when a member is here or a visitor reaches for them: Login and Register
// for a visitor (held unseen until the session is read), the welcome line with Open app, Change password and
// Logout for a member, and a sign-in waiting for approval with its cancel (or the panel for its mailed code).
import { lazy, Suspense } from 'react';
import { sections } from '../../shared/text.js';
import { words as account } from '../../shared/i18n/words/auth-account.js';
import { words as homeAccount } from '../../shared/i18n/words/home-account.js';
import { words as nav } from '../../shared/i18n/words/nav.js';
import { fill, useText } from '../../client/text.js';
import { useToast } from '../../client/ui/Toast.js';
import { AuthButton } from '../auth/auth-dialog-context.js';
import { CancelSignIn } from '../auth/CancelSignIn.js';
import { localPart, useSession } from '../auth/session.js';
import { useOpenApp } from '../layout/open-app.js';
import { sessionWait } from '../ui/session-wait.js';
import { Spinner } from '../ui/Spinner.js';

// The words the header's controls show too (they travel with its code); the home page's own come as props.
const words = sections({ auth: account, home: homeAccount, nav });

// Only a sign-in waiting for a mailed code shows it: its code loads then.
const SignInCodePanel = lazy(async () => ({
  default: (await import('../auth/SignInCode.js')).SignInCodePanel,
}));

/** The home page's words the actions show, in the page's language. */
export interface HeroActionsText {
  welcomeSub: string;
  openApp: string;
}

export function HeroActions({ text }: { text: HeroActionsText }) {
  const t = useText(words);
  const session = useSession();
  const openApp = useOpenApp();
  const toast = useToast();

  if (session.pending && !session.loading) {
    return (
      <div
        className="hero__welcome hero__pending"
        data-testid="pending"
        role={session.pending.confirmBy === 'code' ? undefined : 'status'}
      >
        {session.pending.confirmBy === 'code' ? (
          <Suspense fallback={<Spinner />}>
            <SignInCodePanel email={session.pending.email} />
          </Suspense>
        ) : (
          <>
            <p className="welcome-line">{t.auth.pending.title}</p>
            <p className="hero__sub">{fill(t.auth.pending.message, { email: session.pending.email })}</p>
            <p className="hero__sub">{t.auth.pending.how}</p>
          </>
        )}
        <div className="hero__actions">
          <CancelSignIn className="button button--ghost button--large" />
        </div>
      </div>
    );
  }
  if (session.user && !session.loading) {
    return (
      <div className="hero__welcome">
        <p className="welcome-line" data-testid="welcome">
          {fill(t.home.welcome, { name: localPart(session.user.email) })}
        </p>
        <p className="hero__sub">{text.welcomeSub}</p>
        <div className="hero__actions">
          <button type="button" className="button button--primary button--large" onClick={() => openApp()}>
            {text.openApp}
          </button>
          <AuthButton mode="register" className="button button--ghost button--large">
            {t.auth.changeTitle}
          </AuthButton>
          <button
            type="button"
            className="button button--ghost button--large"
            onClick={() => session.logout().catch(() => toast(t.auth.defaults.logout))}
          >
            {t.nav.logout}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="hero__actions" {...sessionWait(session.loading)}>
      <AuthButton mode="login" className="button button--primary button--large">
        {t.nav.login}
      </AuthButton>
      <AuthButton mode="register" className="button button--ghost button--large">
        {t.nav.register}
      </AuthButton>
    </div>
  );
}
