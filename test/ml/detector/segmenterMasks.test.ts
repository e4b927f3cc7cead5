import { describe, expect, it } from 'vitest';
import { letterbox } from '../../../electron/core/ml/local/detector/letterbox.js';
import { detectionMask, maskCoefficientsOf } from '../../../electron/core/ml/local/detector/segmenterMasks.js';
import { maskIou } from '../../helpers/segmentScenes.js';

/*
 * A segmenter's mask decoding on its own: coefficients read from either YOLO layout, the mask
 * taken back through a letterbox with side bands (a portrait image), cut to the box, and empty
 * where the prototypes' sum stays under 0.5 after the sigmoid.
 */

const SIDE = 16;
const INPUT = { width: 64, height: 64 };

/** One prototype: the signed distance to a disk at (24, 32) of radius 8 in input pixels. */
function diskPrototype(): Float32Array {
  const plane = new Float32Array(SIDE * SIDE);
  for (let row = 0; row < SIDE; row += 1) {
    for (let column = 0; column < SIDE; column += 1) {
      plane[row * SIDE + column] = 8 - Math.hypot((column + 0.5) * 4 - 24, (row + 0.5) * 4 - 32);
    }
  }
  return plane;
}

const prototypes = { data: diskPrototype(), channels: 1, height: SIDE, width: SIDE };

describe("a segmenter's masks", () => {
  it('reads the mask coefficients after the class scores in both layouts', () => {
    // Two candidates, two classes, three coefficients. YOLOv8: one column per candidate.
    const v8 = Float32Array.from({ length: (4 + 2 + 3) * 2 }, (_, index) => index);
    const layoutV8 = { layout: 'yolov8' as const, classes: 2, candidates: 2, extra: 3 };
    expect([...maskCoefficientsOf(v8, layoutV8, 1)]).toEqual([13, 15, 17]);
    // YOLOv5: one row per candidate, objectness before the scores.
    const v5 = Float32Array.from({ length: 2 * (5 + 2 + 3) }, (_, index) => index);
    const layoutV5 = { layout: 'yolov5' as const, classes: 2, candidates: 2, extra: 3 };
    expect([...maskCoefficientsOf(v5, layoutV5, 1)]).toEqual([17, 18, 19]);
  });

  it('takes the mask back through side bands to a portrait image and cuts it to the box', () => {
    const image = { width: 100, height: 200, rgb: new Uint8Array(100 * 200 * 3) };
    const frame = letterbox(image, INPUT.width, INPUT.height);
    expect(frame).toMatchObject({ scale: 0.32, padX: 16, padY: 0 });
    // The disk is at (25, 100) with radius 25 on the image; the box keeps its upper half only.
    const box = { x1: 12, y1: 20, x2: 36, y2: 32, classIndex: 0, score: 1 };
    const mask = detectionMask(prototypes, Float32Array.of(1), box, frame, INPUT, image);
    const truth = new Uint8Array(image.width * image.height);
    for (let row = 0; row < image.height; row += 1) {
      for (let column = 0; column < image.width; column += 1) {
        const inside = Math.hypot(column + 0.5 - 25, row + 0.5 - 100) < 25 && row + 0.5 < 100;
        if (inside) truth[row * image.width + column] = 1;
      }
    }
    expect(maskIou(mask, truth)).toBeGreaterThanOrEqual(0.9);
    // Nothing outside the box, whatever the prototypes say there.
    expect(mask.subarray(100 * image.width).includes(1)).toBe(false);
  });

  it('is empty where the sigmoid of the sum stays under 0.5', () => {
    const image = { width: 64, height: 64, rgb: new Uint8Array(64 * 64 * 3) };
    const frame = letterbox(image, INPUT.width, INPUT.height);
    const box = { x1: 0, y1: 0, x2: 64, y2: 64, classIndex: 0, score: 1 };
    const inverted = detectionMask(prototypes, Float32Array.of(-1), box, frame, INPUT, image);
    const disk = detectionMask(prototypes, Float32Array.of(1), box, frame, INPUT, image);
    // The inverted coefficient selects everything but the disk.
    for (let index = 0; index < disk.length; index += 1) expect(disk[index]! + inverted[index]!).toBeLessThanOrEqual(1);
    expect(detectionMask(prototypes, Float32Array.of(0), box, frame, INPUT, image).includes(1)).toBe(false);
  });
});
