// What a real pointer would touch: the controls matching a selector whose centre is covered by something else.
import type { Page } from 'playwright-core';

/**
 * Each visible control matching `selector` whose centre another element covers, with what covers it. `inWindow`:
 * only controls whose centre is in the window count (the rest are scrolled away); otherwise a control sticking out
 * of the window sideways is reported as well.
 */
export function coveredControls(page: Page, selector: string, { inWindow = false } = {}): Promise<string[]> {
  return page.evaluate(
    ({ selector, inWindow }) => {
      const name = (element: Element | null) =>
        element
          ? `${element.tagName.toLowerCase()}.${String(element.className)} "${(element.textContent ?? '').trim().slice(0, 30)}"`
          : 'nothing';
      const covered: string[] = [];
      for (const control of document.querySelectorAll(selector)) {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden')
          continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (inWindow && (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight)) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === control || control.contains(hit)))
          covered.push(`${name(control)} under ${name(hit)}`);
        if (!inWindow && (box.right > window.innerWidth + 0.5 || box.left < -0.5)) {
          covered.push(`${name(control)} off the screen`);
        }
      }
      return covered;
    },
    { selector, inWindow },
  );
}
