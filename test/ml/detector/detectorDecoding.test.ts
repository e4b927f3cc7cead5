import jpeg from 'jpeg-js';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { labelsForClasses } from '../../../electron/core/ml/local/detector/detectOnTask.js';
import { letterbox, toImagePercent } from '../../../electron/core/ml/local/detector/letterbox.js';
import { parseClassNames, readOnnxMetadata } from '../../../electron/core/ml/local/detector/onnxMetadata.js';
import { decodeImage, decodePng } from '../../../electron/core/ml/local/image/imagePixels.js';
import {
  DEFAULT_DECODE,
  decodeYoloOutput,
  outputLayoutOf,
  type OutputLayout,
} from '../../../electron/core/ml/local/detector/yoloOutput.js';
import { buildYoloTestModel, yoloV8Output } from './onnxModelBuilder.js';

/* The detector's pieces without the runtime: output layouts, thresholds and NMS, names, PNG, letterbox. */

describe('YOLO output decoding', () => {
  const boxes = [
    { cx: 50, cy: 50, w: 20, h: 10, scores: [0.9, 0.1] }, // class 0, kept
    { cx: 51, cy: 50, w: 20, h: 10, scores: [0.7, 0.0] }, // overlaps the first, same class: suppressed
    { cx: 51, cy: 51, w: 20, h: 10, scores: [0.0, 0.6] }, // overlaps too, but another class: kept
    { cx: 10, cy: 10, w: 4, h: 4, scores: [0.2, 0.1] }, // under the threshold
  ];

  it('reads YOLOv8 columns, drops weak boxes and suppresses overlaps within a class', () => {
    const output = yoloV8Output(boxes);
    const layout = outputLayoutOf(output.dims, 2) as OutputLayout;
    expect(layout).toEqual({ layout: 'yolov8', classes: 2, candidates: 4, extra: 0 });
    const found = decodeYoloOutput(output.values, layout);
    expect(found.map((box) => [box.classIndex, Number(box.score.toFixed(3))])).toEqual([
      [0, 0.9],
      [1, 0.6],
    ]);
    expect(found[0]).toMatchObject({ x1: 40, y1: 45, x2: 60, y2: 55 });
  });

  it('reads YOLOv5 rows, where objectness multiplies the class score', () => {
    // [1, N, 5 + classes]: cx, cy, w, h, objectness, class scores.
    const rows = [
      [30, 30, 10, 10, 0.9, 0.2, 0.8],
      [70, 70, 10, 10, 0.2, 0.0, 0.99], // objectness under the threshold
      [30, 70, 10, 10, 0.5, 0.4, 0.3], // 0.5 * 0.4 = 0.2: under
    ];
    const layout = outputLayoutOf([1, 3, 7], 2) as OutputLayout;
    expect(layout).toEqual({ layout: 'yolov5', classes: 2, candidates: 3, extra: 0 });
    const found = decodeYoloOutput(Float32Array.from(rows.flat()), layout);
    expect(found).toHaveLength(1);
    expect(found[0]!.classIndex).toBe(1);
    expect(found[0]!.score).toBeCloseTo(0.72, 5);
  });

  it('tells the layouts apart by the class count, or by the longer side when names are unknown', () => {
    expect(outputLayoutOf([1, 84, 8400], null)).toMatchObject({ layout: 'yolov8', classes: 80 });
    expect(outputLayoutOf([1, 25200, 85], null)).toMatchObject({ layout: 'yolov5', classes: 80 });
    expect(outputLayoutOf([1, 116, 8400], 80, 32)).toMatchObject({ layout: 'yolov8', classes: 80, extra: 32 });
    expect(outputLayoutOf([1, 84, 8400], 3)).toMatch(/does not hold 3 classes/);
    expect(outputLayoutOf([1, 2, 3, 4], null)).toMatch(/its output is \[1, 2, 3, 4\]/);
    expect(outputLayoutOf([1, 4, 100], null)).toMatch(/holds no class scores/);
  });

  it('keeps at most the configured number of boxes', () => {
    const many = Array.from({ length: 10 }, (_, n) => ({
      cx: n * 30 + 10,
      cy: 10,
      w: 5,
      h: 5,
      scores: [0.5 + n / 100],
    }));
    const output = yoloV8Output(many);
    const found = decodeYoloOutput(output.values, outputLayoutOf(output.dims, 1) as OutputLayout, {
      ...DEFAULT_DECODE,
      maxDetections: 3,
    });
    expect(found.map((box) => box.x1)).toEqual([277.5, 247.5, 217.5]);
  });
});

describe('class names', () => {
  it("reads ultralytics' dict literal, JSON lists and objects", () => {
    expect(parseClassNames("{0: 'person', 1: 'traffic light', 2: \"o'clock\"}")).toEqual([
      'person',
      'traffic light',
      "o'clock",
    ]);
    expect(parseClassNames('["cat", "dog"]')).toEqual(['cat', 'dog']);
    expect(parseClassNames('{"0": "cat", "1": "dog"}')).toEqual(['cat', 'dog']);
    expect(parseClassNames("{0: 'cat', 2: 'dog'}")).toBeNull();
    expect(parseClassNames('person, car')).toBeNull();
    expect(parseClassNames('')).toBeNull();
  });

  it("finds `names` in a model file's metadata_props", () => {
    const output = yoloV8Output([{ cx: 1, cy: 1, w: 1, h: 1, scores: [1] }]);
    const model = buildYoloTestModel({
      inputSize: 8,
      outputDims: output.dims,
      base: output.values,
      metadata: { author: 'tests', names: "{0: 'car'}" },
    });
    expect(Object.fromEntries(readOnnxMetadata(model))).toEqual({ author: 'tests', names: "{0: 'car'}" });
    expect(readOnnxMetadata(Uint8Array.of(0x0a, 0xff))).toEqual(new Map());
  });

  it('maps classes to labels exactly, then ignoring case, and leaves the others out', () => {
    expect(labelsForClasses(['Car', 'person', 'tree'], ['car', 'CAR', 'person'])).toEqual(['car', 'person', null]);
    expect(labelsForClasses(['car'], ['car', 'Car'])).toEqual(['car']);
    expect(labelsForClasses(['a', 'b'], [])).toEqual(['a', 'b']);
  });
});

/** A PNG whose row y uses filter y % 5, so each of PNG's five filters is undone. */
function filteredPng(width: number, height: number, channels: 1 | 3, pixel: (x: number, y: number) => number[]) {
  const bpp = channels;
  const raw = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => pixel(x, y)).flat());
  const rows = raw.map((row, y) => {
    const filter = y % 5;
    const up = (i: number) => (y > 0 ? raw[y - 1]![i]! : 0);
    const left = (i: number) => (i >= bpp ? row[i - bpp]! : 0);
    const upLeft = (i: number) => (y > 0 && i >= bpp ? raw[y - 1]![i - bpp]! : 0);
    const paeth = (i: number) => {
      const p = left(i) + up(i) - upLeft(i);
      const [a, b, c] = [Math.abs(p - left(i)), Math.abs(p - up(i)), Math.abs(p - upLeft(i))];
      return a <= b && a <= c ? left(i) : b <= c ? up(i) : upLeft(i);
    };
    const predict = [() => 0, left, up, (i: number) => (left(i) + up(i)) >> 1, paeth][filter]!;
    return [filter, ...row.map((value, i) => (value - predict(i) + 256) & 0xff)];
  });
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 1 ? 0 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows.flat()))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PNG decoding', () => {
  it('undoes all five row filters, for RGB and gray images', () => {
    const color = (x: number, y: number) => [(x * 37 + y * 11) & 0xff, (x * y * 7) & 0xff, (255 - x * 13) & 0xff];
    const rgb = decodePng(filteredPng(9, 10, 3, color));
    expect(rgb.width).toBe(9);
    expect(rgb.height).toBe(10);
    expect(Array.from(rgb.rgb)).toEqual(
      Array.from({ length: 10 }, (_, y) => Array.from({ length: 9 }, (_, x) => color(x, y)).flat()).flat(),
    );
    const gray = decodePng(filteredPng(6, 5, 1, (x, y) => [(x * 40 + y * 3) & 0xff]));
    expect(Array.from(gray.rgb.subarray(0, 6))).toEqual([0, 0, 0, 40, 40, 40]);
    expect(Array.from(gray.rgb.subarray(-3))).toEqual([212, 212, 212]);
  });

  it('decodes JPEG to the colours it was encoded with, within its loss', () => {
    const [width, height] = [16, 8];
    const rgba = new Uint8Array(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      const left = pixel % width < width / 2;
      rgba.set(left ? [200, 40, 30, 255] : [20, 90, 210, 255], pixel * 4);
    }
    const image = decodeImage(jpeg.encode({ data: rgba, width, height }, 95).data);
    expect([image.width, image.height, image.rgb.length]).toEqual([width, height, width * height * 3]);
    const at = (x: number, y: number) => Array.from(image.rgb.subarray((y * width + x) * 3, (y * width + x) * 3 + 3));
    for (const [channel, wanted] of [200, 40, 30].entries())
      expect(Math.abs(at(1, 4)[channel]! - wanted)).toBeLessThan(8);
    for (const [channel, wanted] of [20, 90, 210].entries())
      expect(Math.abs(at(14, 4)[channel]! - wanted)).toBeLessThan(8);
  });

  it('refuses other files and corrupt data with the reason', () => {
    expect(() => decodeImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toThrow(
      /the JPEG image is damaged or cut short/,
    );
    expect(() => decodeImage(Buffer.from('GIF89a'))).toThrow('the file is neither a PNG nor a JPEG image');
    const png = filteredPng(4, 4, 3, () => [1, 2, 3]);
    expect(() => decodeImage(png.subarray(0, png.length - 30))).toThrow(/cut short|corrupt|no image data/);
  });
});

describe('letterbox', () => {
  it('fits the image into the input with gray bands, and maps boxes back in percent', () => {
    const white = { width: 200, height: 100, rgb: new Uint8Array(200 * 100 * 3).fill(255) };
    const frame = letterbox(white, 64, 64);
    expect(frame).toMatchObject({ scale: 0.32, padX: 0, padY: 16 });
    const at = (x: number, y: number) => frame.tensor[y * 64 + x];
    expect(at(10, 5)).toBeCloseTo(114 / 255, 5); // the band above
    expect(at(10, 30)).toBeCloseTo(1, 5); // the image
    expect(at(10, 60)).toBeCloseTo(114 / 255, 5); // the band below
    const box = { x1: 16, y1: 24, x2: 48, y2: 40, classIndex: 0, score: 1 };
    expect(toImagePercent(box, frame, white)).toEqual({ x: 25, y: 25, width: 50, height: 50 });
    // A box in the gray band only has nothing on the image.
    expect(toImagePercent({ ...box, y1: 2, y2: 12 }, frame, white)).toBeNull();
  });
});
