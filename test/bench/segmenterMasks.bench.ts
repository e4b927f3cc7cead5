import { test } from 'vitest';
import { maskToRle } from '../../electron/core/domain/export/formats/brush/rleEncode.js';
import { letterbox } from '../../electron/core/ml/local/detector/letterbox.js';
import { detectionMask } from '../../electron/core/ml/local/detector/segmenterMasks.js';
import { seededRandom } from '../helpers/segmentScenes.js';
import { GROUP, printRatios } from './benchCompare.js';

/*
 * A segmenter's mask for one detection, at a real export's sizes (640 x 640 input, 32 prototypes
 * of 160 x 160) on a 1280 x 720 photo, for a box of about a fifth of the photo: summing the
 * prototypes, reading the sum back through the letterbox and encoding the mask as brush RLE. The
 * baseline is what answering any brush region costs anyway: encoding a mask of the photo's size.
 */

const INPUT = { width: 640, height: 640 };
const [CHANNELS, SIDE] = [32, 160];
const image = { width: 1280, height: 720, rgb: new Uint8Array(1280 * 720 * 3) };
const frame = letterbox(image, INPUT.width, INPUT.height);
const random = seededRandom(7);
// Smooth, like a trained model's prototypes (waves across the input), so the mask is a few blobs
// and its RLE is as long as a real one's, not noise.
const waves = Array.from({ length: CHANNELS }, () => [random() * 0.2, random() * 0.2, random() * 6] as const);
const prototypes = {
  data: Float32Array.from({ length: CHANNELS * SIDE * SIDE }, (_, index) => {
    const [fx, fy, phase] = waves[Math.floor(index / (SIDE * SIDE))]!;
    return Math.sin((index % SIDE) * fx + Math.floor((index % (SIDE * SIDE)) / SIDE) * fy + phase);
  }),
  channels: CHANNELS,
  height: SIDE,
  width: SIDE,
};
const coefficients = Float32Array.from({ length: CHANNELS }, () => random() * 2 - 1);
// About 570 x 320 photo pixels.
const box = { x1: 200, y1: 250, x2: 485, y2: 410, classIndex: 0, score: 0.9 };
const photoMask = Uint8Array.from({ length: image.width * image.height }, (_, index) =>
  index % image.width < 640 ? 255 : 0,
);

test('one detection of a segmenter as a brush region', GROUP, async ({ bench }) => {
  const baseline = bench('baseline: brush RLE of a photo-sized mask', () => {
    maskToRle(photoMask);
  });
  const mask = bench('the mask (prototypes summed, read through the letterbox, cut to the box), then its RLE', () => {
    const decoded = detectionMask(prototypes, coefficients, box, frame, INPUT, image);
    const alpha = new Uint8Array(decoded.length);
    for (let index = 0; index < decoded.length; index += 1) if (decoded[index] !== 0) alpha[index] = 255;
    maskToRle(alpha);
  });
  printRatios(await bench.compare(baseline, mask), baseline, [mask]);
});
