import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedEditorManifest, ProjectEditor } from '../../../shared/api/editor.js';
import { SCREENSHOTS } from '../../helpers/e2eServer.js';
import {
  labelingEditor,
  openLabelingSession,
  EDITOR_FRAME,
  STREAM_END,
  type LabelingSession,
} from '../../helpers/labelingPage.js';
import { notification } from '../../e2e/storagePage.js';
import { startLabelStudio, type LabelStudioServer } from '../labelStudio.js';
import { submitDateOnOwnPage } from './labelStudioOwnPage.js';
import { labelStudioApi, listTasks, type HttpJson, type Json } from '../sync/syncRig.js';
import { expectEventually, waitUntil } from '../../helpers/eventually.js';
import { editorResult } from '../../helpers/editorRegions.js';
import { encodeRgbPng, generateScene, maskIou } from '../../helpers/segmentScenes.js';
import { uploadFiles } from '../ml/imageModelRig.js';
import { acceptSuggestion, drawSmartBox, savedBrushRegions, SMART_BOX_CONFIG } from './smartBoxIn122.js';

/*
 * Labeling with a remote's own editor, against the real Label Studio 1.22: a project whose config
 * uses a tag the bundled editor (1.4.0) lacks (DateTime) is synced, Label Studio is stopped, the
 * task is labeled in Outpost with the editor cached from it, and the push lands on the server with
 * the result that Label Studio's own labeling page produces for the same input (labeled there, in
 * Chromium). Then click-to-segment with it: a smart box drawn in the 1.22 editor comes back as the
 * built-in model's mask and is saved as brush RLE.
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

  const sync = async (projects = [remoteProject]) => {
    const run = await session.server.api<{ id: number }>('POST', `/api/outpost/remotes/${remoteId}/sync`, {
      projects,
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
  const mirrorOf = async (remoteProjectId: number) => {
    const mirrors = await session.server.api<{ id: number; mirror: { project: number } | null }[]>(
      'GET',
      `/api/outpost/remotes/${remoteId}/projects`,
    );
    return mirrors.find((candidate) => candidate.id === remoteProjectId)!.mirror!.project;
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
        // Labeled only here, through the label stream.
        { text: 'Rain gauge at the weir' },
        { text: 'Snow depth at the pass' },
      ],
    );
    remoteTasks = imported.task_ids;
    session = await openLabelingSession('remote-editor', {
      // A remote's editor code runs here: the browser as users run it.
      launch: { siteIsolation: true },
      expected: STREAM_END,
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
    project = await mirrorOf(remoteProject);

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

  // It starts Label Studio again first, which its own bound allows 300 s (74 s of this case on a
  // loaded machine), before its pushes and Label Studio's own page.
  it(
    'pushes it: Label Studio holds what its own labeling page makes of the same input',
    { timeout: 420_000 },
    async () => {
      await ls.start();
      const run = await sync();
      expect(run.errors).toEqual([]);
      const pushed = await datetimeResults(remoteTasks[0]!);

      // The same date given in Label Studio's own labeling page, for the other task.
      await submitDateOnOwnPage(ls, remoteProject, remoteTasks[1]!, DATE);
      await expectEventually(() => datetimeResults(remoteTasks[1]!), { timeout: 30_000 }).toHaveLength(1);
      expect(pushed).toEqual(await datetimeResults(remoteTasks[1]!));
      expect(pushed).toEqual([
        { value: { datetime: DATE }, from_name: 'when', to_name: 'text', type: 'datetime', origin: 'manual' },
      ]);
      const tasks = await listTasks(remote, remoteProject);
      expect(tasks.map((task) => task.annotations.map((annotation) => annotation.was_cancelled))).toEqual([
        [false],
        [false],
        [true],
        [],
        [],
      ]);
    },
  );

  it('labels the stream with it, each next task built beforehand out of sight and swapped in', async () => {
    // Here the second task has no annotation yet (Label Studio's own page labeled it after the sync).
    await page.goto(`${session.server.cli.url}/#/projects/${project}/label`);
    const ids = (await session.server.api<{ tasks: { id: number }[] }>('GET', `/api/tasks/?project=${project}`)).tasks;
    const [, second, , fourth, fifth] = ids.map((task) => task.id) as [number, number, number, number, number];
    const heading = (id: number) => page.getByRole('heading', { name: `Task ${id}`, level: 1 });
    const ahead = page.locator('iframe[title="The next task, made ready out of sight"]');
    const shown = page.locator(EDITOR_FRAME);

    for (const [task, next, text] of [
      [second, fourth, 'Rain gauge at the weir'],
      [fourth, fifth, 'Snow depth at the pass'],
    ] as const) {
      await heading(task).waitFor();
      // The next task is already in the editor, in a frame off the screen; this page marks that frame.
      await page.frameLocator('iframe[title^="The next task"]').getByText(text).waitFor({ state: 'attached' });
      await ahead.evaluate((frame: HTMLElement) => (frame.dataset.builtAhead = 'yes'));
      await labelingEditor(page).locator('input[type="date"]').fill(DATE);
      await labelingEditor(page).getByRole('button', { name: 'Submit' }).click();
      await heading(next).waitFor();
      // The frame on screen is the one built ahead: no editor was started for the next task.
      await expectEventually(() => shown.getAttribute('data-built-ahead')).toBe('yes');
      await labelingEditor(page).getByText(text).waitFor();
      await expectEventually(
        async () => (await session.server.api<Json[]>('GET', `/api/tasks/${task}/annotations/`)).length,
      ).toBe(1);
    }
    session.expectClean(session.server.origin, { moreThan: 10 });
  });

  it('segments with it: a smart box comes back as the built-in model’s mask, saved as brush RLE', async () => {
    const scene = generateScene(21, 'blob', 640, 480);
    const orchard = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Orchard', label_config: SMART_BOX_CONFIG })
    ).id;
    const fruit = encodeRgbPng(scene.width, scene.height, scene.pixels);
    await uploadFiles(remote, orchard, [{ name: 'fruit.png', bytes: fruit }]);
    expect((await sync([orchard])).errors).toEqual([]);
    const local = await mirrorOf(orchard);
    const [task] = (await session.server.api<{ tasks: { id: number }[] }>('GET', `/api/tasks/?project=${local}`)).tasks;
    const backend = { project: local, url: 'outpost:local-model', title: 'Built-in model', is_interactive: true };
    await session.server.api('POST', '/api/ml', backend);

    // Room for the whole image beside 1.22's panels.
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${session.server.cli.url}/#/projects/${local}/tasks/${task!.id}`);
    await drawSmartBox(page, scene);
    await acceptSuggestion(page);
    await expectEventually(async () => (await editorResult(page)).map((item) => item.type)).toContain('brushlabels');
    await page.screenshot({ path: join(SCREENSHOTS, 'segment-smart-box-cached-1.22.png') });
    await labelingEditor(page).getByRole('button', { name: 'Submit' }).click();
    await notification(page, 'Annotation submitted.').waitFor();

    const saved = await savedBrushRegions(session.server, task!.id, scene);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.value).toMatchObject({ format: 'rle', brushlabels: ['Fruit'] });
    expect(maskIou(saved[0]!.mask, scene.truth)).toBeGreaterThanOrEqual(0.9);
    // 1.22 announces the smart box itself; the host's stand-in for 1.4.0 must not ask a second time.
    expect(session.record.requests.filter((url) => url.endsWith('/interactive-annotating'))).toHaveLength(1);
    session.expectClean(session.server.origin, { moreThan: 10, allowBlobUrls: true });
  });
});
