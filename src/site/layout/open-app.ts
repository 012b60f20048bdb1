import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_PATH, type AppPage } from '../../shared/constants.js';
import { useSession } from '../auth/session.js';
import { currentLanguage } from '../i18n.js';
import { useToast } from '../../client/ui/Toast.js';

export function appUrl(page?: AppPage): string {
  const query = new URLSearchParams({ lang: currentLanguage(), v: String(Date.now()) });
  if (page) query.set('page', page);
  return `${APP_PATH}?${query.toString()}`;
}

/** Opens the MyGenie app in a new tab, or says to log in first (description §5). */
export function useOpenApp(): (page?: AppPage) => void {
  const { user } = useSession();
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    (page?: AppPage) => {
      if (!user) return toast(t('home.loginFirst'));
      window.open(appUrl(page), '_blank', 'noopener');
    },
    [user, toast, t],
  );
}
