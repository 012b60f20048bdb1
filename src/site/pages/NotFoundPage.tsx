import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';

export function NotFoundPage() {
  const t = useText(catalog);
  return (
    <section className="section section--narrow">
      <h1>{t.notFound.title}</h1>
      <p>{t.notFound.body}</p>
      <a className="button button--primary" href="/">
        {t.notFound.home}
      </a>
    </section>
  );
}
