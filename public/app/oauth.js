// The Google sign-in popup lands here (redirect_uri): it hands the answer in the URL fragment back to the app
// over a BroadcastChannel (the site's opener policy cuts the popup off from window.opener), then closes.
// A plain script (CSP: script-src 'self'), copied as-is to the build; the app's side is src/app/backup/google-drive.ts.
(() => {
  const params = new URLSearchParams(location.hash.slice(1));
  // The token must not stay in this page's address or history.
  history.replaceState(null, '', location.pathname + location.search);

  /** @type {{ state: string, accessToken?: string, expiresIn?: number, error?: string }} */
  const answer = { state: params.get('state') ?? '' };
  const accessToken = params.get('access_token');
  const expiresIn = Number(params.get('expires_in'));
  const error = params.get('error');
  if (error) answer.error = error;
  else if (accessToken) {
    answer.accessToken = accessToken;
    if (Number.isFinite(expiresIn) && expiresIn > 0) answer.expiresIn = expiresIn;
  } else answer.error = 'no_token';

  const channel = new BroadcastChannel('mygenie-oauth');
  channel.postMessage(answer);
  channel.close();
  // Refused when the browser no longer counts this window as opened by a script: the page's line then says so.
  window.close();
})();
