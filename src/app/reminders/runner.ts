// Keeps the server's reminders true to the vault while it is unlocked: a run (reconcile.ts) soon after the vault
// changes, when sync has caught up, and every hour as the window moves on. One run at a time across the member's
// tabs; none while this vault may be behind the member's other devices (sync catching up), so a device coming back
// online does not withdraw what the others scheduled before it has heard of it. Everything it touches outside the
// vault is given to it, so a Node test runs it as the browser does.
import type { Vault } from '../vault/vault.js';
import { deriveReminderKey } from './desired.js';
import { reconcileReminders, REMINDER_WINDOW_MS, type Reconciled, type ReminderServer } from './reconcile.js';
import { desiredReminders, type ReminderSource } from './sources.js';
import { forgetPushTarget, pushTargets } from './targets.js';

export interface ReminderClock {
  now(): number;
  setTimeout(work: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface ReminderRunnerEnv {
  server: ReminderServer;
  sources: readonly ReminderSource[];
  /** Whether this vault is as the member's other devices have it: sync caught up, or off on this device. */
  ready(): Promise<boolean>;
  /** Hears when `ready` may have changed (a sync run ended); answers how to stop hearing. */
  watchReady(listener: () => void): () => void;
  clock: ReminderClock;
  /** Runs `work` while no other tab of the member runs it (a Web Lock in the browser). */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  online(): boolean;
}

export type ReminderRunnerVault = Pick<Vault, 'list' | 'get' | 'save' | 'remove' | 'dataKey' | 'subscribe'>;

export type ReminderRunStatus =
  | { state: 'idle' }
  | { state: 'done'; at: number; result: Reconciled }
  | { state: 'failed'; at: number; code: string };

/** A vault change starts a run this much later (a burst of writes, one run). */
export const RUN_AFTER_CHANGE_MS = 2000;
/** Runs come at least this often while unlocked: the window moves on, and what another device did is checked. */
export const RUN_EVERY_MS = 60 * 60_000;
/** After a failed run (offline, the server down). */
const RETRY_MS = 60_000;

export class ReminderRunner {
  readonly #vault: ReminderRunnerVault;
  readonly #env: ReminderRunnerEnv;
  #status: ReminderRunStatus = { state: 'idle' };
  #listeners = new Set<() => void>();
  #timer: unknown = null;
  #running: Promise<Reconciled | null> | null = null;
  #again = false;
  #stopped = true;
  #unsubscribe: Array<() => void> = [];
  /** What the last successful run was asked for, and when: the same again within the hour needs no run. */
  #last: { asked: string; at: number } | null = null;
  #key: { for: CryptoKey; key: Promise<CryptoKey> } | null = null;

  constructor(vault: ReminderRunnerVault, env: ReminderRunnerEnv) {
    this.#vault = vault;
    this.#env = env;
  }

  get status(): ReminderRunStatus {
    return this.#status;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#unsubscribe = [
      this.#vault.subscribe(() => this.runSoon(RUN_AFTER_CHANGE_MS)),
      this.#env.watchReady(() => this.runSoon(RUN_AFTER_CHANGE_MS)),
    ];
    this.runSoon(0);
  }

  stop(): void {
    this.#stopped = true;
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    if (this.#timer !== null) this.#env.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** A run `ms` from now (an earlier one already set stays). */
  runSoon(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer !== null) this.#env.clock.clearTimeout(this.#timer);
    this.#timer = this.#env.clock.setTimeout(() => {
      this.#timer = null;
      void this.runNow();
    }, ms);
  }

  /** Resolves when the run under way (if any) has ended. */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /**
   * Runs now (or after the run under way): makes the server hold what the vault asks for. `force` runs even when
   * nothing changed since the last run (the settings' list of devices changed).
   */
  runNow(force = false): Promise<Reconciled | null> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    if (force) this.#last = null;
    this.#running = this.#run().finally(() => {
      this.#running = null;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        void this.runNow();
      }
    });
    return this.#running;
  }

  async #run(): Promise<Reconciled | null> {
    const dataKey = this.#vault.dataKey;
    if (!dataKey) return null;
    try {
      if (!this.#env.online() || !(await this.#env.ready())) {
        // Offline, or sync still catching up (its end starts a run too): looked at again in a while.
        this.runSoon(RETRY_MS);
        return null;
      }
      const now = this.#env.clock.now();
      const desired = desiredReminders(this.#env.sources, this.#vault, {
        from: now,
        to: now + REMINDER_WINDOW_MS,
      });
      const targets = pushTargets(this.#vault);
      const asked = JSON.stringify([desired, targets]);
      if (this.#last && this.#last.asked === asked && now - this.#last.at < RUN_EVERY_MS) {
        this.runSoon(this.#last.at + RUN_EVERY_MS - now);
        return null;
      }
      if (this.#key?.for !== dataKey) this.#key = { for: dataKey, key: deriveReminderKey(dataKey) };
      const key = await this.#key.key;
      const result = await this.#env.exclusive('mygenie-reminders', () =>
        reconcileReminders({ desired, targets, server: this.#env.server, key, now }),
      );
      // Devices the server no longer sends to leave the vault too (any device may see it first).
      for (const endpointId of result.gone) await forgetPushTarget(this.#vault, endpointId);
      this.#last = { asked: JSON.stringify([desired, pushTargets(this.#vault)]), at: now };
      this.#set({ state: 'done', at: now, result });
      this.runSoon(RUN_EVERY_MS);
      return result;
    } catch (error) {
      const code =
        typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'failed';
      this.#set({ state: 'failed', at: this.#env.clock.now(), code });
      this.runSoon(RETRY_MS);
      return null;
    }
  }

  #set(status: ReminderRunStatus): void {
    this.#status = status;
    for (const listener of this.#listeners) listener();
  }
}
