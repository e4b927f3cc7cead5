import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The Data Manager for a newcomer (Chromium, 800x700): a disabled button says why, labeling waits
 * while no task is there to label (none imported, or none left by the filters), and a column's
 * third click returns the grid to the tasks' own order.
 */

const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="c" toName="text"><Choice value="a"/></Choices></View>';

describe('Data Manager buttons say why they wait, in Chromium', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;

  beforeAll(async () => {
    server = await startE2eServer('dm-reasons');
    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light', viewport: { width: 800, height: 700 } });
    ({ page } = recorded);
    await page.goto(server.cli.login, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const labelButton = () => page.getByRole('button', { name: 'Label all tasks' });

  it('disables labeling at 0 tasks, saying why, and says why Apply filters waits', async () => {
    const empty = (await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Empty', label_config: CONFIG }))
      .id;
    await page.goto(`${server.origin}/#/projects/${empty}`);
    await page.getByTestId('task-count').getByText('0 tasks').waitFor();
    await expectEventually(() => labelButton().isDisabled()).toBe(true);
    await expectEventually(() => labelButton().getAttribute('title')).toBe(
      'There are no tasks to label yet: import data first.',
    );

    const filled = (
      await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Reviews', label_config: CONFIG })
    ).id;
    await server.api('POST', `/api/projects/${filled}/import`, [
      { text: 'b second' },
      { text: 'a first' },
      { text: 'c third' },
    ]);
    await page.goto(`${server.origin}/#/projects/${filled}`);
    await page.getByTestId('task-count').getByText('3 tasks').waitFor();
    await expectEventually(() => page.getByRole('link', { name: 'Label all tasks' }).count()).toBe(1);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    // A text column's filter starts without the text to look for: incomplete.
    await dialog.getByLabel('Column of filter 1').selectOption({ label: 'text' });
    const apply = dialog.getByRole('button', { name: 'Apply filters' });
    await expectEventually(() => apply.isDisabled()).toBe(true);
    await expectEventually(() => apply.getAttribute('title')).toMatch(
      /^Finish or remove the incomplete filter line first/,
    );
    const described = await apply.getAttribute('aria-describedby');
    await expectEventually(() => page.locator(`[id="${described}"]`).textContent()).toMatch(/^Finish or remove/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('a third click on a column header returns to the tasks’ own order', async () => {
    const header = page.getByRole('columnheader', { name: 'text', exact: true });
    const texts = () => page.locator('[role="row"][data-task-id]').allTextContents();
    const firstText = async () => (await texts())[0] ?? '';
    await expectEventually(async () => (await texts()).length).toBe(3);
    const ownOrder = await texts();
    await header.getByRole('button').click();
    await expectEventually(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expectEventually(firstText).toContain('a first');
    await header.getByRole('button').click();
    await expectEventually(() => header.getAttribute('aria-sort')).toBe('descending');
    await expectEventually(firstText).toContain('c third');
    await expectEventually(() => header.getByRole('button').getAttribute('title')).toBe('Stop ordering by text');
    await header.getByRole('button').click();
    await expectEventually(() => header.getAttribute('aria-sort')).toBeNull();
    await expectEventually(() => header.getByRole('button').getAttribute('title')).toBe('Order by text');
    await expectEventually(texts).toEqual(ownOrder);
    recorded.expectClean(server.origin);
  });
});
