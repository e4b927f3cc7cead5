import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { recordPage, type RecordedPage } from '../helpers/browserPage.js';
import { addAnnotation } from '../helpers/dmData.js';
import { IMAGES, JSON_TASKS, dmGrid, listDmTasks, startDmE2e, type FilterItem } from '../helpers/dmE2e.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/* The Data Manager's grid: rows, thumbnails, columns, people, scrolling and the dark theme. Tabs, filters and actions: dataManagerViews.test.ts. */

describe('data manager grid in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let projectId: number;
  let firstJsonTask: number;

  const listTasks = (items: FilterItem[] = [], ordering: string[] = [], pageSize = 100) =>
    listDmTasks(server, projectId, items, ordering, pageSize);
  const grid = () => dmGrid(page).grid();
  const bodyRows = () => dmGrid(page).bodyRows();
  const rowOf = (id: number) => dmGrid(page).rowOf(id);
  const waitForCount = (text: string) => dmGrid(page).waitForCount(text);

  beforeAll(async () => {
    ({ server, browser, recorded, page, projectId, firstJsonTask } = await startDmE2e('dm-grid'));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders only a window of rows, with thumbnails served from /data/upload/', async () => {
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.goto(`${server.origin}/#/projects/${projectId}`, { waitUntil: 'load' });
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
    await rowOf(firstJsonTask).waitFor();
    await expectEventually(() => bodyRows().count()).toBeGreaterThan(5);
    await expectEventually(() => bodyRows().count()).toBeLessThan(40);
    await expectEventually(() => grid().getAttribute('aria-rowcount')).toBe(String(JSON_TASKS + IMAGES.length + 1));
    const thumbnail = grid().getByRole('img', { name: `image of task ${firstJsonTask}` });
    await expectEventually(() => thumbnail.getAttribute('src')).toMatch(/^\/data\/upload\//);
    // Loaded for real: the image decoded with a size (a broken image has none).
    await expectEventually(() =>
      thumbnail.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
    ).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-tasks-light.png') });
  });

  /** The header cells' widths in pixels, by title. */
  const headerWidths = () =>
    grid()
      .getByRole('columnheader')
      .evaluateAll((cells) =>
        Object.fromEntries(
          cells.map((cell) => [cell.textContent ?? '', Math.round(cell.getBoundingClientRect().width)]),
        ),
      );

  it('shows every header and date in full at 1440 px, text columns capped, nothing scrolled sideways', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await rowOf(firstJsonTask).waitFor();
    const titles = grid().locator('.dm-sort__title');
    await expectEventually(() => titles.count()).toBeGreaterThan(8);
    const clipped = await titles.evaluateAll((all) =>
      all.filter((title) => title.scrollWidth > title.clientWidth).map((title) => title.textContent),
    );
    expect(clipped).toEqual([]);
    // The whole grid fits: no column hides past the right edge either.
    await expectEventually(() => grid().evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // The Completed column's cells: the header's position among the row's cells picks them.
    const column = await grid()
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.findIndex((cell) => cell.textContent === 'Completed'));
    expect(column).toBeGreaterThan(0);
    const completed = await grid()
      .locator(`[role="row"][data-task-id] [role="gridcell"]:nth-child(${column + 1}) .dm-cell__text`)
      .evaluateAll((cells) =>
        cells.map((cell) => ({ text: cell.textContent, clipped: cell.scrollWidth > cell.clientWidth })),
      );
    expect(completed.filter((cell) => cell.text).length).toBeGreaterThan(0);
    expect(completed.filter((cell) => cell.clipped)).toEqual([]);
    const widths = await headerWidths();
    expect(Object.keys(widths)).toContain('Completed');
    expect(widths.text).toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-columns-1440-light.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('resizes a column by dragging its header edge or with the keyboard, remembered after a reload', async () => {
    const handle = (title: string) => grid().getByRole('separator', { name: `Resize column ${title}` });
    // Each header is named by its title alone, its handle by what it does.
    await expectEventually(() => grid().getByRole('columnheader', { name: 'score', exact: true }).count()).toBe(1);
    const before = await headerWidths();
    const box = (await handle('text').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const dragged = (await headerWidths()).text!;
    expect(Math.abs(dragged - (before.text! + 120))).toBeLessThanOrEqual(2);

    await handle('score').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const keyed = (await headerWidths()).score!;
    expect(keyed).toBe(before.score! + 32);
    await expectEventually(() => handle('score').getAttribute('aria-valuenow')).toBe(String(keyed));
    // The keys were the handle's: the grid did not move its active row.
    await expectEventually(() => grid().getAttribute('aria-activedescendant')).toBeNull();

    await page.reload({ waitUntil: 'load' });
    await rowOf(firstJsonTask).waitFor();
    const reloaded = await headerWidths();
    expect(reloaded.text).toBe(dragged);
    expect(reloaded.score).toBe(keyed);
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-resized-light.png') });

    await handle('score').focus();
    await page.keyboard.press('Enter');
    await handle('text').dblclick();
    const reset = await headerWidths();
    expect(reset.score).toBe(before.score);
    expect(reset.text).toBe(before.text);
  });

  it('shows who annotated as initials avatars named on hover, not user ids', async () => {
    // Outpost has no API to add people; a sync would bring this one from a remote.
    const db = openDatabase(join(server.dataDir, 'outpost.db'));
    try {
      const now = new Date().toISOString();
      const ana = Number(
        db
          .prepare(
            `INSERT INTO users (email, first_name, last_name, date_joined, last_activity, is_local)
             VALUES ('ana.lima@example.com', 'Ana', 'Lima', ?, ?, 0)`,
          )
          .run(now, now).lastInsertRowid,
      );
      addAnnotation(db, firstJsonTask, { completed_by: ana, result: [] });
    } finally {
      db.close();
    }
    const users = await server.api<{ id: number; email: string; first_name: string }[]>('GET', '/api/users/');
    const me = users.find((user) => user.email === 'annotator@outpost.local')!;

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload({ waitUntil: 'load' });
    const row = rowOf(firstJsonTask);
    await row.getByRole('img', { name: 'Ana Lima (ana.lima@example.com)' }).waitFor();
    await expectEventually(() => row.getByRole('img', { name: 'Ana Lima (ana.lima@example.com)' }).textContent()).toBe(
      'AL',
    );
    await expectEventually(() => row.getByRole('img', { name: me.email }).textContent()).toBe('AN');
    await expectEventually(() => row.getByRole('img', { name: me.email }).getAttribute('title')).toBe(me.email);
    await expectEventually(() => row.textContent()).not.toMatch(/#\d/);
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-annotators-light.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('loads the last task when scrolled to the end', async () => {
    const last = (await listTasks([], ['-tasks:id'], 1)).tasks[0]!.id;
    await grid().evaluate((element) => (element.scrollTop = element.scrollHeight));
    await rowOf(last).waitFor();
    await expectEventually(() => rowOf(last).getAttribute('aria-rowindex')).toBe(
      String(JSON_TASKS + IMAGES.length + 1),
    );
    await expectEventually(() => bodyRows().count()).toBeLessThan(40);
    await grid().evaluate((element) => (element.scrollTop = 0));
    await rowOf(firstJsonTask).waitFor();
  });

  it('passes the accessibility scan (contrast included) in the dark theme: grid, filters, columns', async () => {
    // The login link works once: the dark context takes over the signed-in session.
    const dark = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      colorScheme: 'dark',
      storageState: await recorded.context.storageState(),
    });
    const darkPage = await dark.newPage();
    recordPage(darkPage, recorded.record);
    await darkPage.goto(`${server.origin}/#/projects/${projectId}`, { waitUntil: 'load' });
    await darkPage
      .getByTestId('task-count')
      .filter({ hasText: / tasks$/ })
      .waitFor();
    await darkPage.locator('.dm-grid__body img').first().waitFor();
    await expectEventually(() => darkPage.locator('html').getAttribute('data-theme')).toBe('dark');
    await darkPage.screenshot({ path: join(SCREENSHOTS, 'data-manager-tasks-dark.png') });
    await expectEventually(() => seriousAxeViolations(darkPage), { message: 'grid' }).toEqual([]);
    await darkPage.getByRole('button', { name: /^Filters/ }).click();
    await darkPage.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Add filter' }).click();
    await darkPage.screenshot({ path: join(SCREENSHOTS, 'data-manager-filters-dark.png') });
    await expectEventually(() => seriousAxeViolations(darkPage), { message: 'filters' }).toEqual([]);
    await darkPage.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Cancel' }).click();
    await darkPage.getByRole('button', { name: 'Columns' }).click();
    await darkPage.getByRole('dialog', { name: 'Columns' }).waitFor();
    await darkPage.screenshot({ path: join(SCREENSHOTS, 'data-manager-columns-dark.png') });
    await expectEventually(() => seriousAxeViolations(darkPage), { message: 'columns' }).toEqual([]);
    await dark.close();
  });

  it('made no request outside the server and logged no errors', () => {
    recorded.expectClean(server.origin, { allowDataUrls: false });
  });
});
