import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRleAlpha, rleBytes } from '../../shared/brush/rleDecode.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { editorResult, editorWindow } from '../helpers/editorRegions.js';
import { expectEventually, waitUntil } from '../helpers/eventually.js';
import {
  createProject,
  editorButton,
  labelingEditor,
  openLabelingSession,
  taskIds,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { encodeRgbPng, generateScene, maskIou, type Scene } from '../helpers/segmentScenes.js';
import { ML_EXPECTED_FAILURES, notification } from './mlPage.js';

/*
 * Click-to-segment in the bundled editor with a box: with the built-in model connected as an
 * interactive model, Auto-Annotation on and the editor's smart rectangle tool picked, a box drawn
 * around the object goes to the model, whose brush mask comes back into the annotation; once
 * submitted, the stored mask matches the object the scene was drawn with.
 */

/** Brush output, and a smart box prompt whose label differs, so each label button is unique. */
const CONFIG = `<View>
  <Image name="image" value="$image"/>
  <BrushLabels name="tag" toName="image"><Label value="Fruit"/></BrushLabels>
  <RectangleLabels name="box" toName="image" smart="true"><Label value="Find object" background="#000"/></RectangleLabels>
</View>`;

interface SavedTask {
  annotations: { result: { type: string; value: Record<string, unknown> }[] }[];
}

describe('a smart box drawn in the editor comes back as the built-in model’s brush mask', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let projectId: number;
  let taskId: number;
  const scene: Scene = generateScene(21, 'blob', 640, 480);

  beforeAll(async () => {
    session = await openLabelingSession('segment-smart-box', {
      expected: ML_EXPECTED_FAILURES,
      async setup(started) {
        projectId = await createProject(started, 'Fruit masks', CONFIG);
        const form = new FormData();
        form.append(
          'file',
          new Blob([new Uint8Array(encodeRgbPng(scene.width, scene.height, scene.pixels))]),
          'fruit.png',
        );
        await started.api('POST', `/api/projects/${projectId}/import`, form);
        [taskId] = (await taskIds(started, projectId)) as [number];
        await started.api('POST', '/api/ml', {
          project: projectId,
          url: 'outpost:local-model',
          title: 'Built-in model',
          is_interactive: true,
        });
      },
    });
    ({ server, page } = session);
    page.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  /** Drags from one corner of the scene's object box to the other, on the image canvas. */
  async function dragAroundObject(): Promise<void> {
    const canvas = labelingEditor(page).locator('.konvajs-content').first();
    const box = await waitUntil(() => canvas.boundingBox(), 'the image canvas on screen');
    const at = (x: number, y: number) => ({
      x: box.x + (x / scene.width) * box.width,
      y: box.y + (y / scene.height) * box.height,
    });
    const from = at(scene.box.x - 2, scene.box.y - 2);
    const to = at(scene.box.x + scene.box.width + 2, scene.box.y + scene.box.height + 2);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
  }

  /** The editor's selected tool for the image: its kind, and whether it is a smart one. */
  async function selectedTool(): Promise<{ name: string; smart: boolean } | null> {
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

  it('sends the smart box to the model and shows its brush mask as a region', { timeout: 60_000 }, async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${taskId}`);
    await waitForEditor(page, 'Submit');
    const editor = labelingEditor(page);
    await waitUntil(
      () =>
        editor
          .locator('img[src^="blob:"]')
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
      'the task image loaded',
    );
    await editor.getByRole('checkbox', { name: 'Auto-Annotation' }).check();
    await editor.getByText('Find object', { exact: true }).click();
    // The editor's "Auto-Detect" button, shown only with Auto-Annotation on, picks its smart tools in
    // turn: the smart brush first, then the smart rectangle.
    const smartTool = editor.locator('.lsf-tool_smart').first();
    await smartTool.click();
    await expectEventually(() => selectedTool()).toEqual({ name: 'BrushTool', smart: true });
    await smartTool.click();
    await expectEventually(() => selectedTool()).toEqual({ name: 'RectangleTool', smart: true });
    await dragAroundObject();
    // The answer is a suggestion until accepted.
    const accept = editor.locator('.lsf-dynamic-preannotations__action_type_accept');
    await accept.waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'segment-smart-box-suggestion-light.png') });
    await accept.click();
    await expectEventually(async () => (await editorResult(page)).map((item) => item.type)).toContain('brushlabels');
    await page.screenshot({ path: join(SCREENSHOTS, 'segment-smart-box-light.png') });
  });

  it('saves the mask on submit, and it matches the object', async () => {
    await editorButton(page, 'Submit').click();
    await notification(page, 'Annotation submitted.').waitFor();
    const task = await server.api<SavedTask>('GET', `/api/tasks/${taskId}/`);
    expect(task.annotations).toHaveLength(1);
    const brush = task.annotations[0]!.result.find((item) => item.type === 'brushlabels');
    expect(brush?.value).toMatchObject({ format: 'rle', brushlabels: ['Fruit'] });
    const alpha = decodeRleAlpha(rleBytes(brush!.value.rle), scene.width, scene.height);
    const mask = alpha.map((value) => (value > 0 ? 1 : 0));
    expect(maskIou(mask, scene.truth)).toBeGreaterThanOrEqual(0.9);
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 5, allowDataUrls: false, allowBlobUrls: true });
  });
});
