import { describe, expect, it } from 'vitest';
import { boxMask, maskPolygon, pointRegion } from '../../electron/core/ml/local/segment/segmentMasks.js';
import { loadOpenCv, type OpenCv } from '../../electron/core/ml/local/segment/openCv.js';
import { encodeRle, maskToRle } from '../../electron/core/domain/export/formats/brush/rleEncode.js';
import { generateScene, maskIou, seededRandom, type Scene, type ShapeKind } from '../helpers/segmentScenes.js';

/*
 * Click-to-segment's image work on generated scenes whose true mask is known: an object on a
 * textured, noisy background.
 */

const KINDS: ShapeKind[] = ['ellipse', 'polygon', 'blob'];

function rasterizePolygon(cv: OpenCv, points: { x: number; y: number }[], width: number, height: number): Uint8Array {
  const canvas = cv.Mat.zeros(height, width, cv.CV_8UC1);
  const outline = cv.matFromArray(
    points.length,
    1,
    cv.CV_32SC2,
    points.flatMap((point) => [point.x, point.y]),
  );
  const outlines = new cv.MatVector();
  outlines.push_back(outline);
  cv.fillPoly(canvas, outlines, new cv.Scalar(1));
  const mask = Uint8Array.from(canvas.data);
  [canvas, outline, outlines].forEach((mat) => mat.delete());
  return mask;
}

const image = (scene: Scene) => ({ width: scene.width, height: scene.height, rgb: scene.pixels });

describe('click-to-segment masks', () => {
  it.each(KINDS)('finds a %s from a box around it', async (kind) => {
    const { cv } = await loadOpenCv();
    const scene = generateScene(11, kind, 500, 400);
    const mask = boxMask(cv, image(scene), scene.box, { positive: [], negative: [] });
    expect(maskIou(mask, scene.truth)).toBeGreaterThanOrEqual(0.9);
  });

  it.each(KINDS)('outlines a %s from a box as a polygon', async (kind) => {
    const { cv } = await loadOpenCv();
    const scene = generateScene(12, kind, 500, 400);
    const mask = boxMask(cv, image(scene), scene.box, { positive: [], negative: [] });
    const polygon = maskPolygon(cv, mask, scene.width, scene.height);
    expect(polygon.length).toBeGreaterThanOrEqual(3);
    expect(polygon.length).toBeLessThan(200);
    expect(maskIou(rasterizePolygon(cv, polygon, scene.width, scene.height), scene.truth)).toBeGreaterThanOrEqual(0.9);
  });

  it.each(KINDS)('grows a %s from a point inside it', async (kind) => {
    const { cv } = await loadOpenCv();
    const scene = generateScene(13, kind, 500, 400);
    const mask = pointRegion(cv, image(scene), scene.inside);
    expect(maskIou(mask, scene.truth)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('brush RLE of a mask', () => {
  it('encoded from runs of pixels, is the same bytes as every RGBA word encoded in turn', () => {
    const random = seededRandom(5);
    const mask = Uint8Array.from(
      { length: 70_001 },
      (_, index) => (Math.floor(index / (1 + random() * 900)) % 2) * 255,
    );
    mask.fill(255, 100, 40_000); // a run longer than 65536 words
    const words = new Uint8Array(mask.length * 4);
    mask.forEach((value, index) => words.fill(value, index * 4, index * 4 + 4));
    expect(maskToRle(mask)).toEqual(encodeRle(words));
  });
});
