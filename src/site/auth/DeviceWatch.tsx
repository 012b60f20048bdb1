// While a member is signed in, this device listens for live news (the page's one stream, src/client/live-events.ts):
// a sign-in on a new device asks "a new login — is this you?" here (src/client/ui/NewLoginPrompts.tsx); the member
// confirms with the master key, which is checked on this device against the app's verifier (docs/design.md §3.4);
// "no" or a wrong key blocks the new sign-in and signs this device out with the description's message. When this
// device's own session ends elsewhere, the page follows at once. A sign-in of this browser still waiting for
// approval hears here when it is approved or refused.
import { useEffect } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../../client/text.js';
import { listenLive } from '../../client/live-events.js';
import { NewLoginPrompts } from '../../client/ui/NewLoginPrompts.js';
import { useToast } from '../../client/ui/Toast.js';
import { checkDeviceMasterKey } from './master-key-store.js';
import { PUSH_CHANNEL } from './push.js';
import { isEndingHere, markEndingHere, useSession } from './session.js';

const checkMasterKey = async (masterKey: string) => (await checkDeviceMasterKey(masterKey)) === 'ok';

export function DeviceWatch() {
  const t = useText(catalog);
  const session = useSession();
  const toast = useToast();
  const signedIn = Boolean(session.user);
  const waitingHere = Boolean(session.pending);

  useEffect(() => {
    if (!signedIn && !waitingHere) return;
    return listenLive({
      approved: () => {
        toast(t.auth.pending.approved);
        void session.refresh();
      },
      'signed-out': () => {
        // Ended by this page itself: it says so in its own words.
        if (isEndingHere()) return;
        toast(waitingHere ? t.auth.pending.refused : t.newLogin.signedOutHere);
        void session.refresh();
      },
    });
  }, [signedIn, waitingHere, session, t, toast]);

  // A login notification while this page is in the foreground: the service worker hands it here to show.
  useEffect(() => {
    if (!signedIn || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(PUSH_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ title?: string; body?: string }>) => {
      const { title = '', body = '' } = event.data ?? {};
      if (body) toast(title ? `${title} — ${body}` : body);
    };
    return () => channel.close();
  }, [signedIn, toast]);

  return signedIn ? (
    <NewLoginPrompts
      checkMasterKey={checkMasterKey}
      onBlocking={markEndingHere}
      onBlockedSeen={() => void session.refresh()}
    />
  ) : null;
}
