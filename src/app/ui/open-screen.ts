// Opening another of the app's screens from inside one (an empty list's "Import", a search result), as the tabs
// do: the address changes (so Back returns), and the app, which follows the address, shows the screen.

/** Opens `page` (an app screen's name) with `params` in the address; the frame follows the popstate it hears. */
export function openScreen(page: string, params: Record<string, string> = {}): void {
  const query = new URLSearchParams(window.location.search);
  query.set('page', page);
  query.delete('v');
  for (const [name, value] of Object.entries(params)) query.set(name, value);
  window.history.pushState(null, '', `?${query.toString()}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
  window.scrollTo(0, 0);
}
