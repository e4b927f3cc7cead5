import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../../helpers/chromium.js';
import { waitUntil } from '../../helpers/eventually.js';
import type { LabelStudioInfo, LabelStudioServer } from '../labelStudio.js';

/** Signs in to Label Studio as the rig's user and opens a task on its own labeling page. */
export async function openOwnLabelingPage(
  browser: Browser,
  ls: Pick<LabelStudioInfo, 'url' | 'user'>,
  project: number,
  task: number,
): Promise<Page> {
  const own = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await own.goto(`${ls.url}/user/login/`);
  await own.locator('input[name="email"]').fill(ls.user.email);
  await own.locator('input[name="password"]').fill(ls.user.password);
  await own.locator('button[type="submit"], input[type="submit"]').first().click();
  await own.waitForURL((url) => !url.pathname.startsWith('/user/login'));
  await own.goto(`${ls.url}/projects/${project}/data?task=${task}`);
  return own;
}

/**
 * Gives `date` to a task's required DateTime on Label Studio's own labeling page, signed in as the
 * rig's user, in a Chromium of its own, and submits it: what a person does there, for comparing
 * with what Outpost makes of the same input.
 */
export async function submitDateOnOwnPage(ls: LabelStudioServer, project: number, task: number, date: string) {
  const browser: Browser = await launchChromium();
  try {
    const own = await openOwnLabelingPage(browser, ls, project, task);
    const dateInput = own.locator('input[type="date"]');
    const submit = own.getByRole('button', { name: 'Submit' });
    const warning = own.locator('.ant-modal-wrap').filter({ hasText: 'is required' });
    const posted = own.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/api\/tasks\/\d+\/annotations/.test(response.url()),
      { timeout: 120_000 },
    );
    let answered = false;
    posted.then(
      () => (answered = true),
      () => undefined,
    );
    // On a loaded machine Label Studio's page can render the editor again after it first shows
    // (the typed date is gone, and Submit answers 'DateTime "when" is required.'), or show Submit
    // before it handles a click. As a person would: close the warning, type the date again and
    // submit again, until the annotation is posted (after a post, Submit gives way to Update).
    for (let tries = 0; !answered && tries < 6; tries += 1) {
      // A click on OK while the warning still opens can leave it open: click again until it closes.
      await waitUntil(
        async () => {
          if (!(await warning.isVisible())) return true;
          await warning
            .getByRole('button', { name: 'OK' })
            .click({ timeout: 5_000 })
            .catch(() => undefined);
          return warning.waitFor({ state: 'hidden', timeout: 2_000 }).then(
            () => true,
            () => false,
          );
        },
        'the required-field warning to close',
        60_000,
      );
      // Typed again whenever the page rendered the editor anew and emptied the field meanwhile.
      await waitUntil(
        async () => {
          if ((await dateInput.inputValue()) === date) return true;
          await dateInput.fill(date, { timeout: 5_000 }).catch(() => undefined);
          return (await dateInput.inputValue()) === date;
        },
        'the date typed into Label Studio’s own page',
        60_000,
      );
      // A warning opening meanwhile takes the click: the next round closes it.
      if (await submit.isVisible()) await submit.click({ timeout: 10_000 }).catch(() => undefined);
      await Promise.race([posted.catch(() => undefined), warning.waitFor({ timeout: 15_000 }).catch(() => undefined)]);
    }
    expect((await posted).status()).toBe(201);
  } finally {
    await browser.close();
  }
}
