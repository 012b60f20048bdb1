// The fairy's voice through the Web Speech API, in the page's language. Many browsers have the API but no voice
// for the language (or none at all): they end or fail an utterance at once, without ever starting it, so a line
// counts as spoken only once speech has really started.
import { FAIRY, type Language } from '../../shared/constants.js';
import { localeOf } from '../../shared/text.js';

/** How long speech may take to start (a phone's speech engine can take a second to wake) before it counts as absent. */
export const SPEECH_START_TIMEOUT_MS = 2500;

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

export interface SpeechEvents {
  /** The line was spoken to its end. */
  onEnd: () => void;
  /** Speech did not start: no voice for the language, an error before it began, or no start in time. */
  onUnavailable: () => void;
}

function hasVoiceFor(lang: Language): boolean {
  const prefix = localeOf(lang).slice(0, 2);
  return window.speechSynthesis
    .getVoices()
    .some((voice) => voice.lang.replace('_', '-').toLowerCase().startsWith(prefix));
}

/** Speaks a line and reports how it went, once. Returns a function that stops it (and reports nothing more). */
export function speak(text: string, lang: Language, events: SpeechEvents): () => void {
  if (!speechAvailable()) {
    events.onUnavailable();
    return () => {};
  }
  const synthesis = window.speechSynthesis;
  let settled = false;
  let started = false;
  let deadline = 0;
  const settle = (report: () => void) => {
    if (settled) return;
    settled = true;
    window.clearTimeout(deadline);
    synthesis.removeEventListener?.('voiceschanged', onVoicesChanged);
    report();
  };
  const fail = () => {
    synthesis.cancel();
    settle(events.onUnavailable);
  };

  const say = () => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = localeOf(lang);
    utterance.rate = FAIRY.speechRate;
    utterance.pitch = FAIRY.speechPitch;
    utterance.onstart = () => {
      started = true;
    };
    utterance.onend = () => (started ? settle(events.onEnd) : fail());
    utterance.onerror = () => (started ? settle(events.onEnd) : fail());
    synthesis.cancel();
    synthesis.speak(utterance);
  };
  // Chrome fills its voice list a moment after the page loads: wait for it, within the same time limit.
  const onVoicesChanged = () => {
    if (settled || !hasVoiceFor(lang)) return;
    synthesis.removeEventListener?.('voiceschanged', onVoicesChanged);
    say();
  };
  deadline = window.setTimeout(() => {
    if (!started) fail();
  }, SPEECH_START_TIMEOUT_MS);

  if (hasVoiceFor(lang)) say();
  else synthesis.addEventListener?.('voiceschanged', onVoicesChanged);

  return () => {
    settled = true;
    window.clearTimeout(deadline);
    synthesis.removeEventListener?.('voiceschanged', onVoicesChanged);
    synthesis.cancel();
  };
}

export function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
}
