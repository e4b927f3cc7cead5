import { readFileSync } from 'node:fs';
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
 * The dashboard's Agreement card in Chromium against `outpost serve`: three annotators answer one
 * Choices question on four tasks, one of them with a ground truth. Each pair of annotations scores
 * 1 (same answer) or 0, so the matrix is worked out by hand below. Also: the CSV download, both
 * themes with an axe scan, and the empty state of a project with a single annotator.
 */

const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<Choices name="sentiment" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';
const ME = 'annotator@outpost.local';

const choice = (value: string) => [
  { from_name: 'sentiment', to_name: 'text', type: 'choices', value: { choices: [value] } },
];

interface TableNode {
  rows: ArrayLike<{ cells: ArrayLike<{ textContent: string | null }> }>;
}

async function readTable(page: Page, name: string): Promise<string[][]> {
  return page
    .getByRole('table', { name, exact: true })
    .evaluate((table) =>
      Array.from((table as unknown as TableNode).rows, (row) =>
        Array.from(row.cells, (cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

describe('Agreement card in Chromium against outpost serve', () => {
  let server: E2eServer;
  let browser: Browser;
  let recorded: RecordedPage;
  let projectId: number;
  let loneProjectId: number;

  beforeAll(async () => {
    server = await startE2eServer('agreement');
    const db = openDatabase(join(server.dataDir, 'outpost.db'));
    // Outpost has no API to add people; the running server sees the rows at once (WAL).
    const person = (email: string, first: string, last: string) =>
      Number(
        db
          .prepare(
            `INSERT INTO users (email, first_name, last_name, date_joined, last_activity)
             VALUES (?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
          )
          .run(email, first, last).lastInsertRowid,
      );
    const ana = person('ana@example.com', 'Ana', 'Lima');
    const bo = person('bo@example.com', '', '');
    db.close();
    const me = (await server.api<{ id: number }>('GET', '/api/current-user/whoami')).id;

    const project = async (title: string, texts: string[]) => {
      const id = (await server.api<{ id: number }>('POST', '/api/projects/', { title, label_config: CONFIG })).id;
      const { task_ids } = await server.api<{ task_ids: number[] }>(
        'POST',
        `/api/projects/${id}/import?return_task_ids=true`,
        texts.map((text) => ({ text })),
      );
      return { id, tasks: task_ids };
    };
    const annotate = (task: number | undefined, who: number, value: string, extra: object = {}) =>
      server.api('POST', `/api/tasks/${task}/annotations/`, { result: choice(value), completed_by: who, ...extra });

    const reviews = await project('Reviews', ['one', 'two', 'three', 'four']);
    projectId = reviews.id;
    const [t1, t2, t3, t4] = reviews.tasks;
    // t1: all pos (1). t2: me pos, Ana neg (0). t3: me and Ana neg, Bo pos (1/3).
    // t4: my ground truth pos, Ana pos, Bo neg (1/3). Project: (1 + 0 + 1/3 + 1/3) / 4 = 42%.
    for (const [who, value] of [
      [me, 'pos'],
      [ana, 'pos'],
      [bo, 'pos'],
    ] as const)
      await annotate(t1, who, value);
    await annotate(t2, me, 'pos');
    await annotate(t2, ana, 'neg');
    for (const [who, value] of [
      [me, 'neg'],
      [ana, 'neg'],
      [bo, 'pos'],
    ] as const)
      await annotate(t3, who, value);
    await annotate(t4, me, 'pos', { ground_truth: true });
    await annotate(t4, ana, 'pos');
    await annotate(t4, bo, 'neg');

    const lone = await project('Solo', ['a', 'b']);
    loneProjectId = lone.id;
    await annotate(lone.tasks[0], me, 'pos');
    await annotate(lone.tasks[1], me, 'neg');
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the annotator matrix, per-annotator figures and kappa with the right numbers', async () => {
    recorded = await openRecordedPage(browser, { colorScheme: 'light', reducedMotion: 'reduce' });
    const { page } = recorded;
    page.setDefaultTimeout(15_000);
    await page.goto(server.cli.login, { waitUntil: 'load' });
    await page.goto(`${server.origin}/#/projects/${projectId}/dashboard`, { waitUntil: 'load' });
    const card = page.getByRole('region', { name: 'Agreement' });
    await card.getByText('Project agreement 42% over 4 tasks annotated by two or more people').waitFor();
    // me-Ana: t1 1, t2 0, t3 1, t4 1 = 75%; me-Bo and Ana-Bo: t1 1, t3 0, t4 0 = 33%.
    await expectEventually(() => readTable(page, 'Agreement between annotators')).toEqual([
      ['', ME, 'Ana Lima', 'bo@example.com'],
      [ME, '—', '75% (4 tasks)', '33% (3 tasks)'],
      ['Ana Lima', '75% (4 tasks)', '—', '33% (3 tasks)'],
      ['bo@example.com', '33% (3 tasks)', '33% (3 tasks)', '—'],
    ]);
    // With others, per (task, other) pair: me and Ana (3 + 1) / 7 = 57%, Bo 2 / 6 = 33%.
    // Against my ground truth on t4: Ana right, Bo wrong.
    await expectEventually(() => readTable(page, 'Agreement per annotator')).toEqual([
      ['Annotator', 'Tasks', 'Agreement with others', 'Accuracy vs ground truth'],
      [ME, '4', '57%', '—'],
      ['Ana Lima', '4', '57%', '100% (1 task)'],
      ['bo@example.com', '3', '33%', '0% (1 task)'],
    ]);
    // Fleiss over t1, t3, t4: observed 5/9 = expected 5/9, so 0; Krippendorff -1/14.
    await expectEventually(() => readTable(page, 'Chance-corrected agreement per question')).toEqual([
      ['Question', 'Tasks', "Cohen's κ", "Fleiss' κ", "Krippendorff's α"],
      ['sentiment', '4', '—', '0.00', '-0.07'],
    ]);
    // The cells are colored by their number: 75% greener than 33%.
    const background = (name: string) =>
      card
        .getByRole('cell', { name, exact: true })
        .first()
        .evaluate((cell) => {
          const node = cell as unknown as {
            ownerDocument: { defaultView: { getComputedStyle(n: unknown): { backgroundColor: string } } };
          };
          return node.ownerDocument.defaultView.getComputedStyle(node).backgroundColor;
        });
    const high = await background('75% (4 tasks)');
    const low = await background('33% (3 tasks)');
    expect(high).not.toBe(low);
    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 2200 });
    await page.screenshot({ path: join(SCREENSHOTS, 'agreement-light.png') });
  });

  it('downloads the per-pair table as CSV from its link', async () => {
    const { page } = recorded;
    const link = page.getByRole('link', { name: 'Per pair (CSV)' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`project-${projectId}-agreement-pairs.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('annotator_id,annotator_email,other_id,other_email,shared_tasks,agreement');
    expect(lines.slice(1).map((line) => line.split(',').slice(3))).toEqual([
      ['ana@example.com', '4', '0.75'],
      ['bo@example.com', '3', String(1 / 3)],
      ['bo@example.com', '3', String(1 / 3)],
    ]);
    recorded.expectClean(server.origin);
  });

  it('reads well in the dark theme, and says what it needs for a project with one annotator', async () => {
    const storageState = await recorded.context.storageState();
    const dark = await openRecordedPage(browser, { colorScheme: 'dark', reducedMotion: 'reduce', storageState });
    dark.page.setDefaultTimeout(15_000);
    await dark.page.goto(`${server.origin}/#/projects/${projectId}/dashboard`, { waitUntil: 'load' });
    await dark.page.getByRole('table', { name: 'Agreement between annotators' }).waitFor();
    await expectEventually(() => dark.page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expectEventually(() => seriousAxeViolations(dark.page)).toEqual([]);
    await dark.page.setViewportSize({ width: 1280, height: 2200 });
    await dark.page.screenshot({ path: join(SCREENSHOTS, 'agreement-dark.png') });

    await dark.page.goto(`${server.origin}/#/projects/${loneProjectId}/dashboard`, { waitUntil: 'load' });
    const card = dark.page.getByRole('region', { name: 'Agreement' });
    await card.getByText('Agreement needs at least two annotators on a task').waitFor();
    await expectEventually(() => card.getByRole('table').count()).toBe(0);
    await expectEventually(() => seriousAxeViolations(dark.page)).toEqual([]);
    dark.expectClean(server.origin);
    await dark.context.close();
  });
});
