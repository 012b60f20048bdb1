import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';
import { Link } from 'react-router';

export function NotFoundPage() {
  const t = useText(catalog);
  return (
    <section className="section section--narrow">
      <h1>{t.notFound.title}</h1>
      <p>{t.notFound.body}</p>
      <Link className="button button--primary" to="/">
        {t.notFound.home}
      </Link>
    </section>
  );
}
