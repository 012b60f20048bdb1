// The words the header's controls show on every page, and only those: the navigation's and language switch's
// labels, the account controls' (a sign-in waiting, the welcome line, a failed logout), the auto logout's notice
// and the admins' version line. The catalog's keys, so a control reads `t.nav.login` as anywhere else.
import { sections } from '../../shared/text.js';
import { words as nav } from '../../shared/i18n/words/nav.js';
import { words as language } from '../../shared/i18n/words/language.js';
import { words as footer } from '../../shared/i18n/words/footer.js';
import { words as autoLogout } from '../../shared/i18n/words/auto-logout.js';
import { words as auth } from '../../shared/i18n/words/auth-account.js';
import { words as home } from '../../shared/i18n/words/home-account.js';

export const headerWords = sections({ nav, language, footer, autoLogout, auth, home });
