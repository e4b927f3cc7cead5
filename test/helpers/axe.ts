import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResultsWire {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and returns the serious and
 * critical violations. It is injected through the DevTools protocol, so the app's CSP stays as it
 * is. `exclude` lists selectors left out, e.g. the third-party editor frame.
 */
export async function seriousAxeViolations(page: Page, exclude: string[] = []): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const results = await page.evaluate(async (excluded) => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } })
      .axe;
    const context = { include: [['html']], exclude: excluded.map((selector) => [selector]) };
    // Only the violations are read: axe then keeps one node per passed or inapplicable rule
    // instead of all of them, and only the violations cross back from the page (a third less
    // CPU per scan of the project settings page).
    const { violations } = (await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as AxeResultsWire;
    return violations;
  }, exclude);
  return results
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}
