import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eServer } from '../helpers/e2eServer.js';
import { drawRectangle } from '../helpers/editorRegions.js';
import { waitUntil } from '../helpers/eventually.js';
import { importMedia } from '../helpers/labelingMedia.js';
import {
  createProject,
  editorButton,
  labelingEditor,
  openLabelingSession,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { encodeRgbPng, generateScene, maskIou } from '../helpers/segmentScenes.js';
import { brushMask } from '../ml/segmentApi.js';
import { ML_EXPECTED_FAILURES } from './mlPage.js';

/*
 * Click-to-segment in the bundled editor (Label Studio 1.4.0) against `outpost serve`: with the
 * built-in model connected as an interactive backend and Auto-Annotation on, a smart box drawn
 * around an object comes back as a brush mask suggestion, and the submitted annotation keeps it.
 */

const CONFIG = `<View>
  <Image name="image" value="$image"/>
  <BrushLabels name="tag" toName="image"><Label value="Fruit"/></BrushLabels>
  <RectangleLabels name="box" toName="image" smart="true"><Label value="Find fruit"/></RectangleLabels>
</View>`;

const scene = generateScene(31, 'ellipse', 400, 300);

describe('click-to-segment in Chromium against outpost serve', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let projectId: number;
  let taskId: number;

  beforeAll(async () => {
    session = await openLabelingSession('segment-interactive', {
      expected: ML_EXPECTED_FAILURES,
      async setup(started) {
        projectId = await createProject(started, 'Fruit masks', CONFIG);
        [taskId] = (await importMedia(
          started,
          projectId,
          'fruit.png',
          encodeRgbPng(scene.width, scene.height, scene.pixels),
        )) as [number];
        await started.api('POST', '/api/ml', {
          project: projectId,
          url: 'outpost:local-model',
          title: 'Built-in',
          is_interactive: true,
        });
      },
    });
    ({ server, page } = session);
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('answers a smart box with a mask of the object, and Submit saves it as a brush result', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${taskId}`);
    await waitForEditor(page, 'Submit');
    const toggle = labelingEditor(page).getByRole('checkbox', { name: 'Auto-Annotation' });
    await toggle.check();
    const margin = 6;
    await drawRectangle(
      page,
      'Find fruit',
      { x: (scene.box.x - margin) / scene.width, y: (scene.box.y - margin) / scene.height },
      {
        x: (scene.box.x + scene.box.width + margin) / scene.width,
        y: (scene.box.y + scene.box.height + margin) / scene.height,
      },
    );
    const accept = labelingEditor(page).locator('.lsf-dynamic-preannotations__action_type_accept');
    await accept.waitFor();
    await accept.click();
    await editorButton(page, 'Submit').click();
    const brush = await waitUntil(async () => {
      const annotations = (await server.api('GET', `/api/tasks/${taskId}/annotations/`)) as {
        result: Record<string, unknown>[];
      }[];
      return annotations[0]?.result.find((item) => item.type === 'brushlabels') ?? null;
    }, 'a submitted brush result');
    expect(brush).toMatchObject({ from_name: 'tag', value: { format: 'rle', brushlabels: ['Fruit'] } });
    expect(maskIou(brushMask(brush, scene), scene.truth)).toBeGreaterThanOrEqual(0.8);
    await toggle.uncheck();
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 5, allowDataUrls: false, allowBlobUrls: true });
  });
});
