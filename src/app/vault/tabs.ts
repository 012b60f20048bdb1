// News between this member's tabs of the app on one device (a BroadcastChannel): each tab says which records it
// wrote — its own edits, changes sync applied, a restore — so the others read them again from the disk, and a form
// left open there says its record changed and merges when saved.

export type VaultNews =
  /** These records were written or deleted. */
  | { ids: string[] }
  /** Everything may have changed (a restore). */
  | { all: true };

export interface TabNews {
  post(news: VaultNews): void;
  /** Calls `handler` with every other tab's news; answers the way to stop. */
  listen(handler: (news: VaultNews) => void): () => void;
  close(): void;
}

function isNews(value: unknown): value is VaultNews {
  const news = value as { ids?: unknown; all?: unknown } | null;
  return (Array.isArray(news?.ids) && news.ids.every((id) => typeof id === 'string')) || news?.all === true;
}

/**
 * A channel named `name` between the tabs of this browser; null where there are no BroadcastChannels. Closed, it
 * opens again when used (a vault closed and loaded again, as React's StrictMode does with an effect).
 */
export function tabNews(name: string): TabNews | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let channel: BroadcastChannel | null = null;
  const open = () => (channel ??= new BroadcastChannel(name));
  return {
    post: (news) => open().postMessage(news),
    listen(handler) {
      const onMessage = (event: MessageEvent<unknown>) => {
        if (isNews(event.data)) handler(event.data);
      };
      const listening = open();
      listening.addEventListener('message', onMessage);
      return () => listening.removeEventListener('message', onMessage);
    },
    close: () => {
      channel?.close();
      channel = null;
    },
  };
}
