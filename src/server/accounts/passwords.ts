// argon2id at the OWASP parameters (19 MiB, 2 passes, 1 lane), computed in a pool of worker threads, one per
// core, that run at the lowest CPU priority below the thread answering requests (nice 19 on Linux). A login flood
// then uses every core for hashing while the other routes still get the CPU as soon as they need it: without this,
// the hashing threads and the event loop share the cores evenly and every page slows down during a flood.
// Not the SCHED_IDLE policy, though it yields a little sooner still: a thread under it runs only when no other
// thread of the machine wants its core, so another busy program (a database, a backup, a build) stopped every
// login for as long as it ran. At nice 19 a hash still gets its share beside such a program, only slower.
import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** How much lower than the request thread the hashing threads run (Linux nice; ignored elsewhere). */
const HASHING_NICENESS = 19;

// The worker is plain CommonJS, evaluated from this string, so the same code runs from the TypeScript sources
// (tests) and the built server. On Linux a thread's own id is the last part of /proc/thread-self, and setpriority()
// on a thread id changes that thread alone.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const os = require('node:os');
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, workerData.niceness);
} catch {
  // Not Linux, or not allowed: the thread keeps the normal priority.
}
const argon2 = require(workerData.argon2);
parentPort.on('message', (task) => {
  try {
    const value = task.op === 'hash' ? argon2.hashSync(task.password, task.options) : argon2.verifySync(task.hash, task.password);
    parentPort.postMessage({ id: task.id, value });
  } catch (error) {
    parentPort.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Task =
  | { op: 'hash'; password: string; options: typeof OPTIONS }
  | { op: 'verify'; hash: string; password: string };

interface Pending {
  task: Task & { id: number };
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/** A worker's answer to a task. */
interface Answer {
  id: number;
  value?: string | boolean;
  error?: string;
}

/**
 * The task a worker's message answers, taken from its list; undefined for any other message. Not every message is
 * ours: under `node --watch` (`npm run dev`), Node's own worker code posts `{ 'watch:require': [...] }` on the same
 * port when the worker loads a module, and taking that for an answer once dropped the first sign-up's hash.
 */
export function takeAnswered<T extends { task: { id: number } }>(
  tasks: T[],
  message: unknown,
): T | undefined {
  const id = (message as Partial<Answer> | null)?.id;
  if (typeof id !== 'number') return undefined;
  const index = tasks.findIndex((pending) => pending.task.id === id);
  return index === -1 ? undefined : tasks.splice(index, 1)[0];
}

/**
 * Each worker is handed up to TASKS_PER_WORKER tasks at once, so that it starts the next hash the moment one ends
 * instead of waiting for the request thread (busy, or not yet scheduled) to hand it one.
 */
const TASKS_PER_WORKER = 2;

class HashingPool {
  private readonly workers: Worker[] = [];
  private readonly queue: Pending[] = [];
  /** Each worker's tasks in the order it will answer them. */
  private readonly assigned = new Map<Worker, Pending[]>();
  private nextId = 1;

  constructor(size: number) {
    const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
    for (let index = 0; index < size; index++) this.workers.push(this.spawn(argon2));
  }

  private spawn(argon2: string): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2, niceness: HASHING_NICENESS },
    });
    worker.unref();
    this.assigned.set(worker, []);
    worker.on('message', (message: unknown) => {
      const pending = takeAnswered(this.assigned.get(worker) ?? [], message);
      if (!pending) return;
      const answer = message as Answer;
      if (answer.error !== undefined) pending.reject(new Error(answer.error));
      else pending.resolve(answer.value as string | boolean);
      this.dispatch();
    });
    worker.on('error', (error) => {
      // A worker that dies fails its tasks and is replaced.
      for (const pending of this.assigned.get(worker) ?? []) pending.reject(error);
      this.assigned.delete(worker);
      this.workers.splice(this.workers.indexOf(worker), 1, this.spawn(argon2));
      this.dispatch();
    });
    return worker;
  }

  run(task: Task): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { ...task, id: this.nextId++ }, resolve, reject });
      this.dispatch();
    });
  }

  /** Hands queued tasks to the least busy workers, up to TASKS_PER_WORKER each. */
  private dispatch(): void {
    while (this.queue.length > 0) {
      let chosen: Pending[] | undefined;
      let worker: Worker | undefined;
      for (const candidate of this.workers) {
        const tasks = this.assigned.get(candidate) ?? [];
        if (tasks.length < TASKS_PER_WORKER && (!chosen || tasks.length < chosen.length)) {
          chosen = tasks;
          worker = candidate;
        }
      }
      if (!chosen || !worker) return;
      const pending = this.queue.shift()!;
      chosen.push(pending);
      worker.postMessage(pending.task);
    }
  }
}

let pool: HashingPool | undefined;
const hashing = () => (pool ??= new HashingPool(os.availableParallelism()));

/** Hashing and checking passwords: argon2id at full cost in the server; tests of the rules pass a cheaper one. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /** Whether `password` is the one `passwordHash` was made from; false for anything that is no hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * A fixed hash of the same cost that no password is checked against to succeed: checking an unknown e-mail's
   * password costs what a known one's does, so the answer's timing does not tell whether the e-mail exists.
   */
  decoy(): Promise<string>;
}

export async function hashPassword(password: string): Promise<string> {
  return (await hashing().run({ op: 'hash', password, options: OPTIONS })) as string;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await hashing().run({ op: 'verify', hash: passwordHash, password })) === true;
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** argon2id at the OWASP parameters in the pool of low-priority threads: what the server uses. */
export const argon2Hashing: PasswordHashing = {
  hash: hashPassword,
  verify: verifyPassword,
  decoy() {
    decoyHash ??= hashPassword('decoy password that is never used to sign in');
    return decoyHash;
  },
};
