// The text the site shares across its pages (navigation, sign-in, errors, the home page, …) and the server
// answers with (error messages), one module a section in words/. Each page keeps its own text in a copy.ts beside it.
import { sections } from '../text.js';
import { words as common } from './words/common.js';
import { words as language } from './words/language.js';
import { words as nav } from './words/nav.js';
import { words as footer } from './words/footer.js';
import { words as home } from './words/home.js';
import { words as banner } from './words/banner.js';
import { words as auth } from './words/auth.js';
import { words as biometric } from './words/biometric.js';
import { words as devices } from './words/devices.js';
import { words as passwordField } from './words/password-field.js';
import { words as newLogin } from './words/new-login.js';
import { words as autoLogout } from './words/auto-logout.js';
import { words as errors } from './words/errors.js';
import { words as meta } from './words/meta.js';
import { words as chunkError } from './words/chunk-error.js';
import { words as notFound } from './words/not-found.js';

// The sections (words/*.ts), each in both languages with the same keys (defineText checks them). Korean is the
// default; `errors` holds the messages of the codes the site's pages can meet, the app's own are in app-errors/.
export const catalog = sections({
  common,
  language,
  nav,
  footer,
  home,
  banner,
  auth,
  biometric,
  devices,
  passwordField,
  newLogin,
  autoLogout,
  errors,
  meta,
  chunkError,
  notFound,
});

/** Every catalog has the Korean catalog's shape. */
export type Catalog = (typeof catalog)['ko'];

export { siteErrorMessage } from './site-error-message.js';
