// The fairy's voice through the Web Speech API, in the page's language.
import { FAIRY, type Language } from '../../shared/constants.js';
import { localeOf } from '../../shared/text.js';

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

/** Speaks a line; calls `onEnd` when it has been spoken (or could not be). Returns a function that stops it. */
export function speak(text: string, lang: Language, onEnd: () => void): () => void {
  if (!speechAvailable()) {
    onEnd();
    return () => {};
  }
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    onEnd();
  };
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = localeOf(lang);
  utterance.rate = FAIRY.speechRate;
  utterance.pitch = FAIRY.speechPitch;
  utterance.onend = finish;
  utterance.onerror = finish;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
  return () => {
    finished = true;
    window.speechSynthesis.cancel();
  };
}

export function stopSpeaking(): void {
  if (speechAvailable()) window.speechSynthesis.cancel();
}
