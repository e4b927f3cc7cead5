import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopOcrEngine } from '../../electron/core/ml/local/ocr/ocrEngine.js';
import { SCREENSHOTS, type E2eServer } from '../helpers/e2eServer.js';
import { editorResult } from '../helpers/editorRegions.js';
import { expectEventually } from '../helpers/eventually.js';
import {
  createProject,
  labelingEditor,
  openLabelingSession,
  taskIds,
  waitForEditor,
  type LabelingSession,
} from '../helpers/labelingPage.js';
import { renderTextImages, type TextImage } from '../ml/ocrImages.js';
import { ML_EXPECTED_FAILURES } from './mlPage.js';
import { OCR_TEMPLATE } from '../ml/ocrCorpus.js';

/*
 * The OCR skill as an annotator meets it: a project on Label Studio's OCR template with an uploaded
 * scan, the built-in model connected, Retrieve Predictions from the Data Manager, then the task opened
 * in the editor, pre-labeled with one rectangle per text line and that line's transcription.
 */

const LINES = ['Receipt number 4417', 'Paid with card'];

describe('OCR predictions from the Data Manager, shown in the editor', () => {
  let session: LabelingSession;
  let server: E2eServer;
  let page: Page;
  let image: TextImage;
  let projectId: number;
  let taskId: number;

  beforeAll(async () => {
    [image] = (await renderTextImages([
      { width: 420, height: 120, lines: LINES, font: 'Liberation Sans', sizePx: 22 },
    ])) as [TextImage];
    session = await openLabelingSession('ocr-predictions', {
      expected: ML_EXPECTED_FAILURES,
      async setup(started) {
        projectId = await createProject(started, 'Receipts', OCR_TEMPLATE);
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(image.png)]), 'receipt.png');
        await started.api('POST', `/api/projects/${projectId}/import`, form);
        [taskId] = (await taskIds(started, projectId)) as [number];
        await started.api('POST', '/api/ml', {
          project: projectId,
          url: 'outpost:local-model',
          title: 'Built-in model',
        });
      },
    });
    ({ server, page } = session);
    page.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    stopOcrEngine();
    await session?.close();
  });

  it('retrieves the OCR prediction for the task from the Data Manager', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}`);
    await page.getByTestId('task-count').getByText('1 task', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: `Select task ${taskId}`, exact: true }).check();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Retrieve Predictions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retrieve predictions' });
    await dialog.getByRole('button', { name: 'Retrieve predictions (1)' }).click();
    const summary = dialog.getByTestId('prediction-summary');
    await summary.getByText('Retrieved 1 prediction.').waitFor({ timeout: 60_000 });
    await dialog.screenshot({ path: join(SCREENSHOTS, 'ocr-dm-summary-light.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
    const task = await server.api<{ total_predictions: number }>('GET', `/api/tasks/${taskId}/`);
    expect(task.total_predictions).toBe(1);
  });

  it('opens the task pre-labeled with a region and its transcription per text line', async () => {
    await page.goto(`${server.cli.url}/#/projects/${projectId}/tasks/${taskId}`);
    await waitForEditor(page, 'Submit');
    const editor = labelingEditor(page);
    // The region list has one region per line, each showing its transcription (the image itself is
    // a canvas, so the text on screen comes from the region list), held in its per-region text field.
    await expectEventually(() => editor.getByText(/^Regions\s*\d+$/).textContent()).toMatch(/2$/);
    for (const line of LINES) {
      await editor.getByText(line, { exact: true }).first().waitFor();
      await expectEventually(() =>
        editor
          .locator('textarea, input[type="text"]')
          .evaluateAll((fields) => fields.map((field) => (field as unknown as { value: string }).value)),
      ).toContain(line);
    }
    // The editor's own result: two rectangles, each labelled Text, each with its line as text.
    const result = await editorResult(page);
    const texts = result.filter((item) => item.type === 'textarea').map((item) => item.value.text);
    expect(texts).toEqual(LINES.map((line) => [line]));
    const labels = result.filter((item) => item.type === 'labels').map((item) => item.value.labels);
    expect(labels).toEqual(LINES.map(() => ['Text']));
    expect(result.filter((item) => item.type === 'rectangle')).toHaveLength(LINES.length);
    await page.screenshot({ path: join(SCREENSHOTS, 'ocr-prelabel-light.png') });
  });

  it('made no request outside its origin, and logged no errors', () => {
    session.expectClean(server.origin, { moreThan: 5, allowDataUrls: false, allowBlobUrls: true });
  });
});
