// The page's live news from the server (GET /api/events), on one stream however many parts of the page listen:
// the server keeps at most 4 streams per session (EVENT_STREAMS_PER_SESSION), and a page that opened one per
// listener would soon be refused. The stream opens with the first listener and closes shortly after the last one
// leaves; each listener hears the events it names.
//
//   new-login   a sign-in on a new device waits for this device's answer (data: the waiting DeviceSession)
//   new-login-decided  that sign-in was answered (here, in another tab or on another device) or ended: its
//                      question closes everywhere (data: { id })
//   approved    this page's own waiting sign-in was approved (the stream starts again, as the approved session)
//   signed-out  this page's session ended (the stream closes: there is nothing more to hear)
//   sync        the member's synced vault moved (data: { latest })
//   space       a shared space the member is in moved (data: { id, latest })
//
// A listener for `new-login` that comes after the stream opened would miss the sign-ins already announced on it,
// so the stream starts again for it, and the server announces every waiting sign-in anew.

export type LiveEvent = 'new-login' | 'new-login-decided' | 'approved' | 'signed-out' | 'sync' | 'space';
export type LiveHandlers = Partial<Record<LiveEvent, (data: unknown) => void>>;

const EVENTS: readonly LiveEvent[] = [
  'new-login',
  'new-login-decided',
  'approved',
  'signed-out',
  'sync',
  'space',
];
const URL = '/api/events';

const listeners = new Set<LiveHandlers>();
let source: EventSource | null = null;
let closing: ReturnType<typeof setTimeout> | null = null;

function parse(data: unknown): unknown {
  if (typeof data !== 'string' || data === '') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function close(): void {
  source?.close();
  source = null;
}

function open(): void {
  close();
  const events = new EventSource(URL);
  source = events;
  for (const name of EVENTS) {
    events.addEventListener(name, (event) => {
      if (source !== events) return;
      // The session ended: the server closed the stream, and asking again would only be refused.
      if (name === 'signed-out') close();
      // Approved: the server ended the waiting session's stream; the approved session gets its own.
      if (name === 'approved') {
        close();
        if (listeners.size > 0) open();
      }
      const data = parse((event as MessageEvent<unknown>).data);
      for (const handlers of [...listeners]) handlers[name]?.(data);
    });
  }
  events.addEventListener('error', () => {
    // Refused for good (signed out, too many streams): the browser gives up, and the next listener opens anew.
    if (source === events && events.readyState === EventSource.CLOSED) source = null;
  });
}

/** Listens to the page's live news until the answer is called. Without EventSource (Node), nothing is heard. */
export function listenLive(handlers: LiveHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  if (closing) clearTimeout(closing);
  closing = null;
  listeners.add(handlers);
  if (!source || (handlers['new-login'] && source.readyState !== EventSource.CONNECTING)) open();
  let listening = true;
  return () => {
    if (!listening) return;
    listening = false;
    listeners.delete(handlers);
    // A listener that leaves as another comes (a component's effect run again) keeps the stream.
    if (listeners.size === 0 && !closing) {
      closing = setTimeout(() => {
        closing = null;
        if (listeners.size === 0) close();
      }, 0);
    }
  };
}
