// The embed's side of the messages with /fortune (description §7, docs/design.md §3.8): it listens from the first
// moment (before React renders, so nothing the page sends on load is missed), takes only messages from its
// parent window on our own origin in their exact shape, and talks only to that parent on that origin.
import { isLanguage } from '../../client/language.js';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/constants.js';
import { fromExpected, parseParentMessage, type EmbedMessage } from '../../client/fortune/protocol.js';

export interface ParentState {
  lang: Language;
  /** The AI key the page passed, or null until it does. */
  apiKey: string | null;
}

const framed = window.parent !== window;
let state: ParentState = {
  lang: (() => {
    const lang = new URLSearchParams(window.location.search).get('lang');
    return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  })(),
  apiKey: null,
};
const listeners = new Set<() => void>();

function update(next: Partial<ParentState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function startBridge(): void {
  window.addEventListener('message', (event) => {
    if (!framed || !fromExpected(event, window.location.origin, window.parent)) return;
    const message = parseParentMessage(event.data);
    if (!message) return;
    if (message.type === 'fortune-set-language') update({ lang: message.lang });
    else update({ apiKey: message.key });
  });
}

export const parentState = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): ParentState => state,
  /** The member saved (or removed) a key here; it is used at once. */
  setKey: (apiKey: string | null) => update({ apiKey }),
};

export function tellParent(message: EmbedMessage): void {
  if (framed) window.parent.postMessage(message, window.location.origin);
}

/** Announces the height of `element` now and whenever it changes. */
export function followHeight(element: HTMLElement): () => void {
  let last = -1;
  const announce = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    tellParent({ type: 'fortune-embed-height', height });
  };
  const observer = new ResizeObserver(announce);
  observer.observe(element);
  announce();
  return () => observer.disconnect();
}
