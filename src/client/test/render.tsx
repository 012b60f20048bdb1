// Renders one component into the page of a component test (Vitest's browser mode: a real Chromium), inside the
// language it is shown in, and takes it away after each test. Find things with `page` from 'vitest/browser', as
// a person would: by role and name; `expect.element` waits until what it asserts holds, as the browser paints.
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import type { Language } from '../../shared/constants.js';
import { LanguageProvider } from '../text.js';

const mounted: Array<{ root: Root; container: HTMLElement }> = [];

afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
  localStorage.clear();
});

export interface Rendered {
  container: HTMLElement;
  /** Renders another element in the same place (new props). */
  rerender(element: ReactNode): void;
}

export function render(element: ReactNode, { lang = 'ko' }: { lang?: Language } = {}): Rendered {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  const inLanguage = (child: ReactNode) => <LanguageProvider initial={lang}>{child}</LanguageProvider>;
  flushSync(() => root.render(inLanguage(element)));
  return {
    container,
    rerender(next) {
      flushSync(() => root.render(inLanguage(next)));
    },
  };
}
