// The text the site shares across its pages (navigation, sign-in, errors, the home page, …) and the server
// answers with (error messages). Each page keeps its own text in a copy.ts beside it.
import { defineText, type Widen } from '../text.js';
import { en } from './en.js';
import { ko } from './ko.js';

/** Every catalog has the Korean catalog's shape: a missing or extra key is a type error. */
export type Catalog = Widen<typeof ko>;

export const catalog = defineText(ko, en);
