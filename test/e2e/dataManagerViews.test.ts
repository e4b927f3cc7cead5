import { join } from 'node:path';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedPage } from '../helpers/browserPage.js';
import { ANNOTATED, IMAGES, JSON_TASKS, dmGrid, listDmTasks, startDmE2e, type FilterItem } from '../helpers/dmE2e.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/* The Data Manager's tabs, filters, ordering, hidden columns, bulk delete and keyboard. The grid itself: dataManager.test.ts. */

describe('data manager tabs, filters and actions in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let projectId: number;
  let firstJsonTask: number;

  const listTasks = (items: FilterItem[] = [], ordering: string[] = [], pageSize = 100) =>
    listDmTasks(server, projectId, items, ordering, pageSize);
  const grid = () => dmGrid(page).grid();
  const rowOf = (id: number) => dmGrid(page).rowOf(id);
  const renderedIds = () => dmGrid(page).renderedIds();
  const waitForCount = (text: string) => dmGrid(page).waitForCount(text);

  beforeAll(async () => {
    ({ server, browser, recorded, page, projectId, firstJsonTask } = await startDmE2e('dm-views'));
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.goto(`${server.origin}/#/projects/${projectId}`, { waitUntil: 'load' });
    await dmGrid(page).rowOf(firstJsonTask).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function applyFilter(column: string, operator: string, value: string | null) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    // Open first: a one-shot look for "Clear all" must not run before the dialog is there.
    await dialog.getByRole('button', { name: 'Add filter' }).waitFor();
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
    await expectEventually(() => renderedIds()).toEqual(annotated.tasks.map((task) => task.id));

    // "Completed is empty" picks the tasks without annotations: a count unlike the one before it,
    // so the wait below sees this filter applied, not the previous one still on screen.
    const completed = await applyFilter('Completed', 'is empty', null);
    await completed.getByLabel('Value of filter 1').selectOption({ label: 'yes' });
    await completed.getByRole('button', { name: 'Apply filters' }).click();
    const unlabeled = await listTasks([
      { filter: 'filter:tasks:completed_at', operator: 'empty', type: 'Datetime', value: true },
    ]);
    expect(unlabeled.total).toBe(JSON_TASKS + IMAGES.length - ANNOTATED);
    await waitForCount(`${unlabeled.total} tasks`);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
  });

  it('orders by a column header, ascending then descending, saved into the tab', async () => {
    const header = () => grid().getByRole('columnheader', { name: 'score' });
    // After a reload, this is the tab's first change: the list must still wait for its save.
    await page.reload({ waitUntil: 'load' });
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
    const held: Route[] = [];
    const isView = (url: URL) => url.pathname.startsWith('/api/dm/views/');
    await page.route(isView, (route) =>
      route.request().method() === 'PATCH' ? void held.push(route) : route.fallback(),
    );
    const listed: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname === '/api/tasks/') listed.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await header().getByRole('button').click();
      // The header says the new order at once; the rows follow when the tab is saved and listed again.
      await grid().locator('[aria-sort="ascending"]').waitFor();
      await expectEventually(() => held.length).toBe(1);
      // A list read now would race the save (the server reads the stored tab): nothing is asked.
      // Two painted frames after the new order showed, the click's renders and effects have all run.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
      );
      expect(listed).toEqual([]);
      await held[0]!.continue();
    } finally {
      // A failed step leaves no save held: the tests after this one need it through.
      for (const route of held) await route.continue().catch(() => undefined);
      await page.unroute(isView);
      page.off('request', onRequest);
    }
    const ascending = await listTasks([], ['tasks:data.score'], 10);
    const firstTen = async () => (await renderedIds()).slice(0, 10);
    await expectEventually(firstTen).toEqual(ascending.tasks.map((task) => task.id));

    await header().getByRole('button').click();
    await grid().locator('[aria-sort="descending"]').waitFor();
    const descending = await listTasks([], ['-tasks:data.score'], 10);
    await expectEventually(firstTen).toEqual(descending.tasks.map((task) => task.id));
    const views = await server.api<{ data: { ordering?: string[] } }[]>('GET', `/api/dm/views/?project=${projectId}`);
    expect(views[0]!.data.ordering).toEqual(['-tasks:data.score']);
  });

  it('hides a column, keeps it hidden after a reload, and shows it again', async () => {
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Inner ID' }).check();
    // The columns change on screen before the tab is saved: the reload below waits for the save.
    const hiddenSaved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().includes('/api/dm/views/') &&
        (response.request().postData() ?? '').includes('tasks:data.text'),
    );
    await chooser.getByRole('checkbox', { name: 'text' }).uncheck();
    await grid().getByRole('columnheader', { name: 'Inner ID' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-columns-light.png') });
    await chooser.getByRole('button', { name: 'Done' }).click();
    await expectEventually(() => grid().getByRole('columnheader', { name: 'text' }).count()).toBe(0);

    expect((await hiddenSaved).ok()).toBe(true);
    await page.reload({ waitUntil: 'load' });
    await waitForCount(`${JSON_TASKS + IMAGES.length} tasks`);
    await expectEventually(() => grid().getByRole('columnheader', { name: 'text' }).count()).toBe(0);
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
    await expectEventually(() => grid().getAttribute('aria-activedescendant')).toBe('dm-tasks-row-2');
    await page.keyboard.press('Space');
    await waitForCount(`1 of ${JSON_TASKS + IMAGES.length - 3} tasks selected`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#/projects/${projectId}/tasks/${order.tasks[2]!.id}`);
  });

  it('shows a friendly empty state for a project without tasks, linking to Import', async () => {
    const empty = (await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Empty project' })).id;
    await page.goto(`${server.origin}/#/projects/${empty}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'No tasks yet' }).waitFor();
    await expectEventually(() => page.getByRole('link', { name: 'Import data' }).getAttribute('href')).toBe(
      `#/projects/${empty}/import`,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'data-manager-empty-light.png') });
  });

  it('made no request outside the server and logged no errors', () => {
    recorded.expectClean(server.origin, { allowDataUrls: false });
  });
});
