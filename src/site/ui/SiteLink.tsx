// Links of the site's frame (brand, navigation, footer): a plain <a href> that the router follows without
// reloading the page. React Router's Link resolves its target against the route matches on every render (the
// matches turned to JSON and back, for each link); the frame's eleven links took a third of hydrating a page on a
// phone. Its targets are absolute paths of the site, which need none of that.
import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

const Navigate = createContext<((to: string) => void) | null>(null);

/** Gives the links below it the router's navigation, asked for once. */
export function SiteLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useMemo(() => (to: string) => void navigate(to), [navigate]);
  return <Navigate.Provider value={follow}>{children}</Navigate.Provider>;
}

function useFollow(to: string): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useContext(Navigate);
  return (event) => {
    // A new tab, a download or a modified click stays the browser's.
    if (!navigate || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
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
    <a href={to} className={className} onClick={useFollow(to)}>
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
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, '') || '/';
  const active = here === to || (!end && here.startsWith(`${to}/`));
  return (
    <a
      href={to}
      className={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
      onClick={useFollow(to)}
    >
      {children}
    </a>
  );
}
