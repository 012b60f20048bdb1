// The fortune page's stage (/fortune, description §2 "Fortune"), an island of the page: a spinner while the
// session loads; a signed-in member (verified, or offline the member last signed in on this device) gets the
// embed /fortune-embed/ in a frame that grows with it; a visitor gets the Login Required card. The page shows the
// embed's overlay when asked, tells it the language (at load and on every switch) and passes the AI key stored on
// this device. Messages are taken only from the frame's window on our own origin, in their exact shapes
// (src/client/fortune/protocol.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FORTUNE_EMBED_LOAD_TIMEOUT_MS,
  FORTUNE_EMBED_VERSION,
  FORTUNE_OVERLAY_MAX_MS,
  STORAGE_KEYS,
} from '../../../shared/constants.js';
import { aiKeyStore, browserKeyPlaces } from '../../../client/fortune/key-store.js';
import {
  fromExpected,
  frameHeight,
  parseEmbedMessage,
  type EmbedMessage,
  type ParentMessage,
} from '../../../client/fortune/protocol.js';
import { useSession } from '../../auth/session.js';
import { lastMember } from '../../../client/member.js';
import { useLanguage } from '../../../client/text.js';
import { LoginRequired } from '../../ui/LoginRequired.js';
import type { copy } from './copy.js';

type Copy = (typeof copy)['ko'];
type Overlay = Extract<EmbedMessage, { type: 'fortune-parent-overlay'; show: true }>;

/** Before the embed says how tall it is. */
const INITIAL_FRAME_HEIGHT = 640;

/** The stage: the embed for a member, the Login Required card for a visitor; `c`, the page's words in its language. */
export function FortuneStage({ c }: { c: Copy }) {
  const { loading, user, offline } = useSession();
  const memberUid = user
    ? user.emailVerified
      ? user.uid
      : null
    : offline
      ? (lastMember()?.uid ?? null)
      : null;
  return (
    <section className="section fortune-stage" aria-label={c.frame.title}>
      {memberUid && !loading ? (
        <FortuneFrame key={memberUid} c={c} />
      ) : (
        <LoginRequired copy={c.login} heading="h2" testId="fortune-login-required" wait={loading} />
      )}
    </section>
  );
}

function FortuneFrame({ c }: { c: Copy }) {
  const { lang } = useLanguage();
  const frame = useRef<HTMLIFrameElement>(null);
  // The frame opens in the language of the moment; later switches go by message, without reloading it.
  const [firstLang] = useState(lang);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [height, setHeight] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [apiKey, setApiKey] = useState<string | null>(null);

  const post = useCallback((message: ParentMessage) => {
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);

  useEffect(() => {
    let live = true;
    aiKeyStore(browserKeyPlaces(STORAGE_KEYS.fortuneAiKey))
      .load()
      .then((key) => live && setApiKey(key))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = frame.current?.contentWindow;
      if (!source || !fromExpected(event, window.location.origin, source)) return;
      const message = parseEmbedMessage(event.data);
      if (!message) return;
      if (message.type === 'fortune-embed-height') {
        setHeight(frameHeight(message.height));
        setFailed(false);
      } else {
        setOverlay(message.show ? message : null);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The embed says how tall it is as soon as it runs; silence means it did not load.
  useEffect(() => {
    if (height !== null) return;
    const timer = window.setTimeout(() => setFailed(true), FORTUNE_EMBED_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [attempt, height]);

  useEffect(() => {
    if (loaded) post({ type: 'fortune-set-language', lang });
  }, [loaded, lang, post]);

  useEffect(() => {
    if (loaded && apiKey) post({ type: 'fortune-set-key', key: apiKey });
  }, [loaded, apiKey, post]);

  useEffect(() => {
    if (!overlay) return;
    const timer = window.setTimeout(() => setOverlay(null), FORTUNE_OVERLAY_MAX_MS);
    return () => window.clearTimeout(timer);
  }, [overlay]);

  const retry = () => {
    setFailed(false);
    setLoaded(false);
    setHeight(null);
    setOverlay(null);
    setAttempt((count) => count + 1);
  };

  return (
    <>
      {failed && (
        <div className="form__error fortune-error" role="alert" data-testid="fortune-load-error">
          <p>{c.frame.loadError}</p>
          <button type="button" className="button button--ghost button--small" onClick={retry}>
            {c.frame.retry}
          </button>
        </div>
      )}
      <iframe
        key={attempt}
        ref={frame}
        className="fortune-frame"
        title={c.frame.title}
        src={`/fortune-embed/?lang=${firstLang}&v=${FORTUNE_EMBED_VERSION}`}
        style={{ height: height ?? INITIAL_FRAME_HEIGHT }}
        onLoad={() => setLoaded(true)}
      />
      {overlay && <FortuneOverlay overlay={overlay} />}
    </>
  );
}

function FortuneOverlay({ overlay }: { overlay: Overlay }) {
  return (
    <div className="fortune-overlay" data-testid="fortune-overlay">
      <div
        className="fortune-overlay__box"
        role="status"
        aria-live="polite"
        style={{
          width: `min(${overlay.width}px, 100vw - 32px)`,
          height: `min(${overlay.height}px, 100vh - 32px)`,
        }}
      >
        <span className="fortune-overlay__wheel" aria-hidden="true" />
        <p className="fortune-overlay__message">{overlay.message}</p>
        {overlay.subText && <p className="fortune-overlay__sub">{overlay.subText}</p>}
      </div>
    </div>
  );
}
