// The import screen's side of the worker: one file at a time, each answer a promise, progress as it comes.
import type { FromWorker, Mapping, ToWorker } from './protocol.js';

export type ReadAnswer = Exclude<FromWorker, { type: 'progress' }>;

export class ImportReader {
  #worker: Worker | null = null;

  constructor(private readonly onProgress: (share: number) => void) {}

  #ask(message: ToWorker): Promise<ReadAnswer> {
    this.#worker ??= new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
    const worker = this.#worker;
    return new Promise((resolve) => {
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        if (event.data.type === 'progress') this.onProgress(event.data.share);
        else resolve(event.data);
      };
      // The worker's code could not load (an update replaced it, the network dropped): the screen says so.
      worker.onerror = (event) => {
        event.preventDefault();
        this.stop();
        resolve({ type: 'failed', code: 'damaged', detail: 'worker' });
      };
      worker.postMessage(message);
    });
  }

  read(file: Blob, password: string | undefined, timeZone: string, today: string): Promise<ReadAnswer> {
    return this.#ask({ type: 'read', file, timeZone, today, ...(password ? { password } : {}) });
  }

  map(headerRow: number, mapping: Mapping, timeZone: string, today: string): Promise<ReadAnswer> {
    return this.#ask({ type: 'map', headerRow, mapping, timeZone, today });
  }

  /** Ends the worker (the screen closed, or a new file replaces the one being read). */
  stop(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }
}
