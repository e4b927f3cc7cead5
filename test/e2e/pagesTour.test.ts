import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { openRecordedPage, type RecordedPage } from '../helpers/browserPage.js';
import { launchChromium } from '../helpers/chromium.js';
import { addAnnotation } from '../helpers/dmData.js';
import { startE2eServer, type E2eServer } from '../helpers/e2eServer.js';
import { IMAGE_FIXTURES } from '../helpers/imageExportContext.js';
import { editorButton, STREAM_END } from '../helpers/labelingPage.js';
import { visitStop, type StopReport, type Theme, type TourIds, type TourStop } from '../helpers/pageTour.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { expectEventually } from '../helpers/eventually.js';
const CAT_JPG = join(IMAGE_FIXTURES, 'media', 'upload', '1', '3f2a9c1e-cat.jpg');

const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="label" toName="image">' +
  '<Label value="Cat" background="#f59e0b"/><Label value="Dog" background="#3b82f6"/></RectangleLabels></View>';

/** The editor is up, and its Submit button is whole inside its frame and the window: nothing of it cut off. */
async function expectSubmitInView(page: Page) {
  const submit = editorButton(page, 'Submit');
  await submit.waitFor({ timeout: 60_000 });
  const button = (await submit.boundingBox())!;
  const frame = (await page.locator('iframe[title^="Labeling editor"]').boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  expect(button.x).toBeGreaterThanOrEqual(frame.x - 1);
  expect(button.x + button.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // The editor keeps its working height (26rem at least) whatever sits beside or above it.
  expect(frame.height).toBeGreaterThanOrEqual(26 * 16 - 1);
}

async function openExport(page: Page) {
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('dialog', { name: /^Export/ }).waitFor();
}

/** Every page the app has (renderer/src/router.ts), and the export dialog. A new page is one line. */
const STOPS: TourStop[] = [
  { name: 'projects', hash: () => '#/' },
  { name: 'app-settings', hash: () => '#/settings', sections: true },
  { name: 'sync', hash: () => '#/sync' },
  { name: 'project-data', hash: (ids) => `#/projects/${ids.project}` },
  { name: 'project-export', hash: (ids) => `#/projects/${ids.project}`, open: openExport },
  { name: 'project-import', hash: (ids) => `#/projects/${ids.project}/import` },
  { name: 'project-settings', hash: (ids) => `#/projects/${ids.project}/settings`, sections: true },
  { name: 'project-dashboard', hash: (ids) => `#/projects/${ids.project}/dashboard`, ready: dashboardDrawn },
  { name: 'project-conflicts', hash: (ids) => `#/projects/${ids.project}/conflicts` },
  { name: 'labeling', hash: (ids) => `#/projects/${ids.project}/tasks/${ids.task}`, ready: expectSubmitInView },
  { name: 'label-stream', hash: (ids) => `#/projects/${ids.project}/label`, ready: expectSubmitInView },
];

/** The dashboard's charts load on their own after the page heading. */
async function dashboardDrawn(page: Page): Promise<void> {
  await page.getByText('Loading the dashboard…').waitFor({ state: 'detached', timeout: 15_000 });
}

/** The desktop window's default and a narrow one; the window's minimum (800 px) is checked in light. */
const RUNS: { width: number; theme: Theme }[] = [
  { width: 1440, theme: 'light' },
  { width: 1440, theme: 'dark' },
  { width: 900, theme: 'light' },
  { width: 900, theme: 'dark' },
  { width: 800, theme: 'light' },
];

describe('every page at 1440 and 900 px, in light and dark', () => {
  let server: E2eServer;
  let remote: RemoteOutpost;
  let browser: Browser;
  let recorded: RecordedPage;
  const ids: TourIds = { project: 0, task: 0 };

  beforeAll(async () => {
    [server, remote] = await Promise.all([startE2eServer('tour'), startRemoteOutpost()]);
    const project = await server.api<{ id: number }>('POST', '/api/projects/', {
      title: 'Street cats',
      description: 'Boxes around every cat in the street survey.',
      color: '#f59e0b',
      label_config: IMAGE_CONFIG,
      // Shown beside the editor on opening: the narrow runs check the editor still fits beside it.
      expert_instruction: '<p>Draw one box around each cat, ears and tail included. Skip blurred photos.</p>',
      show_instruction: true,
    });
    ids.project = project.id;
    const form = new FormData();
    form.append('file', new Blob([readFileSync(CAT_JPG)], { type: 'image/jpeg' }), 'cat.jpg');
    const imported = await server.api<{ task_ids?: number[] }>(
      'POST',
      `/api/projects/${ids.project}/import?return_task_ids=true`,
      form,
    );
    ids.task = imported.task_ids![0]!;
    // A second task, annotated by someone a sync brought, so the data manager shows a person.
    const cat = await server.api<{ data: { image: string } }>('GET', `/api/tasks/${ids.task}/`);
    const [other] = (
      await server.api<{ task_ids: number[] }>('POST', `/api/projects/${ids.project}/import?return_task_ids=true`, [
        { image: cat.data.image },
      ])
    ).task_ids;
    const db = openDatabase(join(server.dataDir, 'outpost.db'));
    try {
      const now = new Date().toISOString();
      const ana = db
        .prepare(
          `INSERT INTO users (email, first_name, last_name, date_joined, last_activity, is_local)
           VALUES ('ana.lima@example.com', 'Ana', 'Lima', ?, ?, 0)`,
        )
        .run(now, now).lastInsertRowid;
      addAnnotation(db, other!, { completed_by: Number(ana), result: [] });
    } finally {
      db.close();
    }
    await server.api('POST', '/api/projects/', { title: 'Review sentiment', color: '#3b82f6' });
    await server.api('POST', '/api/outpost/remotes/', { url: remote.url, token: remote.token, name: 'Team server' });
    browser = await launchChromium();
    // One context for the whole tour: the login link is single-use. The theme follows the system, emulated here.
    // The label stream's one task has nothing after it: its look ahead is answered 404.
    recorded = await openRecordedPage(
      browser,
      { colorScheme: 'light', viewport: { width: 1440, height: 900 } },
      STREAM_END,
    );
    await recorded.page.goto(server.cli.login, { waitUntil: 'load' });
    await recorded.page.locator('main h1').first().waitFor({ timeout: 15_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), remote?.stop()]);
  });

  for (const { width, theme } of RUNS) {
    it(`${width} px, ${theme}: no sideways scroll, one left edge for headings, no serious axe finding`, async () => {
      const { page } = recorded;
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      const reports: Record<string, StopReport> = {};
      for (const stop of STOPS) reports[stop.name] = await visitStop(page, server.origin, stop, ids, width, theme);

      const wrong = (pick: (report: StopReport) => unknown, isRight: (value: unknown) => boolean) =>
        Object.fromEntries(
          Object.entries(reports)
            .map(([name, report]) => [name, pick(report)] as const)
            .filter(([, value]) => !isRight(value)),
        );
      expect(
        wrong(
          (report) => report.sideways,
          (value) => JSON.stringify(value) === '{"page":0,"main":0}',
        ),
      ).toEqual({});
      const edge = reports.projects!.headingLeft;
      expect(
        wrong(
          (report) => report.headingLeft,
          (left) => left === edge,
        ),
      ).toEqual({});
      expect(
        wrong(
          (report) => report.axe,
          (found) => (found as unknown[]).length === 0,
        ),
      ).toEqual({});
    }, 300_000);
  }

  it('lets keyboard users skip the header: the link moves focus to the page and keeps the route', async () => {
    const { page } = recorded;
    await page.goto(`${server.origin}/#/projects/${ids.project}/settings`, { waitUntil: 'load' });
    await page.reload({ waitUntil: 'load' });
    await page.locator('main h1').first().waitFor();
    await page.keyboard.press('Tab');
    await expectEventually(() => page.locator(':focus').textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expectEventually(() => page.locator('#main:focus').count()).toBe(1);
    expect(new URL(page.url()).hash).toBe(`#/projects/${ids.project}/settings`);
  });

  it('made no request outside the server and logged no errors on the way', async () => {
    recorded.expectClean(server.origin);
    await recorded.context.close();
  });
});
