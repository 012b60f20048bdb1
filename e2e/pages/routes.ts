// The public pages of the site, each with the title its page shows in each language.
import { catalog } from '../../src/shared/i18n/index.js';
import { copy as downloadCopy } from '../../src/site/pages/download/copy.js';
import { copy as featuresCopy } from '../../src/site/pages/features/copy.js';
import { copy as fortuneCopy } from '../../src/site/pages/fortune/copy.js';
import { copy as howToUseCopy } from '../../src/site/pages/how-to-use/copy.js';
import { copy as privacyCopy } from '../../src/site/pages/privacy/copy.js';
import { copy as securityCopy } from '../../src/site/pages/security/copy.js';
import { copy as supportCopy } from '../../src/site/pages/support/copy.js';
import { copy as termsCopy } from '../../src/site/pages/terms/copy.js';
import type { Lang } from './site.js';

export const PUBLIC_ROUTES: Array<{ path: string; title: (lang: Lang) => string }> = [
  { path: '/', title: (lang) => catalog[lang].home.heroTitle },
  { path: '/features', title: (lang) => featuresCopy[lang].hero.title },
  { path: '/how-to-use', title: (lang) => howToUseCopy[lang].hero.title },
  { path: '/security', title: (lang) => securityCopy[lang].hero.title },
  { path: '/support', title: (lang) => supportCopy[lang].hero.title },
  { path: '/privacy', title: (lang) => privacyCopy[lang].meta.title.split(' | ')[0]! },
  { path: '/terms', title: (lang) => termsCopy[lang].meta.title.split(' | ')[0]! },
  { path: '/download', title: (lang) => downloadCopy[lang].hero.title },
  { path: '/fortune', title: (lang) => fortuneCopy[lang].hero.title },
];
