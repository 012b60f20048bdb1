// One server and one browser per test file, and a fresh browser context per test. Every page of every context
// reports Content-Security-Policy violations; a test that caused one fails when it ends.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { reportToasts } from './toasts.js';

export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The context of the running test (the last one made); every context closes when the test ends. */
  readonly context: BrowserContext;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/** `env`: the server's environment, or a function making it once the suite starts (after its own servers). */
export function browserSuite(
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const violations: string[] = [];

  beforeAll(async () => {
    server = await startServer(typeof env === 'function' ? await env() : env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(violations.splice(0), 'Content-Security-Policy violations').toEqual([]);
  });

  const required = <T>(value: T | undefined, name: string): T => {
    if (!value) throw new Error(`${name} is not ready`);
    return value;
  };
  return {
    get server() {
      return required(server, 'the server');
    },
    get browser() {
      return required(browser, 'the browser');
    },
    get context() {
      return required(contexts[contexts.length - 1], 'a browser context');
    },
    async newContext(options = {}) {
      const context = await required(browser, 'the browser').newContext(options);
      contexts.push(context);
      await context.exposeBinding('__mygenieCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          // Our pages only: the browser's own viewer of a text or JSON file styles it inline.
          if (document.contentType !== 'text/html') return;
          const report = (window as unknown as { __mygenieCspViolation?: (text: string) => void })
            .__mygenieCspViolation;
          report?.(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`,
          );
        });
      });
      await reportToasts(context);
      return context;
    },
  };
}
