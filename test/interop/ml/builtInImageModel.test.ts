import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../../helpers/chromium.js';
import { SCREENSHOTS } from '../../helpers/e2eServer.js';
import { expectEventually } from '../../helpers/eventually.js';
import { encodeRgbPng, generateScene, maskIou } from '../../helpers/segmentScenes.js';
import { OCR_TEMPLATE } from '../../ml/ocrCorpus.js';
import { renderTextImages, type TextImage } from '../../ml/ocrImages.js';
import { BRUSH_CONFIG, boxRegion, brushMask } from '../../ml/segmentApi.js';
import { openOwnLabelingPage } from '../e2e/labelStudioOwnPage.js';
import { labelStudioApi, startOutpost, type Json, type OutpostServer } from '../sync/syncRig.js';
import { labelStudioBrushMask, uploadFiles } from './imageModelRig.js';

/*
 * The built-in model's image skills, end to end with the real Label Studio 1.22: scans uploaded to
 * a project on Label Studio's OCR template are mirrored into Outpost, read by the built-in model
 * there and pushed back as predictions, which Label Studio stores as sent and shows in its own
 * editor; and a mask made by click-to-segment in Outpost, saved and pushed as an annotation, is
 * the same mask when Label Studio's own converter decodes it.
 */

const SCANS: { name: string; lines: string[] }[] = [
  { name: 'receipt.png', lines: ['Receipt number 4417', 'Paid with card'] },
  { name: 'parcel.png', lines: ['Parcel for Room 12', 'Handle with care', 'Fragile'] },
];
const scene = generateScene(21, 'blob', 640, 480);

interface Prediction {
  task: number;
  result: Json[];
  score: number | null;
  model_version: string;
}

describe('the built-in image model’s work in the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let outpost: OutpostServer;
  let images: TextImage[];
  let remoteId: number;
  let ocrProject: number;
  let ocrTasks: number[];
  let brushProject: number;
  let brushTask: number;

  beforeAll(async () => {
    images = await renderTextImages(
      SCANS.map(({ lines }) => ({ width: 460, height: 170, lines, font: 'Liberation Sans', sizePx: 22 })),
    );
    const project = async (title: string, label_config: string) =>
      (await remote.call<{ id: number }>('POST', '/api/projects/', { title, label_config })).id;
    ocrProject = await project('Scanned paperwork', OCR_TEMPLATE);
    ocrTasks = await uploadFiles(
      remote,
      ocrProject,
      SCANS.map(({ name }, index) => ({ name, bytes: images[index]!.png })),
    );
    brushProject = await project('Fruit masks', BRUSH_CONFIG);
    [brushTask] = (await uploadFiles(remote, brushProject, [
      { name: 'fruit.png', bytes: encodeRgbPng(scene.width, scene.height, scene.pixels) },
    ])) as [number];
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(ls.url, ls.user.token);
    expect((await outpost.sync(remoteId, [ocrProject, brushProject])).errors).toEqual([]);
  }, 180_000);
  afterAll(async () => {
    await outpost?.stop();
  });

  const localTasks = async (project: number) =>
    (await outpost.api.call<{ tasks: { id: number }[] }>('GET', `/api/tasks/?project=${project}&page_size=100`)).tasks
      .map((task) => task.id)
      .sort((a, b) => a - b);

  it('pushes its OCR predictions, which Label Studio stores as sent: one region per text line', async () => {
    const local = await outpost.mirrorOf(remoteId, ocrProject);
    await outpost.api.call('POST', '/api/ml/', { url: 'outpost:local-model', project: local, title: 'Built-in model' });
    const retrieved = await outpost.api.call<{ created: number; errors: unknown[] }>(
      'POST',
      `/api/dm/actions?id=retrieve_tasks_predictions&project=${local}`,
      { selectedItems: { all: true, excluded: [] } },
    );
    expect(retrieved).toMatchObject({ created: SCANS.length, errors: [] });
    const made = await outpost.api.call<Prediction[]>('GET', `/api/predictions/?project=${local}`);
    expect(made).toHaveLength(SCANS.length);

    const queued = await outpost.api.call('POST', `/api/outpost/projects/${local}/push-predictions`, {});
    expect(queued).toMatchObject({ queued: SCANS.length, not_pushable: 0 });
    const pushed = await outpost.sync(remoteId, [ocrProject]);
    expect(pushed.errors).toEqual([]);
    expect(pushed.stats.pushed.predictions).toBe(SCANS.length);

    const there = await remote.call<Prediction[]>('GET', `/api/predictions/?project=${ocrProject}`);
    const localIds = await localTasks(local);
    for (const [index, scan] of SCANS.entries()) {
      const sent = made.find((prediction) => prediction.task === localIds[index])!;
      const stored = there.filter((prediction) => prediction.task === ocrTasks[index]);
      expect(stored, scan.name).toHaveLength(1);
      const [prediction] = stored as [Prediction];
      expect(prediction.model_version).toBe('local-ocr-tesseract');
      expect(prediction.model_version).toBe(sent.model_version);
      expect(prediction.score).toBe(sent.score);
      expect(prediction.result).toEqual(sent.result);

      // One region per drawn line, in reading order: a rectangle, its label and its text, one id.
      const regions = new Map<string, Json[]>();
      for (const item of prediction.result)
        regions.set(item.id as string, [...(regions.get(item.id as string) ?? []), item]);
      expect(regions.size, scan.name).toBe(scan.lines.length);
      const drawn = images[index]!;
      for (const [position, items] of [...regions.values()].entries()) {
        expect(items.map((item) => `${item.from_name as string}:${item.type as string}`).sort()).toEqual([
          'bbox:rectangle',
          'label:labels',
          'transcription:textarea',
        ]);
        const value = (type: string) => items.find((item) => item.type === type)!.value as Json;
        expect(value('labels').labels).toEqual(['Text']);
        expect(value('textarea').text).toEqual([scan.lines[position]]);
        // The rectangle is where the line was drawn: its middle lies inside the line's ink.
        const box = value('rectangle') as { x: number; y: number; width: number; height: number };
        const line = drawn.lines[position]!;
        const middleY = ((box.y + box.height / 2) / 100) * drawn.height;
        expect(middleY).toBeGreaterThan(line.top);
        expect(middleY).toBeLessThan(line.top + line.height);
        for (const item of items) {
          expect(item).toMatchObject({ to_name: 'image', original_width: drawn.width, original_height: drawn.height });
        }
      }
    }
  });

  it('shows them in Label Studio’s own editor: each line’s region and its transcription', async () => {
    const browser = await launchChromium();
    try {
      const [task] = ocrTasks as [number];
      const own = await openOwnLabelingPage(browser, ls, ocrProject, task);
      own.setDefaultTimeout(60_000);
      const lines = SCANS[0]!.lines;
      // The editor's own reading of what it shows (its store is `window.Htx`): a rectangle, a label
      // and a text per line; and on screen, the prediction's tab and each line in its region's field.
      const shown = () =>
        own.evaluate(() => {
          type Item = { type: string; value: { text?: string[]; labels?: string[] } };
          type Store = { annotationStore?: { selected?: { serializeAnnotation(): Item[] } } };
          const result = (
            globalThis as unknown as { Htx?: Store }
          ).Htx?.annotationStore?.selected?.serializeAnnotation();
          return (result ?? []).map((item) => `${item.type}:${(item.value.text ?? item.value.labels ?? []).join()}`);
        });
      await expectEventually(async () => (await shown()).sort(), { timeout: 60_000 }).toEqual(
        lines.flatMap((line) => ['labels:Text', 'rectangle:', `textarea:${line}`]).sort(),
      );
      await own.getByText('local-ocr-tesseract').first().waitFor();
      await expectEventually(() =>
        own
          .locator('textarea, input[type="text"]')
          .evaluateAll((fields) => fields.map((field) => (field as unknown as { value: string }).value)),
      ).toEqual(expect.arrayContaining(lines));
      await own.screenshot({ path: join(SCREENSHOTS, 'interop-ocr-prediction-in-label-studio.png') });
    } finally {
      await browser.close();
    }
  });

  it('stores a click-to-segment mask saved in Outpost, which its converter decodes to the same mask', async () => {
    const local = await outpost.mirrorOf(remoteId, brushProject);
    const [task] = (await localTasks(local)) as [number];
    const backend = await outpost.api.call<{ id: number }>('POST', '/api/ml/', {
      url: 'outpost:local-model',
      project: local,
      is_interactive: true,
    });
    const answer = await outpost.api.call<{ data?: { result: Json[] } }>(
      'POST',
      `/api/ml/${backend.id}/interactive-annotating`,
      { task, context: { result: [boxRegion(scene)] } },
    );
    const brush = answer.data?.result.find((item) => item.type === 'brushlabels');
    expect(brush?.value).toMatchObject({ format: 'rle', brushlabels: ['Fruit'] });
    const made = brushMask(brush!, scene);
    expect(maskIou(made, scene.truth)).toBeGreaterThanOrEqual(0.9);
    await outpost.api.call('POST', `/api/tasks/${task}/annotations/`, { result: [brush] });
    const pushed = await outpost.sync(remoteId, [brushProject]);
    expect(pushed.errors).toEqual([]);

    const stored = await remote.call<{ result: Json[] }[]>('GET', `/api/tasks/${brushTask}/annotations/`);
    expect(stored).toHaveLength(1);
    const [item] = stored[0]!.result as [Json];
    expect(item).toMatchObject({ from_name: 'tag', to_name: 'image', type: 'brushlabels' });
    expect(item.value).toEqual(brush!.value);
    const decoded = labelStudioBrushMask((item.value as { rle: number[] }).rle, scene.width, scene.height);
    const outpostPixels = made.reduce((sum, inside) => sum + inside, 0);
    expect(decoded.pixels).toBe(outpostPixels);
    expect(maskIou(decoded.mask, made)).toBe(1);
  });
});
