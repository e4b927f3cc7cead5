import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/** How long a success toast stays on its own, in the page's (fake) time: ToastProvider's 5 s. */
const AUTO_DISMISS_MS = 5000;

describe('notifications in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;

  /** Duplicates the project titled `title` from its card, and returns the toast that says so. */
  async function duplicate(title: string) {
    await page.getByRole('button', { name: `Duplicate ${title}`, exact: true }).click();
    // The dialog asks whether the tasks come too; its first choice is the settings only.
    await page
      .getByRole('dialog', { name: 'Duplicate project' })
      .getByRole('button', { name: 'Duplicate', exact: true })
      .click();
    const toast = page.getByRole('status').filter({ hasText: `Duplicated “${title}”` });
    await toast.waitFor();
    return toast;
  }

  /**
   * A released toast stays its whole 5 s again, counted from its release, and then goes. The page's
   * clock flows with real time until paused, and on a loaded machine the real time between the
   * release and the check can pass the 100 ms margin: so time stands still from before the
   * release until the check is done, and moves only as the test says.
   */
  async function expectFadesAfterFullTime(toast: Locator, release: () => Promise<void>) {
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    await release();
    await page.clock.runFor(AUTO_DISMISS_MS - 100);
    await expectEventually(() => toast.count()).toBe(1);
    await page.clock.runFor(100);
    await toast.waitFor({ state: 'detached' });
    await page.clock.resume();
  }

  beforeAll(async () => {
    server = await startE2eServer('toasts');
    await server.api('POST', '/api/projects/', { title: 'Pneumonoultramicroscopicsilicovolcanoconiosis-2026' });
    await server.api('POST', '/api/projects/', { title: 'Field survey' });
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
    // The page's timers run on a clock the test can move: a toast's 5 s pass when the test says.
    await page.clock.install();
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.getByRole('article', { name: 'Field survey' }).waitFor({ timeout: 15_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets a success notification fade after 5 s, but not while the pointer rests on it', async () => {
    const toast = await duplicate('Field survey');
    await toast.hover();
    await page.clock.runFor(10 * AUTO_DISMISS_MS);
    await expectEventually(() => toast.count()).toBe(1);

    // Once left, it gets its full time again, and then goes.
    await expectFadesAfterFullTime(toast, () => page.mouse.move(0, 0));
  });

  it('keeps a notification while the keyboard is in it, and lets it fade once focus leaves', async () => {
    const toast = await duplicate('Field survey');
    await toast.getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.clock.runFor(10 * AUTO_DISMISS_MS);
    await expectEventually(() => toast.count()).toBe(1);

    await expectFadesAfterFullTime(toast, () => page.getByRole('button', { name: 'New project' }).focus());
  });

  it('wraps a long notification inside the window instead of running off the screen', async () => {
    const long = 'Pneumonoultramicroscopicsilicovolcanoconiosis-2026';
    const toast = await duplicate(long);
    // The pointer holds the toast while the themes change by keyboard, which leaves the pointer be.
    await toast.hover();
    for (const theme of ['Dark', 'Light'] as const) {
      await page.getByRole('radio', { name: theme }).focus();
      await page.keyboard.press('Space');
      await page.locator(`html[data-theme="${theme.toLowerCase()}"]`).waitFor({ state: 'attached' });
      // Inside the window once the new theme's layout has settled.
      const outside = async () => {
        const box = await toast.boundingBox();
        const width = await page.evaluate(() => window.innerWidth);
        return !box ? ['no box'] : [box.x < 0 && 'left', box.y < 0 && 'top', box.x + box.width > width && 'right'];
      };
      await expectEventually(async () => (await outside()).filter(Boolean)).toEqual([]);
      const box = await toast.boundingBox();
      // The words wrap inside the toast: nothing sticks out of it.
      const message = toast.locator('.toast__message');
      await expectEventually(() => message.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
      await expectEventually(async () => {
        const text = await message.boundingBox();
        return text!.x + text!.width - (box!.x + box!.width);
      }).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOTS, `projects-long-toast-${theme.toLowerCase()}.png`) });
    }
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await toast.waitFor({ state: 'detached' });
  });

  it('made no request outside its origin, and logged no errors', () => {
    recorded.expectClean(server.origin, { moreThan: 5, allowDataUrls: false });
  });
});
