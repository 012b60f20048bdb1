// The home page's call to action, an island woken as a visitor reaches for it: install the app (the browser's own
// prompt, or a note where there is none) and open it.
import { useState } from 'react';
import { Popup } from '../../client/ui/Popup.js';
import { useToast } from '../../client/ui/Toast.js';
import { promptInstall } from '../layout/install.js';
import { useOpenApp } from '../layout/open-app.js';

/** Its words, in the page's language. */
export interface HomeCtaText {
  install: string;
  openApp: string;
  installUnsupported: string;
  installDone: string;
  noticeTitle: string;
  ok: string;
}

export function HomeCta({ text }: { text: HomeCtaText }) {
  const openApp = useOpenApp();
  const toast = useToast();
  const [installMessage, setInstallMessage] = useState<string | null>(null);

  async function install() {
    const outcome = await promptInstall();
    if (outcome === 'unsupported') setInstallMessage(text.installUnsupported);
    if (outcome === 'accepted') toast(text.installDone);
  }

  return (
    <div className="cta__actions">
      <button type="button" className="button button--light button--large" onClick={() => void install()}>
        {text.install}
      </button>
      <button type="button" className="button button--accent button--large" onClick={() => openApp()}>
        {text.openApp}
      </button>
      {installMessage && (
        <Popup
          title={text.noticeTitle}
          message={installMessage}
          confirmLabel={text.ok}
          onConfirm={() => setInstallMessage(null)}
        />
      )}
    </div>
  );
}
