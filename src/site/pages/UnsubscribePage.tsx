// Where the opt-out link of update e-mails lands: it opts the member out and says so.
import { useEffect, useState } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { textAt, useText } from '../../client/text.js';
import { call, failureCode } from '../../client/api.js';
import { Spinner } from '../ui/Spinner.js';
import { actionText } from './action-copy.js';
import { unsubscribeText } from './unsubscribe-copy.js';

const requested = new Map<string, Promise<unknown>>();

export function UnsubscribePage() {
  const t = useText(catalog);
  const words = useText(unsubscribeText);
  const action = useText(actionText);
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const token = params.get('token') ?? '';
  const [state, setState] = useState<
    { status: 'working' | 'done' } | { status: 'failed'; key: `errors.${string}` | null }
  >(token ? { status: 'working' } : { status: 'failed', key: null });

  useEffect(() => {
    if (!token) return;
    let request = requested.get(token);
    if (!request) {
      request = call('unsubscribe', { body: { token } });
      requested.set(token, request);
    }
    request
      .then(() => setState({ status: 'done' }))
      .catch((error: unknown) => {
        const code = failureCode(error);
        setState({ status: 'failed', key: code === 'network' ? 'errors.network' : `errors.${code}` });
      });
  }, [token]);

  return (
    <section className="section section--narrow">
      <h1>{words.title}</h1>
      {state.status === 'working' && (
        <>
          <Spinner />
          <p>{words.working}</p>
        </>
      )}
      {state.status === 'done' && (
        <p className="action-page__result" role="status">
          {words.done}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="form__error" role="alert">
          {state.key ? textAt(t, state.key) : words.missing}
        </p>
      )}
      <a className="button button--ghost" href="/">
        {action.home}
      </a>
    </section>
  );
}
