import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, recordPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { addAnnotation } from '../helpers/dmData.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
const MEDIA = fileURLToPath(new URL('../fixtures/export/image/media/upload/1/', import.meta.url));
const IMAGES = ['3f2a9c1e-cat.jpg', 'rgba.png', 'gray.png', 'small.gif'];
const JSON_TASKS = 296;
const ANNOTATED = 12;
const CONFIG =
  '<View><Image name="img" value="$image"/><Choices name="animal" toName="img"><Choice value="cat"/><Choice value="dog"/></Choices></View>';

interface TaskWire {
  id: number;
  data: { image: string; text?: string; kind?: string; score?: number };
}
interface ListWire {
  total: number;
  tasks: TaskWire[];
}
type FilterItem = { filter: string; operator: string; type: string; value: unknown };

describe('data manager in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let projectId: number;
  let firstJsonTask: number;

  /** The server's own answer for a filter and ordering, to compare the grid with. */
  function listTasks(items: FilterItem[] = [], ordering: string[] = [], pageSize = 100): Promise<ListWire> {
    const query = encodeURIComponent(JSON.stringify({ filters: { conjunction: 'and', items }, ordering }));
    return server.api<ListWire>('GET', `/api/tasks/?project=${projectId}&page_size=${pageSize}&query=${query}`);
  }

  const grid = () => page.getByRole('grid', { name: /^Tasks of tab/ });
  const bodyRows = () => grid().locator('.dm-grid__body [role="row"]');
  const count = () => page.getByTestId('task-count');
  const rowOf = (id: number) => grid().locator(`[role="row"][data-task-id="${id}"]`);
  const renderedIds = async () =>
    (await bodyRows().evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-task-id'))))).filter(
      (id) => id > 0,
    );
  const waitForCount = (text: string) =>
    count()
      .filter({ hasText: new RegExp(`^${text}$`) })
      .waitFor();

  beforeAll(async () => {
    server = await startE2eServer('dm');
    projectId = (
      await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Street scenes', label_config: CONFIG })
    ).id;

    // Images through the import API's multipart upload: their tasks point at /data/upload/...
    const form = new FormData();
    for (const name of IMAGES) form.append('file', new Blob([readFileSync(join(MEDIA, name))]), name);
    const upload = await server.request('POST', `/api/projects/${projectId}/import`, form);
    expect(upload.status).toBe(201);
    const uploaded = (await listTasks()).tasks.map((task) => task.data.image);
    expect(uploaded.every((url) => url.startsWith('/data/upload/'))).toBe(true);

    const tasks = Array.from({ length: JSON_TASKS }, (_, index) => ({
      image: uploaded[index % uploaded.length],
      text: `Street scene number ${index + 1} with a description long enough to be clipped in its column`,
      kind: index % 3 === 0 ? 'alpha' : 'beta',
      score: (index * 37) % 101,
    }));
    await server.api('POST', `/api/projects/${projectId}/import`, tasks);
    const all = await listTasks([], [], 1000);
    expect(all.total).toBe(JSON_TASKS + IMAGES.length);
    firstJsonTask = all.tasks[IMAGES.length]!.id;
    for (const task of all.tasks.slice(IMAGES.length, IMAGES.length + ANNOTATED)) {
      await server.api('POST', `/api/tasks/${task.id}/annotations/`, {
        result: [{ from_name: 'animal', to_name: 'img', type: 'choices', value: { choices: ['cat'] } }],
      });
    }

    browser = await launchChromium();
    recorded = await openRecordedPage(browser, { colorScheme: 'light' });
    ({ page } = recorded);
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
    const rendered = await bodyRows().count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    expect(await grid().getAttribute('aria-rowcount')).toBe(String(JSON_TASKS + IMAGES.length + 1));
    const thumbnail = grid().getByRole('img', { name: `image of task ${firstJsonTask}` });
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/data\/upload\//);
    // Loaded for real: the image decoded with a size (a broken image has none).
    await expect
      .poll(() => thumbnail.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
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
    expect(await titles.count()).toBeGreaterThan(8);
    const clipped = await titles.evaluateAll((all) =>
      all.filter((title) => title.scrollWidth > title.clientWidth).map((title) => title.textContent),
    );
    expect(clipped).toEqual([]);
    // The whole grid fits: no column hides past the right edge either.
    expect(await grid().evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
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
    expect(await grid().getByRole('columnheader', { name: 'score', exact: true }).count()).toBe(1);
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
    expect(await handle('score').getAttribute('aria-valuenow')).toBe(String(keyed));
    // The keys were the handle's: the grid did not move its active row.
    expect(await grid().getAttribute('aria-activedescendant')).toBeNull();

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
    expect(await row.getByRole('img', { name: 'Ana Lima (ana.lima@example.com)' }).textContent()).toBe('AL');
    expect(await row.getByRole('img', { name: me.email }).textContent()).toBe('AN');
    expect(await row.getByRole('img', { name: me.email }).getAttribute('title')).toBe(me.email);
    expect(await row.textContent()).not.toMatch(/#\d/);
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-annotators-light.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('loads the last task when scrolled to the end', async () => {
    const last = (await listTasks([], ['-tasks:id'], 1)).tasks[0]!.id;
    await grid().evaluate((element) => (element.scrollTop = element.scrollHeight));
    await rowOf(last).waitFor();
    expect(await rowOf(last).getAttribute('aria-rowindex')).toBe(String(JSON_TASKS + IMAGES.length + 1));
    expect(await bodyRows().count()).toBeLessThan(40);
    await grid().evaluate((element) => (element.scrollTop = 0));
    await rowOf(firstJsonTask).waitFor();
  });

  async function applyFilter(column: string, operator: string, value: string | null) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    if ((await dialog.getByRole('button', { name: 'Clear all' }).count()) > 0) {
      await dialog.getByRole('button', { name: 'Clear all' }).click();
    }
    await dialog.getByRole('button', { name: 'Add filter' }).click();
    await dialog.getByLabel('Column of filter 1').selectOption({ label: column });
    await dialog.getByLabel('Operator of filter 1').selectOption({ label: operator });
    if (value !== null) await dialog.getByLabel('Value of filter 1').fill(value);
    return dialog;
  }

  it('filters by a data column and by annotations; count and rows match the API', async () => {
    const dialog = await applyFilter('kind', 'is', 'alpha');
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-filters-light.png') });
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    const alpha = await listTasks([
      { filter: 'filter:tasks:data.kind', operator: 'equal', type: 'String', value: 'alpha' },
    ]);
    expect(alpha.total).toBe(Math.ceil(JSON_TASKS / 3));
    await waitForCount(`${alpha.total} tasks`);
    await rowOf(alpha.tasks[0]!.id).waitFor();
    expect((await renderedIds()).slice(0, 5)).toEqual(alpha.tasks.slice(0, 5).map((task) => task.id));

    const annotatedDialog = await applyFilter('Annotations', 'is greater than', '0');
    await annotatedDialog.getByRole('button', { name: 'Apply filters' }).click();
    const annotated = await listTasks([
      { filter: 'filter:tasks:total_annotations', operator: 'greater', type: 'Number', value: 0 },
    ]);
    expect(annotated.total).toBe(ANNOTATED);
    await waitForCount(`${ANNOTATED} tasks`);
    await rowOf(annotated.tasks[ANNOTATED - 1]!.id).waitFor();
    expect(await renderedIds()).toEqual(annotated.tasks.map((task) => task.id));

    const completed = await applyFilter('Completed', 'is empty', null);
    await completed.getByLabel('Value of filter 1').selectOption({ label: 'no' });
    await completed.getByRole('button', { name: 'Apply filters' }).click();
    await waitForCount(`${ANNOTATED} tasks`);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
  });

  it('orders by a column header, ascending then descending, saved into the tab', async () => {
    const header = () => grid().getByRole('columnheader', { name: 'score' });
    await header().getByRole('button').click();
    await grid().locator('[aria-sort="ascending"]').waitFor();
    const ascending = await listTasks([], ['tasks:data.score'], 10);
    await rowOf(ascending.tasks[0]!.id).waitFor();
    expect((await renderedIds()).slice(0, 10)).toEqual(ascending.tasks.map((task) => task.id));

    await header().getByRole('button').click();
    await grid().locator('[aria-sort="descending"]').waitFor();
    const descending = await listTasks([], ['-tasks:data.score'], 10);
    await rowOf(descending.tasks[0]!.id).waitFor();
    expect((await renderedIds()).slice(0, 10)).toEqual(descending.tasks.map((task) => task.id));
    const views = await server.api<{ data: { ordering?: string[] } }[]>('GET', `/api/dm/views/?project=${projectId}`);
    expect(views[0]!.data.ordering).toEqual(['-tasks:data.score']);
  });

  it('hides a column, keeps it hidden after a reload, and shows it again', async () => {
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Inner ID' }).check();
    await chooser.getByRole('checkbox', { name: 'text' }).uncheck();
    await grid().getByRole('columnheader', { name: 'Inner ID' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-columns-light.png') });
    await chooser.getByRole('button', { name: 'Done' }).click();
    expect(await grid().getByRole('columnheader', { name: 'text' }).count()).toBe(0);

    await page.reload({ waitUntil: 'load' });
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
    expect(await grid().getByRole('columnheader', { name: 'text' }).count()).toBe(0);
    const views = await server.api<{ data: { hiddenColumns?: { explore: string[] } } }[]>(
      'GET',
      `/api/dm/views/?project=${projectId}`,
    );
    expect(views[0]!.data.hiddenColumns?.explore).toContain('tasks:data.text');

    await page.getByRole('button', { name: 'Columns' }).click();
    await chooser.getByRole('checkbox', { name: 'text' }).check();
    await grid().getByRole('columnheader', { name: 'text' }).waitFor();
    await chooser.getByRole('button', { name: 'Done' }).click();
  });

  it('creates a tab with its own filters and switches between tabs', async () => {
    await page.getByRole('button', { name: 'Add tab' }).click();
    const naming = page.getByRole('dialog', { name: 'New tab' });
    await naming.getByLabel('Tab name').fill('Alpha only');
    await naming.getByRole('button', { name: 'Create tab' }).click();
    await page.getByRole('tab', { name: 'Alpha only', selected: true }).waitFor();
    const dialog = await applyFilter('kind', 'is', 'alpha');
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await waitForCount(`${Math.ceil(JSON_TASKS / 3)} tasks`);

    await page.getByRole('tab', { name: 'Default' }).click();
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
    await page.getByRole('tab', { name: 'Alpha only' }).click();
    await waitForCount(`${Math.ceil(JSON_TASKS / 3)} tasks`);
    const views = await server.api<{ data: { title: string } }[]>('GET', `/api/dm/views/?project=${projectId}`);
    expect(views.map((view) => view.data.title)).toEqual(['Default', 'Alpha only']);
    await page.getByRole('tab', { name: 'Default' }).click();
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
  });

  it('selects a range with shift-click and deletes those tasks after confirming', async () => {
    const before = await listTasks([], ['-tasks:data.score'], 3);
    const [first, , third] = before.tasks;
    await rowOf(first!.id).waitFor();
    await grid()
      .getByRole('checkbox', { name: `Select task ${first!.id}` })
      .click();
    await grid()
      .getByRole('checkbox', { name: `Select task ${third!.id}` })
      .click({ modifiers: ['Shift'] });
    await waitForCount(`3 of ${JSON_TASKS + IMAGES.length} tasks selected`);

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Tasks' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tasks?' });
    await confirm.getByText('You are going to delete the selected tasks.').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-confirm-delete-light.png') });
    await confirm.getByRole('button', { name: 'Delete Tasks (3)' }).click();
    await waitForCount(`${JSON_TASKS + IMAGES.length - 3} tasks`);

    const after = await listTasks([], [], 1000);
    expect(after.total).toBe(JSON_TASKS + IMAGES.length - 3);
    const remaining = new Set(after.tasks.map((task) => task.id));
    expect(before.tasks.filter((task) => remaining.has(task.id))).toEqual([]);
  });

  it('moves through rows with the arrow keys and opens the active one with Enter', async () => {
    const order = await listTasks([], ['-tasks:data.score'], 3);
    await rowOf(order.tasks[0]!.id).waitFor();
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await grid().getAttribute('aria-activedescendant')).toBe('dm-tasks-row-2');
    await page.keyboard.press('Space');
    await waitForCount(`1 of ${JSON_TASKS + IMAGES.length - 3} tasks selected`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#/projects/${projectId}/tasks/${order.tasks[2]!.id}`);
  });

  it('shows a friendly empty state for a project without tasks, linking to Import', async () => {
    const empty = (await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Empty project' })).id;
    await page.goto(`${server.origin}/#/projects/${empty}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'No tasks yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Import data' }).getAttribute('href')).toBe(
      `#/projects/${empty}/import`,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-empty-light.png') });
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
    expect(await darkPage.locator('html').getAttribute('data-theme')).toBe('dark');
    await darkPage.screenshot({ path: join(SCREENSHOTS, 'data-manager-tasks-dark.png') });
    expect(await seriousAxeViolations(darkPage), 'grid').toEqual([]);
    await darkPage.getByRole('button', { name: /^Filters/ }).click();
    await darkPage.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Add filter' }).click();
    await darkPage.screenshot({ path: join(SCREENSHOTS, 'data-manager-filters-dark.png') });
    expect(await seriousAxeViolations(darkPage), 'filters').toEqual([]);
    await darkPage.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Cancel' }).click();
    await darkPage.getByRole('button', { name: 'Columns' }).click();
    await darkPage.getByRole('dialog', { name: 'Columns' }).waitFor();
    await darkPage.screenshot({ path: join(SCREENSHOTS, 'data-manager-columns-dark.png') });
    expect(await seriousAxeViolations(darkPage), 'columns').toEqual([]);
    await dark.close();
  });

  it('made no request outside the server and logged no errors', () => {
    recorded.expectClean(server.origin, { allowDataUrls: false });
  });
});
