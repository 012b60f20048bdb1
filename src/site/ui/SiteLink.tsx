// Links of the site: each page is a document of its own (prerendered, cached, revalidated), so a link is a plain
// <a href> the browser follows. A navigation link knows the page it is on from the page's path, which the
// prerender names and the browser reads from its address.
import { createContext, useContext, type ReactNode } from 'react';

/** A page's path as the site matches it: without a trailing slash, in lower case. */
export function pagePath(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}

const PagePath = createContext<string | null>(null);

/** Names the page's path for what is below (the prerender renders each page at its path). */
export function PagePathProvider({ path, children }: { path: string; children: ReactNode }) {
  return <PagePath.Provider value={path}>{children}</PagePath.Provider>;
}

/** The path of the page on screen. */
export function usePagePath(): string {
  const named = useContext(PagePath);
  return named ?? pagePath(typeof window === 'undefined' ? '/' : window.location.pathname);
}

export function SiteLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

/** A navigation link, marked as the current page on its path (and below it, unless `end`). */
export function SiteNavLink({
  to,
  end = false,
  children,
}: {
  to: string;
  end?: boolean;
  children: ReactNode;
}) {
  const here = usePagePath();
  const active = here === to || (!end && here.startsWith(`${to}/`));
  return (
    <a href={to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
      {children}
    </a>
  );
}
