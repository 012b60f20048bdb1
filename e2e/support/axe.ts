// Runs axe-core in the page and returns the serious and critical violations.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Frame, Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

export async function seriousViolations(page: Page | Frame): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // Colours caught half-way through a transition are no page's colours: a view switch's button fading from the
    // chosen violet to plain measured dark text on violet (e2e/schedule.test.ts, once on a busy machine). What
    // moves to an end is let end first; what never ends (a spinner) is read as it is.
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: Array<{
              id: string;
              impact: string;
              help: string;
              nodes: Array<{ target: string[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}
