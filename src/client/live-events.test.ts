import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** An EventSource the test drives: the server's events, its refusal. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends an event (the stream is open from then on). */
  send(name: string, data: unknown = {}): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }

  /** The server refuses the stream (a 401): the browser gives up. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

const open = () => FakeEventSource.made.filter((source) => source.readyState !== FakeEventSource.CLOSED);

async function live() {
  vi.resetModules();
  return (await import('./live-events.js')).listenLive;
}

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the page’s live news', () => {
  it('opens one stream for every listener, each hearing the events it names, and closes after the last leaves', async () => {
    const listenLive = await live();
    const sync = vi.fn();
    const signIns = vi.fn();
    const stopSync = listenLive({ sync });
    const stopSignIns = listenLive({ 'new-login': signIns });
    expect(FakeEventSource.made).toHaveLength(1);
    expect(FakeEventSource.made[0]!.url).toBe('/api/events');

    FakeEventSource.made[0]!.send('sync', { latest: 7 });
    FakeEventSource.made[0]!.send('new-login', { id: 's1' });
    expect(sync).toHaveBeenCalledWith({ latest: 7 });
    expect(signIns).toHaveBeenCalledWith({ id: 's1' });
    expect(sync).toHaveBeenCalledTimes(1);
    expect(signIns).toHaveBeenCalledTimes(1);

    stopSync();
    stopSync();
    await vi.runAllTimersAsync();
    expect(open()).toHaveLength(1);
    stopSignIns();
    await vi.runAllTimersAsync();
    expect(open()).toHaveLength(0);
  });

  it('keeps the stream for a listener that leaves as another comes', async () => {
    const listenLive = await live();
    const stop = listenLive({ sync: () => undefined });
    stop();
    listenLive({ sync: () => undefined });
    await vi.runAllTimersAsync();
    expect(FakeEventSource.made).toHaveLength(1);
    expect(open()).toHaveLength(1);
  });

  it('starts the stream again for a late listener to new sign-ins, so the waiting ones are announced to it', async () => {
    const listenLive = await live();
    const engine = vi.fn();
    listenLive({ sync: engine });
    FakeEventSource.made[0]!.send('sync', { latest: 1 });
    const late = vi.fn();
    listenLive({ 'new-login': late });
    expect(FakeEventSource.made).toHaveLength(2);
    expect(open()).toEqual([FakeEventSource.made[1]]);
    // The first stream's last words reach no one twice.
    FakeEventSource.made[0]!.send('sync', { latest: 2 });
    expect(engine).toHaveBeenCalledTimes(1);
    FakeEventSource.made[1]!.send('new-login', { id: 'waiting' });
    expect(late).toHaveBeenCalledWith({ id: 'waiting' });
  });

  it('closes when the session ends, and opens anew for the next listener', async () => {
    const listenLive = await live();
    const ended = vi.fn();
    const stop = listenLive({ 'signed-out': ended });
    FakeEventSource.made[0]!.send('signed-out');
    expect(ended).toHaveBeenCalledTimes(1);
    expect(open()).toHaveLength(0);
    stop();
    listenLive({ sync: () => undefined });
    expect(FakeEventSource.made).toHaveLength(2);
    expect(open()).toHaveLength(1);
  });

  it('opens a stream for the approved session when the waiting one is approved', async () => {
    const listenLive = await live();
    const approved = vi.fn();
    listenLive({ approved });
    FakeEventSource.made[0]!.send('approved');
    expect(approved).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.made).toHaveLength(2);
    expect(open()).toEqual([FakeEventSource.made[1]]);
  });

  it('opens anew for the next listener after the server refused the stream', async () => {
    const listenLive = await live();
    listenLive({ sync: () => undefined });
    FakeEventSource.made[0]!.refuse();
    listenLive({ sync: () => undefined });
    expect(FakeEventSource.made).toHaveLength(2);
    expect(open()).toHaveLength(1);
  });
});
