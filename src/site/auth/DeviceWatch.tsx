// While a member is signed in, this device listens for live news (the page's one stream, src/client/live-events.ts):
// a sign-in on a new device asks "a new login — is this you?" here (src/client/ui/NewLoginPrompts.tsx) — only where
// this device can check the master key (the app left its verifier here), which it tells the server so that it is the
// device asked; the member confirms with the master key, checked on this device against that verifier
// (docs/design.md §3.4); "no" or a wrong key blocks the new sign-in and signs this device out with the description's
// message. A device without the verifier is never asked: where no device can answer, the new sign-in is confirmed
// with a code mailed to the member (SignInCode.tsx). When this device's own session ends elsewhere, the page follows
// at once. A sign-in of this browser still waiting for approval hears here when it is approved or refused.
import { useEffect, useState } from 'react';
import { sections } from '../../shared/text.js';
import { words as account } from '../../shared/i18n/words/auth-account.js';
import { words as newLogin } from '../../shared/i18n/words/new-login.js';
import { useText } from '../../client/text.js';
import { call } from '../../client/api.js';
import { listenLive } from '../../client/live-events.js';
import { NewLoginPrompts } from '../../client/ui/NewLoginPrompts.js';
import { useToast } from '../../client/ui/Toast.js';
import { checkDeviceMasterKey, hasDeviceMasterKey, MASTER_KEY_STORAGE_KEY } from './master-key-store.js';
import { PUSH_CHANNEL } from './push.js';
import { isEndingHere, markEndingHere, useSession } from './session.js';

const words = sections({ auth: account, newLogin });

const checkMasterKey = async (masterKey: string) => (await checkDeviceMasterKey(masterKey)) === 'ok';

export function DeviceWatch() {
  const t = useText(words);
  const session = useSession();
  const toast = useToast();
  const signedIn = Boolean(session.user);
  const waitingHere = Boolean(session.pending);
  const byCode = session.pending?.confirmBy === 'code';
  const canConfirm = useCanConfirm(signedIn);

  useEffect(() => {
    if (!signedIn && !waitingHere) return;
    return listenLive({
      approved: () => {
        // Confirmed with the mailed code on this page: the code form said so already.
        if (!byCode) toast(t.auth.pending.approved);
        void session.refresh();
      },
      'signed-out': () => {
        // Ended by this page itself: it says so in its own words.
        if (isEndingHere()) return;
        toast(waitingHere ? t.auth.pending.refused : t.newLogin.signedOutHere);
        void session.refresh();
      },
    });
  }, [signedIn, waitingHere, byCode, session, t, toast]);

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

  return signedIn && canConfirm ? (
    <NewLoginPrompts
      checkMasterKey={checkMasterKey}
      onBlocking={markEndingHere}
      onBlockedSeen={() => void session.refresh()}
    />
  ) : null;
}

/**
 * Whether this device can check the master key (it holds the verifier, or the app writes it later in another tab);
 * while signed in and able, the server is told, so that this is a device asked about new sign-ins.
 */
function useCanConfirm(signedIn: boolean): boolean {
  const [able, setAble] = useState(hasDeviceMasterKey);
  useEffect(() => {
    const heard = (event: StorageEvent) => {
      if (event.key === null || event.key === MASTER_KEY_STORAGE_KEY) setAble(hasDeviceMasterKey());
    };
    window.addEventListener('storage', heard);
    return () => window.removeEventListener('storage', heard);
  }, []);
  useEffect(() => {
    if (signedIn && able) void call('sessionCanConfirm', {}).catch(() => undefined);
  }, [signedIn, able]);
  return able;
}
