import { generateScene } from '../helpers/segmentScenes.js';
import { describeSmartSegmentation } from './smartSegmentation.js';

/* The smart key point, which the bundled editor announces itself: a click well inside the object. */

const scene = generateScene(22, 'ellipse', 600, 400);

describeSmartSegmentation({
  name: 'smart point',
  promptControl:
    '<KeyPointLabels name="point" toName="image" smart="true"><Label value="Find object" smart="true"/></KeyPointLabels>',
  toolName: 'KeyPointTool',
  scene,
  async prompt(page, canvas) {
    const x = canvas.x + (scene.inside.x / scene.width) * canvas.width;
    const y = canvas.y + (scene.inside.y / scene.height) * canvas.height;
    await page.mouse.click(x, y);
  },
});
