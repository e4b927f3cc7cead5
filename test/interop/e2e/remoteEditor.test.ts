import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedEditorManifest, ProjectEditor } from '../../../shared/api/editor.js';
import { launchChromium } from '../../helpers/chromium.js';
import { SCREENSHOTS } from '../../helpers/e2eServer.js';
import { labelingEditor, openLabelingSession, type LabelingSession } from '../../helpers/labelingPage.js';
import { notification } from '../../e2e/storagePage.js';
import { startLabelStudio, type LabelStudioServer } from '../labelStudio.js';
import { labelStudioApi, listTasks, type HttpJson, type Json } from '../sync/syncRig.js';
import { waitUntil } from '../../helpers/eventually.js';

/*
 * Labeling with a remote's own editor, against the real Label Studio 1.22: a project whose config
 * uses a tag the bundled editor (1.4.0) lacks (DateTime) is synced, Label Studio is stopped, the
 * task is labeled in Outpost with the editor cached from it, and the push lands on the server with
 * the result that Label Studio's own labeling page produces for the same input (labeled there, in
 * Chromium).
 */

const CONFIG =
  '<View><Text name="text" value="$text"/>' +
  '<DateTime name="when" toName="text" only="date" required="true"/></View>';
const DATE = '2024-03-05';
const FIRST_GUESS = '2024-02-29';

describe('labeling with the remote’s own editor, offline', () => {
  let ls: LabelStudioServer;
  let remote: HttpJson;
  let session: LabelingSession;
  let page: Page;
  let remoteProject: number;
  let remoteTasks: number[];
  let remoteId: number;
  let project: number;

  const sync = async () => {
    const run = await session.server.api<{ id: number }>('POST', `/api/outpost/remotes/${remoteId}/sync`, {
      projects: [remoteProject],
    });
    return waitUntil(
      async () => {
        const runs = await session.server.api<{ id: number; finished_at: string | null; errors: Json[] }[]>(
          'GET',
          `/api/outpost/remotes/${remoteId}/runs`,
        );
        return runs.find((candidate) => candidate.id === run.id && candidate.finished_at);
      },
      'the sync to finish',
      120_000,
    );
  };
  const datetimeResults = async (task: number) =>
    (await remote.call<{ result: Json[] }[]>('GET', `/api/tasks/${task}/annotations/`)).flatMap((annotation) =>
      annotation.result.map(({ id: _id, ...rest }) => rest),
    );

  beforeAll(async () => {
    ls = await startLabelStudio();
    remote = labelStudioApi(ls);
    remoteProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'River survey', label_config: CONFIG })
    ).id;
    const imported = await remote.call<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${remoteProject}/import?return_task_ids=true`,
      [
        { text: 'Water level at the north gauge' },
        { text: 'Water level at the south gauge' },
        { text: 'Gauge out of order' },
      ],
    );
    remoteTasks = imported.task_ids;
    session = await openLabelingSession('remote-editor', {
      // A remote's editor code runs here: the browser as users run it.
      launch: { siteIsolation: true },
    });
    page = session.page;
    page.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await session?.close();
    await ls?.dispose();
  });

  it('caches the editor Label Studio serves when the remote is added and synced', async () => {
    remoteId = (
      await session.server.api<{ id: number }>('POST', '/api/outpost/remotes/', { url: ls.url, token: ls.user.token })
    ).id;
    const run = await sync();
    expect(run.errors).toEqual([]);
    const mirrors = await session.server.api<{ id: number; mirror: { project: number } | null }[]>(
      'GET',
      `/api/outpost/remotes/${remoteId}/projects`,
    );
    project = mirrors.find((candidate) => candidate.id === remoteProject)!.mirror!.project;

    const editor = await session.server.api<ProjectEditor>('GET', `/api/outpost/projects/${project}/editor`);
    expect(editor).toMatchObject({ kind: 'cached', version: '1.22.0', source: ls.url, notice: null });
    expect(editor.tags).toEqual(expect.arrayContaining(['datetime', 'ranker', 'videorectangle', 'timelinelabels']));
    const version = await remote.call<{ 'label-studio-frontend': { commit: string } }>('GET', '/api/version');
    expect(editor.key).toBe(`${remoteId}/1.22.0-${version['label-studio-frontend'].commit.slice(0, 12)}`);

    // Every file is the server's own, byte for byte.
    const folder = join(session.server.dataDir, 'editors', editor.key!);
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as CachedEditorManifest;
    expect(manifest.files.map((file) => file.name)).toEqual(
      expect.arrayContaining(['runtime.js', 'vendor.js', 'main.js', '853.js', '853.css']),
    );
    const pathOf = (name: string) =>
      manifest.site_files?.find((file) => file.name === name)?.path ?? `/react-app/${name}`;
    expect(manifest.site_files).toEqual(
      expect.arrayContaining([{ path: '/static/fonts/Figtree-Regular.ttf', name: 'Figtree-Regular.ttf' }]),
    );
    for (const file of manifest.files) {
      const served = Buffer.from(await (await fetch(`${ls.url}${pathOf(file.name)}`)).arrayBuffer());
      expect(createHash('sha256').update(served).digest('hex'), file.name).toBe(file.sha256);
    }
  });

  it('labels DateTime tasks with it while Label Studio is stopped: submit, update, skip', async () => {
    await ls.stop();
    const [task, , third] = (
      await session.server.api<{ tasks: { id: number }[] }>('GET', `/api/tasks/?project=${project}`)
    ).tasks;
    await page.goto(`${session.server.cli.url}/#/projects/${project}/tasks/${task!.id}`);
    const editor = labelingEditor(page);
    await editor.locator('input[type="date"]').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'labeling-cached-editor-1.22.png') });
    await editor.locator('input[type="date"]').fill(FIRST_GUESS);
    await editor.getByRole('button', { name: 'Submit' }).click();
    await notification(page, 'Annotation submitted.').waitFor();
    await editor.locator('input[type="date"]').fill(DATE);
    // 1.22 labels its Update button "submit" for assistive technology; its text says Update.
    await editor.locator('button', { hasText: /^Update$/ }).click();
    await notification(page, 'Annotation updated.').waitFor();

    await page.goto(`${session.server.cli.url}/#/projects/${project}/tasks/${third!.id}`);
    await labelingEditor(page).getByRole('button', { name: 'Skip' }).click();
    await notification(page, 'Task skipped.').waitFor();
    const skipped = await session.server.api<{ cancelled_annotations: number }>('GET', `/api/tasks/${third!.id}/`);
    expect(skipped.cancelled_annotations).toBe(1);

    const local = await session.server.api<{ result: Json[] }[]>('GET', `/api/tasks/${task!.id}/annotations/`);
    expect(local.map((annotation) => annotation.result.map(({ id: _id, ...rest }) => rest))).toEqual([
      [{ value: { datetime: DATE }, from_name: 'when', to_name: 'text', type: 'datetime', origin: 'manual' }],
    ]);
    // Everything the editor loaded (its fonts too) came from Outpost, nothing failed or logged an
    // error: the page never asked Label Studio, or anyone else.
    session.expectClean(session.server.origin, { moreThan: 10 });
    expect(session.record.requests).toContain(`${session.server.origin}/static/fonts/Figtree-Regular.ttf`);
  });

  it('pushes it: Label Studio holds what its own labeling page makes of the same input', async () => {
    await ls.start();
    const run = await sync();
    expect(run.errors).toEqual([]);
    const pushed = await datetimeResults(remoteTasks[0]!);

    // The same date given in Label Studio's own labeling page, for the other task.
    const browser: Browser = await launchChromium();
    try {
      const own = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await own.goto(`${ls.url}/user/login/`);
      await own.locator('input[name="email"]').fill(ls.user.email);
      await own.locator('input[name="password"]').fill(ls.user.password);
      await own.locator('button[type="submit"], input[type="submit"]').first().click();
      await own.waitForURL((url) => !url.pathname.startsWith('/user/login'));
      await own.goto(`${ls.url}/projects/${remoteProject}/data?task=${remoteTasks[1]}`);
      const date = own.locator('input[type="date"]');
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
        if ((await date.inputValue()) !== DATE) await date.fill(DATE);
        await expect.poll(() => date.inputValue()).toBe(DATE);
        // A warning opening meanwhile takes the click: the next round closes it.
        if (await submit.isVisible()) await submit.click({ timeout: 10_000 }).catch(() => undefined);
        await Promise.race([
          posted.catch(() => undefined),
          warning.waitFor({ timeout: 15_000 }).catch(() => undefined),
        ]);
      }
      expect((await posted).status()).toBe(201);
      await expect.poll(() => datetimeResults(remoteTasks[1]!), { timeout: 30_000 }).toHaveLength(1);
    } finally {
      await browser.close();
    }
    expect(pushed).toEqual(await datetimeResults(remoteTasks[1]!));
    expect(pushed).toEqual([
      { value: { datetime: DATE }, from_name: 'when', to_name: 'text', type: 'datetime', origin: 'manual' },
    ]);
    const tasks = await listTasks(remote, remoteProject);
    expect(tasks.map((task) => task.annotations.map((annotation) => annotation.was_cancelled))).toEqual([
      [false],
      [false],
      [true],
    ]);
  });
});
