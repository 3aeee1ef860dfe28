// axe-core (WCAG 2.2 AA) on what a page shows now: its critical and serious violations.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { untilSettled } from '../support/browser';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeFinding {
  rule: string;
  targets: string[];
}

export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // A button mid-transition has a colour between two states: audit the settled page.
  await untilSettled(page, 5_000);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const r = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        rule: v.id,
        targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`),
      }));
  });
}
