// Live news for a signed-in device (server-sent events on GET /api/events): a sign-in on a new device that
// waits for this device's confirmation ("new-login", and "new-login-decided" once it was answered anywhere or ended,
// so its question closes in every tab), this device's own sign-in approved by another device while
// it waited ("approved"; the stream then ends and the browser reconnects as confirmed), the newest number of the
// member's synced changes ("sync", docs/sync.md: only to a confirmed device), and this device's own
// session ending ("signed-out"), e.g. when another device refused a sign-in or signed it out. A change to the member's sessions is announced on
// the live bus (Redis, PostgreSQL or in-process), so it reaches the device at once whichever server process
// holds its stream; the stream then reads the news from the database. A slow safety poll covers a lost message.
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import {
  DEVICE_EVENTS_SAFETY_POLL_MS,
  EVENT_STREAMS_PER_MEMBER,
  EVENT_STREAMS_PER_SESSION,
} from '../../shared/constants.js';
import { API } from '../../shared/api/index.js';
import { ApiError } from '../http/errors.js';
import { route } from '../http/route.js';
import { systemTimer, type Timer } from '../core/clock.js';
import type { SyncNews } from './sync-news.js';
import type { SpaceNews } from '../spaces/news.js';
import type { AccountGate, DeviceService } from '../accounts/service.js';

/** Open streams per key, so one session (or member) cannot hold the server's connections. */
function counter() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    remove(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

/**
 * `timer`: the clock's timers, for the safety poll (tests hold it still, so what arrives came over the live bus).
 * `spaces`: the shared spaces' news (spaces/news.ts): a confirmed device hears `space {id, latest}` of each space its
 * member is in.
 */
export function deviceEventRoutes(
  app: FastifyInstance,
  gate: AccountGate,
  devices: Pick<DeviceService, 'deviceEvents' | 'onDeviceNews'>,
  sync?: SyncNews,
  timer: Timer = systemTimer,
  spaces?: SpaceNews,
): void {
  const open = new Set<ServerResponse>();
  const perSession = counter();
  const perMember = counter();
  // A stream never finishes by itself: stopping the server ends them, so shutdown is not held open.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  route(app, gate, API.events, async ({ signedIn, request, reply }) => {
    if (
      perSession.count(signedIn.sessionId) >= EVENT_STREAMS_PER_SESSION ||
      perMember.count(signedIn.user.uid) >= EVENT_STREAMS_PER_MEMBER
    ) {
      throw new ApiError('session/too-many-streams');
    }
    perSession.add(signedIn.sessionId);
    perMember.add(signedIn.user.uid);
    const stream = reply.raw;
    reply.hijack();
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    open.add(stream);
    const announced = new Set<string>();
    let busy = false;
    let again = false;
    let wrote = false;
    const send = (event: string, data: unknown) => {
      stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      wrote = true;
    };
    let stopped = false;
    let unsubscribeSync = () => {};
    let followedSpaces: ReturnType<SpaceNews['follow']> | undefined;
    let cancelPoll = () => {};
    const stop = () => {
      if (stopped) return;
      stopped = true;
      cancelPoll();
      unsubscribe();
      unsubscribeSync();
      followedSpaces?.stop();
      open.delete(stream);
      perSession.remove(signedIn.sessionId);
      perMember.remove(signedIn.user.uid);
      if (!stream.writableEnded) stream.end();
    };
    const poll = async (): Promise<void> => {
      // News during a read is read again right after it, so none is missed.
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        const news = await devices.deviceEvents(signedIn);
        if (news.ended) {
          send('signed-out', {});
          return stop();
        }
        if (signedIn.pending) {
          if (!news.approved) return;
          send('approved', {});
          return stop();
        }
        for (const pending of news.pending) {
          if (announced.has(pending.id)) continue;
          announced.add(pending.id);
          send('new-login', pending);
        }
        // Answered (in another tab, on another device) or ended: its question closes on this page too.
        const waiting = new Set(news.pending.map((pending) => pending.id));
        for (const id of [...announced]) {
          if (waiting.has(id)) continue;
          announced.delete(id);
          send('new-login-decided', { id });
        }
      } catch (err) {
        request.log.warn({ err }, 'device events poll failed');
      } finally {
        busy = false;
      }
      if (again && !stream.writableEnded) {
        again = false;
        await poll();
      }
    };
    const unsubscribe = devices.onDeviceNews(signedIn.user.uid, () => void poll());
    const safetyPoll = () => {
      cancelPoll = timer(DEVICE_EVENTS_SAFETY_POLL_MS, () => {
        if (stopped) return;
        if (!wrote) stream.write(': keep-alive\n\n');
        wrote = false;
        void poll();
        if (sync && !signedIn.pending) void sync.refresh(signedIn.user.uid);
        void followedSpaces?.refresh();
        safetyPoll();
      });
    };
    safetyPoll();
    request.raw.on('close', stop);
    stream.write('retry: 3000\n\n');
    await poll();
    // A confirmed device hears its member's newest sync change number whenever it or the devices or header move
    // (docs/sync.md).
    if (sync && !signedIn.pending && !stopped) {
      let told = '';
      unsubscribeSync = sync.subscribe(signedIn.user.uid, (latest, stamp) => {
        if (stopped || stamp === told) return;
        told = stamp;
        send('sync', { latest });
      });
      await sync.refresh(signedIn.user.uid);
    }
    // And the newest number of each shared space the member is in, while they are in it (docs/spaces-plan.md §4).
    if (spaces && !signedIn.pending && !stopped) {
      followedSpaces = spaces.follow(signedIn.user.uid, (space) => {
        if (!stopped) send('space', space);
      });
      await followedSpaces.refresh();
    }
    return reply;
  });
}
