// The fairy guide (description §2 "Fairy guide", §4): a floating speech bubble that reads a script line by line,
// speaking each line when the voice is on. Desktop: it follows the pointer and Esc closes it. Touch screens: it
// can be dragged, and touching and holding it for 800 ms closes it. Until moved it floats where it covers none of
// the page's controls, and on the home page it waits for the update banner to go.
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useLanguage, useText } from '../../client/text.js';
import { usePagePath } from '../ui/SiteLink.js';
import { FAIRY, MOBILE_BREAKPOINT_PX } from '../../shared/constants.js';
import { fairyText } from './copy.js';
import { fairyPreferences } from './preferences.js';
import { speak, speechAvailable, stopSpeaking } from './speech.js';
import { useFreeSpot } from './free-spot.js';
import { bannerPresence } from '../home/update-banner.js';

type Script = 'home' | 'features';
const SIZE = { width: 320, height: 230 };
const FOLLOW_OFFSET = 28;

/** Whether the fairy's stylesheet has loaded: until then the fairy would show unstyled, in the page's flow. */
function useFairyStylesheet(wanted: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let link = document.querySelector<HTMLLinkElement>('link[data-fairy]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = '/app/fairy.css';
      link.dataset.fairy = 'true';
      document.head.appendChild(link);
    }
    if (link.sheet) {
      setReady(true);
      return;
    }
    // A stylesheet that fails to load still lets the fairy show, rather than never.
    const onSettled = () => setReady(true);
    link.addEventListener('load', onSettled);
    link.addEventListener('error', onSettled);
    const added = link;
    return () => {
      added.removeEventListener('load', onSettled);
      added.removeEventListener('error', onSettled);
    };
  }, [wanted]);
  return ready;
}

/** `tour`: the features tour's lines in the page's language (the features page hands them in with its words). */
export function FairyGuide({ tour = [] }: { tour?: readonly string[] }) {
  const pathname = usePagePath();
  const script: Script | null = pathname === '/' ? 'home' : pathname === '/features' ? 'features' : null;
  const styled = useFairyStylesheet(script !== null);
  const banner = useSyncExternalStore(bannerPresence.subscribe, bannerPresence.current, () => 'deciding');
  if (!script || !styled) return null;
  // On a phone the banner and the fairy left no room for each other: the fairy comes once the banner is gone.
  if (script === 'home' && banner !== 'gone') return null;
  return <Fairy key={script} script={script} tour={tour} />;
}

function Fairy({ script, tour }: { script: Script; tour: readonly string[] }) {
  const t = useText(fairyText);
  const { lang } = useLanguage();

  const [step, setStep] = useState<number>(() => (fairyPreferences.active() ? FAIRY.intro : FAIRY.closed));
  const [voiceOn, setVoiceOn] = useState(() => fairyPreferences.voiceOn());
  // Speech that did not start (no voice, an error, silence): the guide then waits for Next, as with the voice off.
  const [speechFailed, setSpeechFailed] = useState(() => !speechAvailable());
  const speaking = voiceOn && !speechFailed;
  // Once dragged or drawn by the pointer the fairy stays where it was taken; until then it takes a clear place.
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);
  const root = useRef<HTMLElement>(null);
  const closed = step === FAIRY.closed;
  const spot = useFreeSpot(root, closed || position === null, closed ? 'launcher' : 'bubble');
  const recorded = fairyPreferences.recordedGuide();

  const lines = useMemo(
    () => fairyPreferences.storedLines() ?? (script === 'features' ? [...tour] : [...t.home]),
    [script, tour, t],
  );
  const done = lines.length > 0 && step >= lines.length;

  // The features tour starts by itself when the stored flags ask for it.
  useEffect(() => {
    if (script !== 'features' || !fairyPreferences.featuresTourRequested()) return;
    fairyPreferences.clearTourTrigger();
    setStep(0);
  }, [script]);

  const close = useCallback(() => {
    stopSpeaking();
    fairyPreferences.setActive(false);
    setStep(FAIRY.closed);
  }, []);

  // Each line: speech 600 ms after it shows, the next line 200 ms after speech ends; a recorded guide advances
  // after 1400 ms; with the voice off, or speech that did not start, the member moves on with "Next".
  useEffect(() => {
    if (step < 0 || step >= lines.length) return;
    const line = lines[step]!;
    const timers: number[] = [];
    let stop = () => {};
    const advance = () => setStep((current) => (current === step ? step + 1 : current));
    if (recorded) {
      timers.push(window.setTimeout(advance, FAIRY.autoAdvanceMs));
    } else if (speaking) {
      timers.push(
        window.setTimeout(() => {
          stop = speak(line, lang, {
            onEnd: () => timers.push(window.setTimeout(advance, FAIRY.lineGapMs)),
            onUnavailable: () => setSpeechFailed(true),
          });
        }, FAIRY.speechDelayMs),
      );
    }
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      stop();
    };
  }, [step, lines, speaking, recorded, lang]);

  useEffect(() => {
    if (step === FAIRY.closed) return;
    const onKey = (event: KeyboardEvent) => {
      // Esc belongs to an open dialog first.
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, close]);

  // Desktop: the bubble drifts after the pointer, and holds still while the pointer or focus is on it.
  useEffect(() => {
    if (step === FAIRY.closed) return;
    if (window.innerWidth < MOBILE_BREAKPOINT_PX) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let target: { x: number; y: number } | null = null;
    let frame = 0;
    const onMove = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      const element = root.current;
      if (!element || element.matches(':hover, :focus-within')) {
        target = null;
        return;
      }
      target = clamp({ x: event.clientX + FOLLOW_OFFSET, y: event.clientY + FOLLOW_OFFSET }, element);
      if (!frame) frame = window.requestAnimationFrame(tick);
    };
    const tick = () => {
      frame = 0;
      if (!target) return;
      const goal = target;
      setPosition((previous) => {
        const current = previous ?? placeOf(root.current);
        const next = {
          x: current.x + (goal.x - current.x) * 0.12,
          y: current.y + (goal.y - current.y) * 0.12,
        };
        if (Math.abs(goal.x - next.x) > 0.5 || Math.abs(goal.y - next.y) > 0.5) {
          frame = window.requestAnimationFrame(tick);
        }
        return next;
      });
    };
    window.addEventListener('pointermove', onMove);
    return () => {
      window.removeEventListener('pointermove', onMove);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [step]);

  // Touch: drag by the fairy; touch and hold without moving closes.
  const drag = useRef<{ dx: number; dy: number; moved: boolean; hold: number } | null>(null);
  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse') return;
    const hold = window.setTimeout(() => {
      if (drag.current && !drag.current.moved) close();
    }, FAIRY.touchHoldCloseMs);
    const start = position ?? placeOf(root.current);
    drag.current = { dx: event.clientX - start.x, dy: event.clientY - start.y, moved: false, hold };
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const current = drag.current;
    if (!current) return;
    const next = clamp({ x: event.clientX - current.dx, y: event.clientY - current.dy }, root.current);
    const start = position ?? placeOf(root.current);
    if (Math.abs(next.x - start.x) + Math.abs(next.y - start.y) > 6) {
      current.moved = true;
      window.clearTimeout(current.hold);
    }
    setPosition(next);
  };
  const endDrag = () => {
    if (drag.current) window.clearTimeout(drag.current.hold);
    drag.current = null;
  };

  const toggleVoice = () => {
    const next = !voiceOn;
    fairyPreferences.setVoiceOn(next);
    if (!next) stopSpeaking();
    // Turning the voice on again tries speech again.
    else setSpeechFailed(!speechAvailable());
    setVoiceOn(next);
  };

  if (step === FAIRY.closed) {
    return (
      <button
        ref={(element) => {
          root.current = element;
        }}
        type="button"
        className="fairy-launcher"
        style={spot ? { left: 0, top: 0, bottom: 'auto', transform: translate(spot) } : undefined}
        aria-label={t.open}
        onClick={() => {
          fairyPreferences.setActive(true);
          setStep(FAIRY.intro);
        }}
      >
        <img src="/fairy.svg" alt="" width="44" height="44" />
      </button>
    );
  }

  const text = step === FAIRY.intro ? t.intro : done ? t.done : (lines[step] ?? '');
  const waitingForNext = step >= 0 && !done && !recorded && !speaking;
  const place = position ?? spot;

  return (
    <aside
      ref={root}
      className="fairy"
      aria-label={t.label}
      data-step={step}
      style={place ? { transform: translate(place) } : { top: 'auto', bottom: '16px', left: '16px' }}
    >
      <div
        className="fairy__avatar"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        title={t.holdHint}
      >
        <img src="/fairy.svg" alt="" width="72" height="72" draggable={false} />
      </div>
      <div className="fairy__bubble">
        <p className="fairy__name">{t.name}</p>
        <p className="fairy__line" aria-live="polite">
          {text}
        </p>
        {voiceOn && speechFailed && step >= 0 && !done && !recorded && (
          <p className="fairy__note" role="status">
            {t.noVoice}
          </p>
        )}
        <div className="fairy__actions">
          {step === FAIRY.intro && (
            <button type="button" className="fairy__button fairy__button--primary" onClick={() => setStep(0)}>
              {t.start}
            </button>
          )}
          {waitingForNext && (
            <button
              type="button"
              className="fairy__button fairy__button--primary"
              onClick={() => setStep(step + 1)}
            >
              {t.next}
            </button>
          )}
          {done && script === 'home' && (
            <button
              type="button"
              className="fairy__button fairy__button--primary"
              onClick={() => {
                fairyPreferences.requestFeaturesTour();
                window.location.assign('/features');
              }}
            >
              {t.toFeatures}
            </button>
          )}
          {step !== FAIRY.intro && (
            <button type="button" className="fairy__button" onClick={() => setStep(0)}>
              {t.replay}
            </button>
          )}
          <button
            type="button"
            className="fairy__button fairy__voice"
            aria-pressed={voiceOn}
            onClick={toggleVoice}
          >
            {voiceOn ? t.voiceOn : t.voiceOff}
          </button>
          <button type="button" className="fairy__button fairy__close" onClick={close}>
            {t.close}
          </button>
        </div>
      </div>
    </aside>
  );
}

function translate(point: { x: number; y: number }): string {
  return `translate(${Math.round(point.x)}px, ${Math.round(point.y)}px)`;
}

function placeOf(element: HTMLElement | null): { x: number; y: number } {
  const rect = element?.getBoundingClientRect();
  return rect ? { x: rect.left, y: rect.top } : { x: 16, y: 16 };
}

/** Keeps the fairy inside the window, by its own size once it is on the page. */
function clamp(point: { x: number; y: number }, element: HTMLElement | null): { x: number; y: number } {
  const size = element ? element.getBoundingClientRect() : SIZE;
  return {
    x: Math.min(Math.max(8, point.x), Math.max(8, window.innerWidth - size.width - 8)),
    y: Math.min(Math.max(8, point.y), Math.max(8, window.innerHeight - size.height - 8)),
  };
}
