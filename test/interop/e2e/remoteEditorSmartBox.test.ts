import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeRleAlpha, rleBytes } from '../../../shared/brush/rleDecode.js';
import type { ProjectEditor } from '../../../shared/api/editor.js';
import { SCREENSHOTS } from '../../helpers/e2eServer.js';
import { editorResult, editorWindow, waitForTaskImage } from '../../helpers/editorRegions.js';
import { expectEventually, waitUntil } from '../../helpers/eventually.js';
import { labelingEditor, openLabelingSession, type LabelingSession } from '../../helpers/labelingPage.js';
import { encodeRgbPng, generateScene, maskIou } from '../../helpers/segmentScenes.js';
import { ML_EXPECTED_FAILURES, notification } from '../../e2e/mlPage.js';
import { uploadFiles } from '../ml/imageModelRig.js';
// The run's Label Studio, as the suite's set-up provides it (this file's type check sees that declaration here).
import type {} from '../globalSetup.js';
import { labelStudioApi, type Json } from '../sync/syncRig.js';

/*
 * Click-to-segment in the editor cached from the real Label Studio 1.22, the way the bundled
 * editor's own browser tests do it (test/e2e/smartSegmentation.ts): a mirrored Image+BrushLabels
 * project with the built-in model connected as an interactive model, Auto-Annotation on, a smart
 * box drawn around the object; the model's brush mask comes back as a suggestion, is accepted and
 * submitted, and the saved annotation holds it as brush RLE.
 */

const CONFIG = `<View>
  <Image name="image" value="$image"/>
  <BrushLabels name="tag" toName="image"><Label value="Fruit"/></BrushLabels>
  <RectangleLabels name="box" toName="image" smart="true"><Label value="Find object" background="#000"/></RectangleLabels>
</View>`;
const scene = generateScene(21, 'blob', 640, 480);

/** The editor's selected tool for the image: its kind, and whether it is a smart one. */
async function selectedTool(page: Page): Promise<{ name: string; smart: boolean } | null> {
  const frame = await editorWindow(page);
  return frame.evaluate(() => {
    type Tool = { toolName: string; dynamic: boolean };
    type Image = { getToolsManager(): { findSelectedTool(): Tool | undefined } };
    type Store = { annotationStore: { selected: { names: Map<string, Image> } } };
    const image = (globalThis as unknown as { Htx: Store }).Htx.annotationStore.selected.names.get('image');
    const tool = image?.getToolsManager().findSelectedTool();
    return tool ? { name: tool.toolName, smart: tool.dynamic } : null;
  });
}

describe('click-to-segment in the remote’s own 1.22 editor', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let session: LabelingSession;
  let page: Page;
  let project: number;
  let task: number;

  beforeAll(async () => {
    const remoteProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Orchard', label_config: CONFIG })
    ).id;
    await uploadFiles(remote, remoteProject, [
      { name: 'fruit.png', bytes: encodeRgbPng(scene.width, scene.height, scene.pixels) },
    ]);
    session = await openLabelingSession('remote-editor-smart-box', {
      launch: { siteIsolation: true },
      expected: ML_EXPECTED_FAILURES,
      async setup(server) {
        const remoteId = (
          await server.api<{ id: number }>('POST', '/api/outpost/remotes/', { url: ls.url, token: ls.user.token })
        ).id;
        const run = await server.api<{ id: number }>('POST', `/api/outpost/remotes/${remoteId}/sync`, {
          projects: [remoteProject],
        });
        const finished = await waitUntil(
          async () => {
            const runs = await server.api<{ id: number; finished_at: string | null; errors: Json[] }[]>(
              'GET',
              `/api/outpost/remotes/${remoteId}/runs`,
            );
            return runs.find((candidate) => candidate.id === run.id && candidate.finished_at);
          },
          'the sync to finish',
          120_000,
        );
        expect(finished.errors).toEqual([]);
        const mirrors = await server.api<{ id: number; mirror: { project: number } | null }[]>(
          'GET',
          `/api/outpost/remotes/${remoteId}/projects`,
        );
        project = mirrors.find((candidate) => candidate.id === remoteProject)!.mirror!.project;
        [task] = (await server.api<{ tasks: { id: number }[] }>('GET', `/api/tasks/?project=${project}`)).tasks.map(
          (item) => item.id,
        ) as [number];
        const backend = { project, url: 'outpost:local-model', title: 'Built-in model', is_interactive: true };
        await server.api('POST', '/api/ml', backend);
      },
    });
    page = session.page;
    page.setDefaultTimeout(30_000);
    await page.setViewportSize({ width: 1400, height: 1000 });
  }, 300_000);
  afterAll(async () => {
    await session?.close();
  });

  it('draws a smart box, shows the model’s mask, and saves it as brush RLE', { timeout: 180_000 }, async () => {
    const editorInfo = await session.server.api<ProjectEditor>('GET', `/api/outpost/projects/${project}/editor`);
    expect(editorInfo).toMatchObject({ kind: 'cached', version: '1.22.0' });
    await page.goto(`${session.server.cli.url}/#/projects/${project}/tasks/${task}`);
    const editor = labelingEditor(page);
    await waitForTaskImage(page);
    await editor.getByRole('checkbox', { name: 'Auto-Annotation' }).check();
    // The Auto-Detect button cycles through the smart tools: the smart brush first, then the box.
    const smartTool = editor.locator('.lsf-tool_smart').first();
    await smartTool.click();
    await expectEventually(() => selectedTool(page)).toEqual({ name: 'BrushTool', smart: true });
    await smartTool.click();
    await expectEventually(() => selectedTool(page)).toEqual({ name: 'RectangleTool', smart: true });
    await editor.getByText('Find object', { exact: true }).click();
    // 1.22's editor scrolls the image under its toolbar: bring the whole canvas into view first.
    const konva = editor.locator('.konvajs-content').first();
    await konva.scrollIntoViewIfNeeded();
    const canvas = await waitUntil(() => konva.boundingBox(), 'the image canvas on screen');
    const at = (x: number, y: number) => ({
      x: canvas.x + (x / scene.width) * canvas.width,
      y: canvas.y + (y / scene.height) * canvas.height,
    });
    const from = at(scene.box.x - 2, scene.box.y - 2);
    const to = at(scene.box.x + scene.box.width + 2, scene.box.y + scene.box.height + 2);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    // The answer is a suggestion until accepted; 1.22 counts them beside its accept button.
    await editor.getByText('1 suggestion', { exact: false }).waitFor();
    const accept = editor.locator('.lsf-auto-accept__action_type_accept');
    await page.screenshot({ path: join(SCREENSHOTS, 'segment-smart-box-cached-1.22-suggestion.png') });
    await accept.click();
    await expectEventually(async () => (await editorResult(page)).map((item) => item.type)).toContain('brushlabels');
    await page.screenshot({ path: join(SCREENSHOTS, 'segment-smart-box-cached-1.22.png') });

    await editor.getByRole('button', { name: 'Submit' }).click();
    await notification(page, 'Annotation submitted.').waitFor();
    const saved = await session.server.api<{ result: { type: string; value: Record<string, unknown> }[] }[]>(
      'GET',
      `/api/tasks/${task}/annotations/`,
    );
    expect(saved).toHaveLength(1);
    const brush = saved[0]!.result.find((item) => item.type === 'brushlabels');
    expect(brush?.value).toMatchObject({ format: 'rle', brushlabels: ['Fruit'] });
    const alpha = decodeRleAlpha(rleBytes(brush!.value.rle), scene.width, scene.height);
    expect(
      maskIou(
        alpha.map((value) => (value > 0 ? 1 : 0)),
        scene.truth,
      ),
    ).toBeGreaterThanOrEqual(0.9);
    // 1.22 announces the smart box itself; the host's stand-in for 1.4.0 must not ask a second time.
    const asked = session.record.requests.filter((url) => url.endsWith('/interactive-annotating'));
    expect(asked).toHaveLength(1);
    session.expectClean(session.server.origin, { moreThan: 10, allowBlobUrls: true });
  });
});
