import { describe, expect, it } from 'vitest';
import { decodeRleAlpha, rleBytes } from '../../../shared/brush/rleDecode.js';
import { loadOpenCv } from '../../../electron/core/ml/local/segment/openCv.js';
import { createTestApp } from '../../helpers/testApp.js';
import { maskIou } from '../../helpers/segmentScenes.js';
import {
  connectLocalModel,
  localStatus,
  projectWithConfig,
  retrieveAllPredictions,
  storedPredictions,
} from '../localModelApi.js';
import { BOX_CONFIG, flatPng, modelFile, setDetector, testDetector, uploadImage } from './detectorApi.js';
import { SEGMENT_CONFIG, SEGMENTED_IMAGE, testSegmenter, trueMasks } from './segmenterFixture.js';

/*
 * A segmenter set as a project's detector, through the HTTP API: its masks (whose true shapes the
 * test model fixes) come back as brush RLE and as polygons, decoded here and compared with the
 * truth; a RectangleLabels on the same image still gets the boxes.
 */

type Item = { from_name: string; type: string; value: Record<string, unknown>; score: number };

async function rasterize(points: number[][]): Promise<Uint8Array> {
  const { cv } = await loadOpenCv();
  const { width, height } = SEGMENTED_IMAGE;
  const canvas = cv.Mat.zeros(height, width, cv.CV_8UC1);
  const pixels = points.flatMap(([x, y]) => [Math.round((x! / 100) * width), Math.round((y! / 100) * height)]);
  const outline = cv.matFromArray(points.length, 1, cv.CV_32SC2, pixels);
  const outlines = new cv.MatVector();
  outlines.push_back(outline);
  cv.fillPoly(canvas, outlines, new cv.Scalar(1));
  const mask = Uint8Array.from(canvas.data);
  [canvas, outline, outlines].forEach((mat) => mat.delete());
  return mask;
}

const labelOf = (item: Item) => (item.value[item.type] as string[])[0]!;

describe("a segmenter's masks", () => {
  it('predicts brush masks and polygons that match the true shapes, and the boxes', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, SEGMENT_CONFIG);
    const set = await setDetector(t, project, { path: modelFile(testSegmenter(), 'segmenter.onnx') });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ segmenter: true, class_names: ['car', 'person'], unmapped_classes: [] });
    await uploadImage(t, project, 'scene.png', flatPng(SEGMENTED_IMAGE.width, SEGMENTED_IMAGE.height, 200));
    await connectLocalModel(t, project);
    const status = await localStatus(t, project);
    expect(status).toMatchObject({ supported: true, state: 'ready' });
    expect(status.controls).toEqual([
      { name: 'brush', kind: 'segmentation' },
      { name: 'outline', kind: 'segmentation' },
      { name: 'box', kind: 'detection' },
    ]);

    expect((await retrieveAllPredictions(t, project)).errors).toEqual([]);
    const [prediction] = storedPredictions(t, project);
    const items = prediction!.result as Item[];
    const truth = trueMasks();
    const { width, height } = SEGMENTED_IMAGE;

    const brushes = items.filter((item) => item.type === 'brushlabels');
    expect(brushes.map((item) => [labelOf(item), item.score])).toEqual([
      ['car', 0.9],
      ['person', 0.8],
    ]);
    // Prototypes a quarter of the input's size smooth the outline by a fraction of a prototype
    // pixel (the disk comes out 5% smaller); a mask misplaced by half of one would score under 0.85.
    for (const brush of brushes) {
      expect(brush.value.format).toBe('rle');
      const mask = decodeRleAlpha(rleBytes(brush.value.rle), width, height);
      expect(maskIou(mask, truth[labelOf(brush) as 'car' | 'person'])).toBeGreaterThanOrEqual(0.93);
    }

    const polygons = items.filter((item) => item.type === 'polygonlabels');
    expect(polygons.map(labelOf)).toEqual(['car', 'person']);
    for (const polygon of polygons) {
      expect(polygon.value.closed).toBe(true);
      const mask = await rasterize(polygon.value.points as number[][]);
      expect(maskIou(mask, truth[labelOf(polygon) as 'car' | 'person'])).toBeGreaterThanOrEqual(0.9);
    }
    // Simplified: the person's cut rectangle is outlined by a few points, not one per pixel.
    expect((polygons[1]!.value.points as unknown[]).length).toBeLessThanOrEqual(8);

    const boxes = items.filter((item) => item.type === 'rectanglelabels');
    expect(
      boxes.map((item) => [labelOf(item), ...['x', 'y', 'width', 'height'].map((key) => item.value[key])]),
    ).toEqual([
      ['car', 18.75, 12.5, 37.5, 75],
      ['person', 56.25, 12.5, 18.75, 75],
    ]);
  });

  it('leaves brushes and polygons to segmenters: a plain detector answers only rectangles', async () => {
    const t = await createTestApp();
    const brushOnly = SEGMENT_CONFIG.replace(/<PolygonLabels.*<\/RectangleLabels>/, '');
    const project = await projectWithConfig(t, brushOnly);
    expect((await setDetector(t, project, { path: modelFile(testDetector()) })).status).toBe(200);
    const status = await localStatus(t, project);
    expect(status).toMatchObject({ supported: false, controls: [] });
    expect(status.reason).toBe(
      'The detector detector.onnx is set, but this labeling config has no RectangleLabels on an Image.',
    );
    const boxes = await projectWithConfig(t, BOX_CONFIG);
    expect((await setDetector(t, boxes, { path: modelFile(testSegmenter()) })).status).toBe(200);
    expect((await localStatus(t, boxes)).controls).toEqual([{ name: 'box', kind: 'detection' }]);
  });
});
