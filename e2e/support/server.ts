// Starts the built server as a real process on a free port with its own data folder.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseEml, type OutboxMail } from '../../src/server/test/harness.js';
import { startBuiltServer } from '../../scripts/server.mjs';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Waits for a mail to `to` beyond the `after` already seen. */
  mailTo(to: string, after?: number): Promise<OutboxMail>;
  /** Waits for a mail to `to` whose subject matches. */
  mailWithSubject(to: string, subject: RegExp): Promise<OutboxMail>;
  /** Stops the server (SIGTERM: gracefully; SIGKILL: at once, mid-request) and starts it again on the same port. */
  restart(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mygenie-e2e-'));
  let server = await startBuiltServer({ dataDir, env });
  const { url } = server;
  const port = Number(new URL(url).port);
  const outbox = path.join(dataDir, 'outbox');
  async function waitForMail(
    pick: (mails: OutboxMail[]) => OutboxMail | undefined,
    failure: string,
  ): Promise<OutboxMail> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const names = (await fs.readdir(outbox).catch(() => [] as string[]))
        .filter((name) => name.endsWith('.eml'))
        .sort();
      const mails = await Promise.all(
        names.map(async (name) => parseEml(name, await fs.readFile(path.join(outbox, name), 'utf8'))),
      );
      const mail = pick(mails);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(failure);
  }
  return {
    url,
    dataDir,
    get process() {
      return server.child;
    },
    async mailTo(to, after = 0) {
      return waitForMail((mails) => {
        const found = mails.filter((mail) => mail.to === to);
        return found.length > after ? found[found.length - 1] : undefined;
      }, `no mail to ${to}`);
    },
    mailWithSubject(to, subject) {
      return waitForMail(
        (mails) => mails.find((mail) => mail.to === to && subject.test(mail.subject)),
        `no mail to ${to} about ${subject}`,
      );
    },
    async restart(signal) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill(signal);
      await exited;
      server = await startBuiltServer({ dataDir, env, port });
    },
    async stop() {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
