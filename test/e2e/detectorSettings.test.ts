import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/axe.js';
import { SCREENSHOTS } from '../helpers/e2eServer.js';
import { chooseDetectorFile, classTable, detectorPanel, writeModelFile } from '../helpers/detectorPage.js';
import { expectEventually } from '../helpers/eventually.js';
import { createProject, openLabelingSession, type LabelingSession } from '../helpers/labelingPage.js';
import { flatPng, testDetector } from '../ml/detector/detectorApi.js';
import { SEGMENT_CONFIG, SEGMENTED_IMAGE, testSegmenter } from '../ml/detector/segmenterFixture.js';
import { ML_EXPECTED_FAILURES, modelCard, modelSection, openModelSettings } from './mlPage.js';

/*
 * The detector in the project settings, in Chromium on the embedded server: a file that is not a
 * model is refused with the server's reason; a generated segmenter is sent, its kind and classes
 * shown with the labels they become; the built-in model then previews its masks and boxes; the
 * panel passes an axe scan; a plain detector replaces it, its unmapped class marked; and the
 * detector is removed.
 */

const EXPECTED = [
  ...ML_EXPECTED_FAILURES,
  // The corrupt file chosen on purpose.
  { status: 400, path: /^\/api\/outpost\/ml\/detector$/, method: 'PUT' },
];

describe('the detector in the project settings', () => {
  let session: LabelingSession;
  let page: Page;
  let project: number;

  beforeAll(async () => {
    session = await openLabelingSession('detectorSettings', {
      expected: EXPECTED,
      async setup(started) {
        project = await createProject(started, 'Shapes', SEGMENT_CONFIG);
        const form = new FormData();
        const png = flatPng(SEGMENTED_IMAGE.width, SEGMENTED_IMAGE.height, 200);
        form.append('file', new Blob([new Uint8Array(png)]), 'scene.png');
        await started.api('POST', `/api/projects/${project}/import`, form);
      },
    });
    page = session.page;
    page.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('refuses a file that is not a model, shows a segmenter it was given, previews it and removes it', async () => {
    await openModelSettings(page, session.server, project);
    const panel = detectorPanel(page);
    await panel.getByTestId('detector-none').waitFor();

    await chooseDetectorFile(page, writeModelFile(Uint8Array.of(8, 7, 0x12, 0x40), 'broken.onnx'));
    await panel
      .getByTestId('detector-error')
      .getByText(/^File: broken\.onnx cannot be used as a detector: it is not an ONNX model/)
      .waitFor();

    await chooseDetectorFile(page, writeModelFile(testSegmenter(), 'shapes-seg.onnx'));
    await panel
      .getByTestId('detector-kind')
      .getByText(/^Segmenter \(YOLOv8\/v11\): masks for BrushLabels/)
      .waitFor();
    await panel.getByText('shapes-seg.onnx', { exact: true }).waitFor();
    await panel.getByText('64 × 64 pixels').waitFor();
    await expectEventually(() => classTable(panel)).toEqual([
      ['car', 'car'],
      ['person', 'person'],
    ]);
    await panel.getByText('2 of 2 classes have a label of this config.', { exact: true }).waitFor();
    await expectEventually(() => panel.getByTestId('detector-error').count()).toBe(0);

    await modelSection(page).getByRole('button', { name: 'Use the built-in offline model' }).click();
    const builtIn = modelCard(page, 'Built-in model');
    const skills = builtIn.getByTestId('local-model-skills');
    await skills.getByText('brush: masks from your ONNX segmenter (shapes-seg.onnx)', { exact: true }).waitFor();
    await skills.getByText('box: object detection with your ONNX model (shapes-seg.onnx)', { exact: true }).waitFor();
    await builtIn.getByRole('button', { name: 'Test Built-in model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test of Built-in model' });
    // Two masks as brushes, two as polygons, two boxes.
    await dialog.getByText(/, 6 regions$/).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expectEventually(() => seriousAxeViolations(page)).toEqual([]);
    await panel.screenshot({ path: join(SCREENSHOTS, 'detector-settings-light.png') });

    // Replaced by a plain detector with a class the config has no label for.
    await chooseDetectorFile(page, writeModelFile(testDetector(), 'cars.onnx'));
    await panel.getByTestId('detector-kind').getByText('Detector (YOLOv8/v11): boxes for RectangleLabels').waitFor();
    await expectEventually(() => classTable(panel)).toEqual([
      ['Car', 'car'],
      ['person', 'person'],
      ['tree', 'Not predicted: no label of this config matches'],
    ]);
    await panel.getByText('2 of 3 classes have a label of this config; 1 is never predicted.').waitFor();
    // The built-in model's card follows: a plain detector draws no masks.
    await expectEventually(() => skills.locator('li').allTextContents()).toEqual([
      'box: object detection with your ONNX model (cars.onnx)',
    ]);

    await panel.getByRole('button', { name: 'Remove the detector' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the detector?' })
      .getByRole('button', { name: 'Remove the detector' })
      .click();
    await panel.getByTestId('detector-none').waitFor();
    const status = await session.server.request('GET', `/api/outpost/ml/detector?project=${project}`);
    expect(status.status).toBe(200);
    expect(await status.json()).toBeNull();
  }, 120_000);
});
