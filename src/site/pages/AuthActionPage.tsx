// Where the mailed links land: verifies the e-mail or applies the new password, then offers to log in.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ActionResponse } from '../../shared/schemas/auth.js';
import { api, failureCode } from '../api.js';
import { useAuthDialog } from '../auth/auth-dialog-context.js';
import { useSession } from '../auth/session.js';
import { Spinner } from '../ui/Spinner.js';

// One request per link, even when React runs the effect twice.
const applied = new Map<string, Promise<ActionResponse>>();

type State =
  | { status: 'working' }
  | { status: 'done'; kind: ActionResponse['kind'] }
  | { status: 'failed'; messageKey: string };

export function AuthActionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('oobCode') ?? '';
  const openDialog = useAuthDialog();
  const session = useSession();
  const [state, setState] = useState<State>(
    token ? { status: 'working' } : { status: 'failed', messageKey: 'action.missing' },
  );
  const { refresh } = session;

  useEffect(() => {
    if (!token) return;
    let request = applied.get(token);
    if (!request) {
      request = api<ActionResponse>('POST', '/api/auth/action', { token });
      applied.set(token, request);
    }
    request
      .then((result) => {
        setState({ status: 'done', kind: result.kind });
        if (result.kind === 'resetPassword') void refresh();
      })
      .catch((error: unknown) => {
        const code = failureCode(error);
        setState({ status: 'failed', messageKey: code === 'network' ? 'errors.network' : `errors.${code}` });
      });
  }, [token, refresh]);

  return (
    <section className="section section--narrow action-page">
      <h1>{t('action.title')}</h1>
      {state.status === 'working' && (
        <>
          <Spinner />
          <p>{t('action.working')}</p>
        </>
      )}
      {state.status === 'done' && (
        <p className="action-page__result" role="status">
          {state.kind === 'verifyEmail' ? t('action.verified') : t('action.passwordChanged')}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="form__error" role="alert">
          {t(state.messageKey)}
        </p>
      )}
      <div className="hero__actions">
        {state.status !== 'working' && !session.user && (
          <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
            {t('action.login')}
          </button>
        )}
        <Link className="button button--ghost" to="/">
          {t('action.home')}
        </Link>
      </div>
    </section>
  );
}
