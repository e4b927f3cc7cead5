import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRleAlpha, rleBytes } from '../../shared/brush/rleDecode.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { editorResult, selectedTool, waitForTaskImage } from '../helpers/editorRegions.js';
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
import { encodeRgbPng, maskIou, type Scene } from '../helpers/segmentScenes.js';
import { ML_EXPECTED_FAILURES, notification } from './mlPage.js';

/*
 * Click-to-segment in the bundled editor, for one smart tool: with the built-in model connected as
 * an interactive model, Auto-Annotation on and the smart tool picked, the prompt drawn on the object
 * goes to the model, whose brush mask comes back into the annotation; once submitted, the stored
 * mask matches the object the scene was drawn with.
 */

export interface SmartTool {
  /** Names the screenshots and the session. */
  name: string;
  /** The smart control of the config; its label differs from the brush's, so each label button is unique. */
  promptControl: string;
  /** The editor's tool it picks (the "Auto-Detect" button cycles: the smart brush first, then this). */
  toolName: string;
  scene: Scene;
  /** Draws the prompt on the image canvas, whose box on screen is given. */
  prompt(page: Page, canvas: { x: number; y: number; width: number; height: number }): Promise<void>;
}

interface SavedTask {
  annotations: { result: { type: string; value: Record<string, unknown> }[] }[];
}

export function describeSmartSegmentation(tool: SmartTool): void {
  const { scene } = tool;
  const config = `<View>
  <Image name="image" value="$image"/>
  <BrushLabels name="tag" toName="image"><Label value="Fruit"/></BrushLabels>
  ${tool.promptControl}
</View>`;

  describe(`a ${tool.name} in the editor comes back as the built-in model’s brush mask`, () => {
    let session: LabelingSession;
    let server: E2eServer;
    let page: Page;
    let projectId: number;
    let taskId: number;

    beforeAll(async () => {
      session = await openLabelingSession(`segment-${tool.name.replaceAll(' ', '-')}`, {
        expected: ML_EXPECTED_FAILURES,
        async setup(started) {
          projectId = await createProject(started, 'Fruit masks', config);
          const form = new FormData();
          const png = new Uint8Array(encodeRgbPng(scene.width, scene.height, scene.pixels));
          form.append('file', new Blob([png]), 'fruit.png');
          await started.api('POST', `/api/projects/${projectId}/import`, form);
          [taskId] = (await taskIds(started, projectId)) as [number];
          const backend = { project: projectId, url: 'outpost:local-model', title: 'Built-in model' };
          await started.api('POST', '/api/ml', { ...backend, is_interactive: true });
        },
      });
      ({ server, page } = session);
      page.setDefaultTimeout(15_000);
    }, 120_000);

    afterAll(async () => {
      await session?.close();
    });

    it(`sends the ${tool.name} to the model and shows its brush mask as a region`, { timeout: 60_000 }, async () => {
      await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${taskId}`);
      await waitForEditor(page, 'Submit');
      const editor = labelingEditor(page);
      await waitForTaskImage(page);
      await editor.getByRole('checkbox', { name: 'Auto-Annotation' }).check();
      await editor.getByText('Find object', { exact: true }).click();
      const smartTool = editor.locator('.lsf-tool_smart').first();
      await smartTool.click();
      await expectEventually(() => selectedTool(page)).toEqual({ name: 'BrushTool', smart: true });
      await smartTool.click();
      await expectEventually(() => selectedTool(page)).toEqual({ name: tool.toolName, smart: true });
      const canvas = editor.locator('.konvajs-content').first();
      await tool.prompt(page, await waitUntil(() => canvas.boundingBox(), 'the image canvas on screen'));
      // The answer is a suggestion until accepted.
      const accept = editor.locator('.lsf-dynamic-preannotations__action_type_accept');
      await accept.waitFor({ timeout: 20_000 });
      const shot = `segment-${tool.name.replaceAll(' ', '-')}`;
      await page.screenshot({ path: join(SCREENSHOTS, `${shot}-suggestion-light.png`) });
      await accept.click();
      await expectEventually(async () => (await editorResult(page)).map((item) => item.type)).toContain('brushlabels');
      await page.screenshot({ path: join(SCREENSHOTS, `${shot}-light.png`) });
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
}
