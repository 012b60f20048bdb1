// The site's service worker for login notifications (Web Push). A push shows a notification, unless a page of
// the site is open in the foreground: then that page shows it itself. A click opens (or focuses) the site.
// It handles nothing else (no fetch handler, no cache): the app has its own worker under /app/.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const foreground = pages.filter((page) => page.visibilityState === 'visible' && page.focused);
      if (foreground.length > 0) {
        const channel = new BroadcastChannel('mygenie-push');
        channel.postMessage(message);
        channel.close();
        return;
      }
      await self.registration.showNotification(message.title || 'MyGenie', {
        body: message.body || '',
        tag: message.tag || 'login',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: message,
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = pages.find((page) => new URL(page.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow('/');
    })(),
  );
});
