// The card a visitor meets where a page is for members only (the downloads, the fortune): what signing in
// gives, and Login and Register buttons that open the auth dialog in that mode.
import { AuthButton } from '../auth/auth-dialog-context.js';
import { Icon } from './icons.js';
import { sessionWait } from './session-wait.js';

export interface LoginRequiredCopy {
  title: string;
  body: string;
  note: string;
  login: string;
  register: string;
}

export function LoginRequired({
  copy,
  heading: Heading = 'h3',
  testId,
  wait = false,
}: {
  copy: LoginRequiredCopy;
  /** The title's level in the page's outline. */
  heading?: 'h2' | 'h3';
  testId: string;
  /** The session is unread: the card holds its place unseen until the page says a visitor is here. */
  wait?: boolean;
}) {
  return (
    <div className="card login-required" data-testid={testId} {...sessionWait(wait)}>
      <span className="card__icon">
        <Icon name="lock" />
      </span>
      <Heading>{copy.title}</Heading>
      <p className="login-required__body">{copy.body}</p>
      <p>{copy.note}</p>
      <div className="login-required__actions">
        <AuthButton mode="login" className="button button--primary">
          {copy.login}
        </AuthButton>
        <AuthButton mode="register" className="button button--ghost">
          {copy.register}
        </AuthButton>
      </div>
    </div>
  );
}
