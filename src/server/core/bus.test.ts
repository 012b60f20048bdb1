import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresBus } from './bus.js';

const url = process.env.DATABASE_URL;

/** Resolves once `condition` holds, or after `ms`. */
async function settled(condition: () => boolean, ms = 2000) {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(!url)('live news through PostgreSQL', () => {
  it('reaches the other processes once, and the one that sent it once (at once, not again from the database)', async () => {
    const log = Fastify({ logger: false }).log;
    const sender = await postgresBus(url!, log);
    const other = await postgresBus(url!, log);
    try {
      const heard = { sender: 0, other: 0 };
      const topic = `devices:bus-test-${process.pid}-${Date.now()}`;
      sender.subscribe(topic, () => (heard.sender += 1));
      other.subscribe(topic, () => (heard.other += 1));
      await sender.publish(topic);
      expect(heard.sender).toBe(1);
      await settled(() => heard.other === 1);
      // Whatever the database sends back to the sender has had time to arrive.
      await other.publish(`devices:bus-test-marker-${process.pid}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual({ sender: 1, other: 1 });
    } finally {
      await sender.close();
      await other.close();
    }
  });

  it('hears a NOTIFY sent in a statement of its own database pool once: by heardHere, not again from the database', async () => {
    const log = Fastify({ logger: false }).log;
    const own = new pg.Client({ connectionString: url });
    const stranger = new pg.Client({ connectionString: url });
    await Promise.all([own.connect(), stranger.connect()]);
    const backends = new Set([(own as pg.Client & { processID: number }).processID]);
    const bus = await postgresBus(url!, log, backends);
    try {
      expect(bus.notifyChannel).toBeTruthy();
      const topic = `devices:bus-own-${process.pid}-${Date.now()}`;
      let heard = 0;
      bus.subscribe(topic, () => (heard += 1));
      // What a sign-in does: its statement notifies, and the process tells itself at once.
      await own.query('select pg_notify($1, $2)', [bus.notifyChannel, topic]);
      bus.heardHere(topic);
      expect(heard).toBe(1);
      // Another process's statement is heard from the database.
      await stranger.query('select pg_notify($1, $2)', [bus.notifyChannel, topic]);
      await settled(() => heard === 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toBe(2);
    } finally {
      await bus.close();
      await Promise.all([own.end(), stranger.end()]);
    }
  });
});
