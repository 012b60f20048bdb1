// The page's address as a way in: a parameter read once (the auth dialog to open, an invited address), then tidied.

/** Reads a parameter of the page's address and takes it out of the address (the router's entry stays as it is). */
export function takeQueryParam(name: string): string | null {
  const query = new URLSearchParams(window.location.search);
  const value = query.get(name);
  if (value === null) return null;
  query.delete(name);
  const rest = query.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${rest ? `?${rest}` : ''}`,
  );
  return value;
}
