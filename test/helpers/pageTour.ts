import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousAxeViolations, type AxeFinding } from './axe.js';
import { SCREENSHOTS } from './e2eServer.js';
import { watchRequests } from './pageQuiet.js';
import { expectEventually } from './eventually.js';

/*
 * The tour of every page (test/e2e/pagesTour.test.ts): each stop is visited at a window width and
 * in a theme, measured, scanned with axe and photographed.
 */

/** The ids a stop's address is built from: the tour's project and its task. */
export interface TourIds {
  project: number;
  task: number;
}

/** One stop of the tour: a page, or a dialog opened on a page. */
export interface TourStop {
  /** Names the screenshots: `tour-<name>-<width>-<theme>.png`. */
  name: string;
  hash: (ids: TourIds) => string;
  /** What shows once the page is ready, beyond its `main h1` (e.g. the labeling editor). */
  ready?: (page: Page) => Promise<void>;
  /** Opens what the stop is about on its page (a dialog); the stop closes it with Escape. */
  open?: (page: Page) => Promise<void>;
  /** Also photographs each section (`main h2`) scrolled into view. */
  sections?: boolean;
}

export type Theme = 'light' | 'dark';

/** What one visit found wrong; empty when the page is right. */
export interface StopReport {
  /** Pixels the page or its main area scroll sideways (0 is right). */
  sideways: { page: number; main: number };
  /** Where the page's heading starts, from the window's left edge. */
  headingLeft: number;
  axe: AxeFinding[];
}

/** The editor frame the scan leaves out: Label Studio's own UI, not the app's. */
const EDITOR_FRAME = 'iframe';

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

async function measure(page: Page): Promise<Omit<StopReport, 'axe'>> {
  const overflow = (selector: string) =>
    page.locator(selector).evaluate((element) => element.scrollWidth - element.clientWidth);
  // A visually hidden heading (the data manager's) stands where its page starts.
  const headingLeft = await page
    .locator('main h1')
    .first()
    .evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      const at = box.width > 1 ? box : (heading.parentElement ?? heading).getBoundingClientRect();
      return Math.round(at.left);
    });
  return { sideways: { page: await overflow('html'), main: await overflow('#main') }, headingLeft };
}

/** Goes to a stop, waits until it is ready in `theme`, checks and photographs it. */
export async function visitStop(
  page: Page,
  origin: string,
  stop: TourStop,
  ids: TourIds,
  width: number,
  theme: Theme,
): Promise<StopReport> {
  const requests = watchRequests(page);
  try {
    await page.goto(`${origin}/${stop.hash(ids)}`, { waitUntil: 'load' });
    await page.locator('main h1').first().waitFor({ timeout: 30_000 });
    await requests.settled();
  } finally {
    requests.stop();
  }
  // The app follows the emulated system theme through a matchMedia listener; on a loaded
  // machine that event can arrive after the page settles, so wait for it (and fail if never).
  await expectEventually(() => page.locator('html').getAttribute('data-theme'), { timeout: 5_000 }).toBe(theme);
  await stop.ready?.(page);
  await stop.open?.(page);
  const shot = (part: string) => join(SCREENSHOTS, `tour-${stop.name}${part}-${width}-${theme}.png`);
  await page.screenshot({ path: shot('') });
  const report = { ...(await measure(page)), axe: await seriousAxeViolations(page, [EDITOR_FRAME]) };
  if (stop.sections) {
    for (const heading of await page.locator('main h2').all()) {
      if (!(await heading.isVisible())) continue;
      // To the top of the page's scroll area, below a sticky page header (project settings has one).
      await heading.evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        const main = element.closest('main');
        if (main) main.scrollTop -= 96;
      });
      await page.screenshot({ path: shot(`-${slug((await heading.textContent()) ?? '')}`) });
    }
  }
  if (stop.open) await page.keyboard.press('Escape');
  return report;
}
