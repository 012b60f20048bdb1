// The addresses the website has a page at (description §2, and the mailed-link pages): the server answers any
// other page address with 404 and the not-found page, and the site's router must know each of these.

export const SITE_PAGES = [
  '/',
  '/how-to-use',
  '/features',
  '/security',
  '/download',
  '/fortune',
  '/privacy',
  '/terms',
  '/support',
  '/admin',
  '/auth/action',
  '/unsubscribe',
] as const;

/** Whether an address's path is one of the site's pages, as the router matches it: a trailing slash and case aside. */
export function isSitePage(pathname: string): boolean {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return (SITE_PAGES as readonly string[]).includes(path);
}
