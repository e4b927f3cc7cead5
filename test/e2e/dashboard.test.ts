import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { SCREENSHOTS, startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { expectEventually } from '../helpers/eventually.js';

/*
 * The project dashboard in Chromium against `outpost serve`: a project labeled by two people
 * (one of them also skipped a task) and a project nobody labeled yet. The charts' numbers are
 * read from their table fallbacks and accessible names, in light and dark theme, with an axe scan.
 * The browser runs in Auckland's time zone, so "today" is the viewer's day, not the server's.
 */

const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Choices name="sentiment" toName="text"><Choice value="pos"/><Choice value="neg"/><Choice value="neutral"/></Choices>' +
  '<Labels name="entities" toName="text"><Label value="Person"/><Label value="Place"/></Labels></View>';
const ZONE = 'Pacific/Auckland';

const choice = (value: string) => ({
  from_name: 'sentiment',
  to_name: 'text',
  type: 'choices',
  value: { choices: [value] },
});
const entity = (label: string, start: number) => ({
  from_name: 'entities',
  to_name: 'text',
  type: 'labels',
  value: { start, end: start + 3, text: 'abc', labels: [label] },
});

/** The little of the DOM these tests read; the test code is compiled without the DOM library. */
interface TableNode {
  rows: ArrayLike<{ cells: ArrayLike<{ textContent: string | null }> }>;
}
interface StyledNode {
  ownerDocument: { defaultView: { getComputedStyle(node: unknown): { fill: string } } };
}

/** Every row of a table (header and footer included) as the texts of its cells. */
async function readTable(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('table', { name, exact: true })
    .evaluate((table) =>
      Array.from((table as unknown as TableNode).rows, (row) =>
        Array.from(row.cells, (cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

/** The page's main area scrolls inside the window: a tall window shows every card in one screenshot. */
async function screenshotAll(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 1900 });
  await page.screenshot({ path: join(SCREENSHOTS, name) });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The color the first bar of a chart is painted with, as the browser resolved it. */
async function firstBarFill(page: Page, card: string): Promise<string> {
  return page
    .getByRole('region', { name: card })
    .locator('.recharts-bar-rectangle path')
    .first()
    .evaluate((bar) => {
      const node = bar as unknown as StyledNode;
      return node.ownerDocument.defaultView.getComputedStyle(node).fill;
    });
}

describe('project dashboard in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let page: Page;
  let projectId: number;
  let emptyProjectId: number;
  const dayName = (instant: Date) =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: ZONE }).format(instant);
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
  const today = dayName(new Date());
  const lightFills: Record<string, string> = {};

  beforeAll(async () => {
    server = await startE2eServer('dashboard');
    const db = openDatabase(join(server.dataDir, 'outpost.db'));
    // Outpost has no API to add people; the running server sees the row at once (WAL).
    const ana = Number(
      db
        .prepare(
          `INSERT INTO users (email, first_name, last_name, date_joined, last_activity)
           VALUES ('ana@example.com', 'Ana', 'Lima', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
        )
        .run().lastInsertRowid,
    );
    db.close();
    projectId = (await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Reviews', label_config: CONFIG }))
      .id;
    const imported = await server.api<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${projectId}/import?return_task_ids=true`,
      ['one', 'two', 'three', 'four', 'five'].map((text) => ({ text })),
    );
    const [t1, t2, t3, t4] = imported.task_ids;
    const annotate = (task: number | undefined, body: object) =>
      server.api('POST', `/api/tasks/${task}/annotations/`, body);
    await annotate(t1, { result: [choice('pos'), entity('Person', 0)] });
    await annotate(t2, { result: [], was_cancelled: true });
    await annotate(t3, { result: [choice('neg')], completed_by: ana });
    await annotate(t4, { result: [choice('pos'), entity('Place', 0), entity('Place', 4)], completed_by: ana });
    // Ana's work dates from three days ago: the timeline then spans four days, two of them idle.
    const backdate = openDatabase(join(server.dataDir, 'outpost.db'));
    backdate
      .prepare('UPDATE annotations SET created_at = ? WHERE completed_by = ?')
      .run(threeDaysAgo.toISOString(), ana);
    backdate.close();
    emptyProjectId = (
      await server.api<{ id: number }>('POST', '/api/projects/', { title: 'Fresh start', label_config: CONFIG })
    ).id;
    await server.api('POST', `/api/projects/${emptyProjectId}/import`, [{ text: 'a' }, { text: 'b' }]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A context in the test's zone with reduced motion, so charts are drawn at once for screenshots. */
  const contextOptions = { timezoneId: ZONE, reducedMotion: 'reduce' } as const;

  it('opens from the project tabs and shows the right numbers in every chart', async () => {
    recorded = await openRecordedPage(browser, { ...contextOptions, colorScheme: 'light' });
    ({ page } = recorded);
    page.setDefaultTimeout(15_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.goto(`${server.origin}/#/projects/${projectId}`, { waitUntil: 'load' });
    const request = page.waitForRequest((sent) => sent.url().includes(`/api/outpost/projects/${projectId}/dashboard`));
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/projects/${projectId}/dashboard`);
    expect(new URL((await request).url()).searchParams.get('timezone')).toBe(ZONE);
    await expectEventually(() => page.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.getByText(`3 annotations and 1 skip, ${dayName(threeDaysAgo)} – ${today}`).waitFor();

    await expectEventually(() => readTable(page, 'Tasks')).toEqual([
      ['Status', 'Tasks', 'Share'],
      ['Completed', '3', '60%'],
      ['Skipped', '1', '20%'],
      ['Remaining', '1', '20%'],
      ['Total', '5', '100%'],
    ]);
    await expectEventually(() => readTable(page, 'Annotations per day')).toEqual([
      ['Day', 'Submitted', 'Skipped'],
      [dayName(threeDaysAgo), '2', '0'],
      [dayName(new Date(Date.now() - 2 * 86_400_000)), '0', '0'],
      [dayName(new Date(Date.now() - 86_400_000)), '0', '0'],
      [today, '1', '1'],
    ]);
    await expectEventually(() => readTable(page, 'Annotations per annotator')).toEqual([
      ['Annotator', 'Email', 'Submitted', 'Skipped'],
      ['Ana Lima', 'ana@example.com', '2', '0'],
      ['annotator@outpost.local', 'annotator@outpost.local', '1', '1'],
    ]);
    await expectEventually(() => readTable(page, 'Labels of sentiment')).toEqual([
      ['Label', 'Given', 'Share'],
      ['pos', '2', '66%'],
      ['neg', '1', '33%'],
      ['neutral', '0', '0%'],
    ]);
    await expectEventually(() => readTable(page, 'Labels of entities')).toEqual([
      ['Label', 'Given', 'Share'],
      ['Place', '2', '66%'],
      ['Person', '1', '33%'],
    ]);

    // The charts are pictures with names that say what they show.
    await page
      .getByRole('img', { name: "Donut chart of the project's 5 tasks: 3 completed, 1 skipped, 1 remaining." })
      .waitFor();
    await page
      .getByRole('img', { name: /^Bar chart of annotations per day .*: 3 submitted annotations and 1 skip;/ })
      .waitFor();
    await page
      .getByRole('img', { name: /^Bar chart of annotations per annotator: 2 annotators, most by Ana Lima/ })
      .waitFor();
    // And they are drawn: bars in the theme's colors.
    lightFills.timeline = await firstBarFill(page, 'Annotations per day');
    lightFills.labels = await firstBarFill(page, 'Labels: sentiment (Choices)');
    expect(lightFills.timeline).toBe('rgb(37, 99, 201)');
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await screenshotAll(page, 'dashboard-light.png');
  });

  it('groups by week and shows a chart as its table on demand', async () => {
    await page.getByLabel('Group by').selectOption('week');
    const weekly = page.getByRole('region', { name: 'Annotations per week' });
    await weekly.waitFor();
    const [header, ...weeks] = await readTable(page, 'Annotations per week');
    expect(header).toEqual(['Week', 'Submitted', 'Skipped']);
    // Four days fall in one week or two, depending on today's weekday; the sums do not.
    expect(weeks.every(([name]) => name?.startsWith('Week of '))).toBe(true);
    expect(weeks.reduce((sum, row) => [sum[0]! + Number(row[1]), sum[1]! + Number(row[2])], [0, 0])).toEqual([3, 1]);
    await weekly.getByRole('button', { name: 'Table' }).click();
    await expectEventually(() => weekly.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectEventually(() => weekly.getByRole('table').isVisible()).toBe(true);
    await expectEventually(() => weekly.getByRole('img').count()).toBe(0);
    await page.getByLabel('Period').selectOption('7');
    // The old subtitle stays until the new range arrives: wait for the one that names its first day.
    const sixDaysAgo = dayName(new Date(Date.now() - 6 * 86_400_000));
    await page.getByText(`3 annotations and 1 skip, ${sixDaysAgo} – ${today}`).waitFor();
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await screenshotAll(page, 'dashboard-week-table-light.png');
    recorded.expectClean(server.origin);
  });

  it('follows the dark theme, colors included', async () => {
    const storageState = await recorded.context.storageState();
    const dark = await openRecordedPage(browser, { ...contextOptions, colorScheme: 'dark', storageState });
    dark.page.setDefaultTimeout(15_000);
    await dark.page.goto(`${server.origin}/#/projects/${projectId}/dashboard`, { waitUntil: 'load' });
    await dark.page.getByRole('table', { name: 'Labels of entities' }).waitFor();
    await expectEventually(() => dark.page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expectEventually(() => firstBarFill(dark.page, 'Annotations per day')).toBe('rgb(91, 147, 240)');
    await expectEventually(() => firstBarFill(dark.page, 'Labels: sentiment (Choices)')).not.toBe(lightFills.labels);
    await expectEventually(() => seriousAxeViolations(dark.page)).toEqual([]);
    await screenshotAll(dark.page, 'dashboard-dark.png');
    dark.expectClean(server.origin);
    await dark.context.close();
  });

  it('shows an empty state for a project nobody annotated, in both themes', async () => {
    const storageState = await recorded.context.storageState();
    for (const theme of ['light', 'dark'] as const) {
      const view = await openRecordedPage(browser, { ...contextOptions, colorScheme: theme, storageState });
      view.page.setDefaultTimeout(15_000);
      await view.page.goto(`${server.origin}/#/projects/${emptyProjectId}/dashboard`, { waitUntil: 'load' });
      await view.page.getByRole('heading', { name: 'No annotations yet' }).waitFor();
      await view.page.getByText(`No annotations, ${today}`).waitFor();
      await expectEventually(() => view.page.getByRole('link', { name: 'Start labeling' }).getAttribute('href')).toBe(
        `#/projects/${emptyProjectId}/label`,
      );
      expect((await readTable(view.page, 'Tasks'))[3]).toEqual(['Remaining', '2', '100%']);
      await expectEventually(() => view.page.getByRole('region', { name: /^Labels/ }).count()).toBe(0);
      await expectEventually(() => view.page.locator('html').getAttribute('data-theme')).toBe(theme);
      await expectEventually(() => seriousAxeViolations(view.page)).toEqual([]);
      await screenshotAll(view.page, `dashboard-empty-${theme}.png`);
      view.expectClean(server.origin);
      await view.context.close();
    }
  });
});
