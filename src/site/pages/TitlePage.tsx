import { useTranslation } from 'react-i18next';

/** A page whose content arrives with a later issue: its title and a short line, in both languages. */
export function TitlePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="section section--narrow">
      <h1>{t(titleKey)}</h1>
      <p>{t('common.comingSoon')}</p>
    </section>
  );
}
