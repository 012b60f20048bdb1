import { useCallback } from 'react';
import { sections } from '../../shared/text.js';
import { words as account } from '../../shared/i18n/words/home-account.js';
import { activeLanguage, useText } from '../../client/text.js';
import { APP_PATH, type AppPage } from '../../shared/constants.js';
import { useSession } from '../auth/session.js';
import { useToast } from '../../client/ui/Toast.js';

const words = sections({ home: account });

export function appUrl(page?: AppPage): string {
  const query = new URLSearchParams({ lang: activeLanguage(), v: String(Date.now()) });
  if (page) query.set('page', page);
  return `${APP_PATH}?${query.toString()}`;
}

/** Opens the MyGenie app in a new tab, or says to log in first (description §5). */
export function useOpenApp(): (page?: AppPage) => void {
  const { user } = useSession();
  const toast = useToast();
  const t = useText(words);
  return useCallback(
    (page?: AppPage) => {
      if (!user) return toast(t.home.loginFirst);
      window.open(appUrl(page), '_blank', 'noopener');
    },
    [user, toast, t],
  );
}
