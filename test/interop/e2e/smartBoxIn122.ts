import type { Page } from 'playwright-core';
import { decodeRleAlpha, rleBytes } from '../../../shared/brush/rleDecode.js';
import type { E2eServer } from '../../helpers/e2eServer.js';
import { selectedTool, waitForTaskImage } from '../../helpers/editorRegions.js';
import { expectEventually, waitUntil } from '../../helpers/eventually.js';
import { labelingEditor } from '../../helpers/labelingPage.js';
import type { Scene } from '../../helpers/segmentScenes.js';

/*
 * Click-to-segment as an annotator does it in Label Studio 1.22's editor (cached from a remote and
 * shown by Outpost): Auto-Annotation on, the smart box picked with the Auto-Detect button, a box
 * dragged around the object, and the model's answer accepted from 1.22's suggestion bar. The
 * bundled editor's own browser tests do the same in 1.4.0 (test/e2e/smartSegmentation.ts).
 */

/** An Image with BrushLabels for the mask and a smart RectangleLabels for the box that asks for it. */
export const SMART_BOX_CONFIG = `<View>
  <Image name="image" value="$image"/>
  <BrushLabels name="tag" toName="image"><Label value="Fruit"/></BrushLabels>
  <RectangleLabels name="box" toName="image" smart="true"><Label value="Find object" background="#000"/></RectangleLabels>
</View>`;

/** Draws a smart box a little outside the scene's object; the editor then asks the model. */
export async function drawSmartBox(page: Page, scene: Scene): Promise<void> {
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
  // 1.22's editor can scroll the image under its toolbar: the whole canvas must be in view.
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
}

/** Waits for the model's answer in 1.22's suggestion bar ("1 suggestion") and accepts it. */
export async function acceptSuggestion(page: Page): Promise<void> {
  const editor = labelingEditor(page);
  await editor.getByText('1 suggestion', { exact: false }).waitFor();
  await editor.locator('.lsf-auto-accept__action_type_accept').click();
}

/** The brush regions of a task's saved annotations, each with its mask decoded (1 inside). */
export async function savedBrushRegions(server: Pick<E2eServer, 'api'>, task: number, scene: Scene) {
  const annotations = await server.api<{ result: { type: string; value: Record<string, unknown> }[] }[]>(
    'GET',
    `/api/tasks/${task}/annotations/`,
  );
  return annotations.flatMap((annotation) =>
    annotation.result
      .filter((item) => item.type === 'brushlabels')
      .map((item) => ({
        value: item.value,
        mask: decodeRleAlpha(rleBytes(item.value.rle), scene.width, scene.height).map((alpha) => (alpha > 0 ? 1 : 0)),
      })),
  );
}
