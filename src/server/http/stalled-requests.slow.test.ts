// Requests that never finish (issue 15, attack 6), on a real socket: a login whose body never arrives, headers that
// never end, an upload that trickles or goes silent, too many connections from one address or event streams from
// one session. The server's own timers close them, so what these measure is time: they run in the timed tier, alone.
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';

describe('6. requests that never finish', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(
      { MAX_CONNECTIONS_PER_ADDRESS: '20' },
      { timeouts: { headersMs: 1000, bodyMs: 800, idleMs: 1500 } },
    );
    await t.listening();
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens a raw connection and writes `text`; resolves when the server closes it, with what it answered. */
  function stalled(text: string): {
    closed: Promise<{ answer: string; ms: number }>;
    answered: Promise<void>;
    socket: net.Socket;
  } {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.write(text);
    return {
      socket,
      answered: new Promise((resolve) => socket.once('data', () => resolve())),
      closed: new Promise((resolve) =>
        socket.on('close', () => resolve({ answer, ms: Date.now() - started })),
      ),
    };
  }

  it('closes a login whose body never arrives, and one whose headers never end', async () => {
    const body = stalled(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nOrigin: ${t.origin}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
    );
    const headers = stalled('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const [afterBody, afterHeaders] = await Promise.all([body.closed, headers.closed]);
    expect(afterBody.ms).toBeLessThan(1400);
    expect(afterHeaders.ms).toBeLessThan(3000);
  });

  it('keeps an upload that keeps sending past the body time, and closes one that goes silent', async () => {
    const member = await signedInMember(t, 'slow.upload@example.com');
    const head =
      `PUT /api/documents?name=slow.bin HTTP/1.1\r\nHost: x\r\nOrigin: ${t.origin}\r\nCookie: ${member}\r\n` +
      'Content-Type: application/octet-stream\r\nContent-Length: 8\r\n\r\n';
    const trickle = stalled(head);
    // The pace is what is tested: a byte every 250 ms, past the 800 ms a silent body is given.
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      trickle.socket.write('x');
    }
    await trickle.answered;
    trickle.socket.end();
    const kept = await trickle.closed;
    expect(kept.answer).toMatch(/^HTTP\/1\.1 201/);
    const silent = stalled(head + 'xx');
    const dropped = await silent.closed;
    expect(dropped.answer).toBe('');
    expect(dropped.ms).toBeGreaterThanOrEqual(1400);
  });

  it('holds at most 20 connections from one address', async () => {
    const sockets = Array.from({ length: 25 }, () => stalled(''));
    // The five past the limit are closed by the server as they arrive.
    await expect
      .poll(
        () => sockets.filter((item) => !item.socket.destroyed && item.socket.readyState === 'open').length,
      )
      .toBe(20);
    for (const item of sockets) item.socket.destroy();
  });

  it('lets one session hold at most 4 live event streams', async () => {
    const member = await signedInMember(t, 'many.tabs@example.com');
    const base = await t.listening();
    const controllers = Array.from({ length: 4 }, () => new AbortController());
    const streams = await Promise.all(
      controllers.map((controller) =>
        fetch(`${base}/api/events`, { headers: { cookie: member }, signal: controller.signal }),
      ),
    );
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    const fifth = await fetch(`${base}/api/events`, { headers: { cookie: member } });
    expect(fifth.status).toBe(429);
    expect(((await fifth.json()) as { error: { code: string } }).error.code).toBe('session/too-many-streams');
    controllers[0]!.abort();
    // Once the server has seen the first stream go, a new one is let in.
    const again = new AbortController();
    await expect
      .poll(async () => {
        const stream = await fetch(`${base}/api/events`, {
          headers: { cookie: member },
          signal: again.signal,
        });
        await stream.body?.cancel();
        return stream.status;
      })
      .toBe(200);
    again.abort();
    for (const controller of controllers) controller.abort();
  });
});
