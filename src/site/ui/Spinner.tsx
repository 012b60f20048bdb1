import { useTranslation } from 'react-i18next';

export function Spinner({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'spinner spinner--full' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
