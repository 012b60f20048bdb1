// The fairy guide (description §2 "Fairy guide", §4): a floating speech bubble that reads a script line by line,
// speaking each line when the voice is on. Desktop: it follows the pointer and Esc closes it. Touch screens: it
// can be dragged, and touching and holding it for 800 ms closes it.
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useLanguage, useText } from '../../client/text.js';
import { useLocation, useNavigate } from 'react-router';
import { FAIRY, MOBILE_BREAKPOINT_PX, type Language } from '../../shared/constants.js';
import { fairyPreferences } from './preferences.js';
import { speak, speechAvailable, stopSpeaking } from './speech.js';

type Script = 'home' | 'features';
const SIZE = { width: 320, height: 230 };
const FOLLOW_OFFSET = 28;

function useFairyStylesheet() {
  useEffect(() => {
    if (document.querySelector('link[data-fairy]')) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/app/fairy.css';
    link.dataset.fairy = 'true';
    document.head.appendChild(link);
  }, []);
}

async function featuresTourLines(lang: Language): Promise<string[]> {
  const { copy } = await import('../pages/features/copy.js');
  return [...copy[lang].tour];
}

export function FairyGuide() {
  const { pathname } = useLocation();
  const script: Script | null = pathname === '/' ? 'home' : pathname === '/features' ? 'features' : null;
  return script ? <Fairy key={script} script={script} /> : null;
}

function Fairy({ script }: { script: Script }) {
  const t = useText(catalog);
  const { lang } = useLanguage();
  const navigate = useNavigate();
  useFairyStylesheet();

  const [step, setStep] = useState<number>(() => (fairyPreferences.active() ? FAIRY.intro : FAIRY.closed));
  const [voiceOn, setVoiceOn] = useState(() => fairyPreferences.voiceOn());
  const [tourLines, setTourLines] = useState<string[] | null>(null);
  // Until the fairy first moves it sits in the bottom-left corner, whatever its height.
  const [position, setPosition] = useState<{ x: number; y: number } | null>(null);
  const root = useRef<HTMLElement>(null);
  const recorded = fairyPreferences.recordedGuide();

  const lines = useMemo(
    () => fairyPreferences.storedLines() ?? (script === 'features' ? (tourLines ?? []) : [...t.fairy.home]),
    [script, tourLines, t],
  );
  const done = lines.length > 0 && step >= lines.length;

  // The features tour starts by itself when the stored flags ask for it.
  useEffect(() => {
    if (script !== 'features') return;
    let cancelled = false;
    void featuresTourLines(lang).then((loaded) => {
      if (cancelled) return;
      setTourLines(loaded);
      if (fairyPreferences.featuresTourRequested()) {
        fairyPreferences.clearTourTrigger();
        setStep(0);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [script, lang]);

  const close = useCallback(() => {
    stopSpeaking();
    fairyPreferences.setActive(false);
    setStep(FAIRY.closed);
  }, []);

  // Each line: speech 600 ms after it shows, the next line 200 ms after speech ends; a recorded guide advances
  // after 1400 ms; with the voice off the member moves on with "Next".
  useEffect(() => {
    if (step < 0 || step >= lines.length) return;
    const line = lines[step]!;
    const timers: number[] = [];
    let stop = () => {};
    const advance = () => setStep((current) => (current === step ? step + 1 : current));
    if (recorded) {
      timers.push(window.setTimeout(advance, FAIRY.autoAdvanceMs));
    } else if (voiceOn && speechAvailable()) {
      timers.push(
        window.setTimeout(() => {
          stop = speak(line, lang, () => timers.push(window.setTimeout(advance, FAIRY.lineGapMs)));
        }, FAIRY.speechDelayMs),
      );
    }
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      stop();
    };
  }, [step, lines, voiceOn, recorded, lang]);

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
      target = clamp({ x: event.clientX + FOLLOW_OFFSET, y: event.clientY + FOLLOW_OFFSET });
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
    const next = clamp({ x: event.clientX - current.dx, y: event.clientY - current.dy });
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
    setVoiceOn(next);
  };

  if (step === FAIRY.closed) {
    return (
      <button
        type="button"
        className="fairy-launcher"
        aria-label={t.fairy.open}
        onClick={() => {
          fairyPreferences.setActive(true);
          setStep(FAIRY.intro);
        }}
      >
        <img src="/fairy.png" alt="" width="44" height="44" />
      </button>
    );
  }

  const text = step === FAIRY.intro ? t.fairy.intro : done ? t.fairy.done : (lines[step] ?? '');
  const waitingForNext = step >= 0 && !done && !recorded && !(voiceOn && speechAvailable());

  return (
    <aside
      ref={root}
      className="fairy"
      aria-label={t.fairy.label}
      data-step={step}
      style={
        position
          ? { transform: `translate(${Math.round(position.x)}px, ${Math.round(position.y)}px)` }
          : { top: 'auto', bottom: '16px', left: '16px' }
      }
    >
      <div
        className="fairy__avatar"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        title={t.fairy.holdHint}
      >
        <img src="/fairy.png" alt="" width="72" height="72" draggable={false} />
      </div>
      <div className="fairy__bubble">
        <p className="fairy__name">{t.fairy.name}</p>
        <p className="fairy__line" aria-live="polite">
          {text}
        </p>
        <div className="fairy__actions">
          {step === FAIRY.intro && (
            <button type="button" className="fairy__button fairy__button--primary" onClick={() => setStep(0)}>
              {t.fairy.start}
            </button>
          )}
          {waitingForNext && (
            <button
              type="button"
              className="fairy__button fairy__button--primary"
              onClick={() => setStep(step + 1)}
            >
              {t.fairy.next}
            </button>
          )}
          {done && script === 'home' && (
            <button
              type="button"
              className="fairy__button fairy__button--primary"
              onClick={() => {
                fairyPreferences.requestFeaturesTour();
                void navigate('/features');
              }}
            >
              {t.fairy.toFeatures}
            </button>
          )}
          {step !== FAIRY.intro && (
            <button type="button" className="fairy__button" onClick={() => setStep(0)}>
              {t.fairy.replay}
            </button>
          )}
          <button
            type="button"
            className="fairy__button fairy__voice"
            aria-pressed={voiceOn}
            onClick={toggleVoice}
          >
            {voiceOn ? t.fairy.voiceOn : t.fairy.voiceOff}
          </button>
          <button type="button" className="fairy__button fairy__close" onClick={close}>
            {t.fairy.close}
          </button>
        </div>
      </div>
    </aside>
  );
}

function placeOf(element: HTMLElement | null): { x: number; y: number } {
  const rect = element?.getBoundingClientRect();
  return rect ? { x: rect.left, y: rect.top } : { x: 16, y: 16 };
}

function clamp(point: { x: number; y: number }): { x: number; y: number } {
  return {
    x: Math.min(Math.max(8, point.x), Math.max(8, window.innerWidth - SIZE.width - 8)),
    y: Math.min(Math.max(8, point.y), Math.max(8, window.innerHeight - SIZE.height - 8)),
  };
}
