import { generateScene } from '../helpers/segmentScenes.js';
import { describeSmartSegmentation } from './smartSegmentation.js';

/*
 * The smart box: the bundled editor does not announce a box drawn with its smart rectangle tool
 * itself (renderer/src/features/labeling/host/smartRectangles.ts does), so this fails without that.
 */

const scene = generateScene(21, 'blob', 640, 480);

describeSmartSegmentation({
  name: 'smart box',
  promptControl:
    '<RectangleLabels name="box" toName="image" smart="true"><Label value="Find object" background="#000"/></RectangleLabels>',
  toolName: 'RectangleTool',
  scene,
  async prompt(page, canvas) {
    // From one corner of the object's box to the other, a little outside it.
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
  },
});
