import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { solidPng } from '../../helpers/labelingMedia.js';
import type { TestApp } from '../../helpers/taskApi.js';
import { buildYoloTestModel, yoloV8Output } from './onnxModelBuilder.js';

/* A detector project driven through the HTTP API: its model, its images, its setting. */

export const BOX_CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image">' +
  '<Label value="car"/><Label value="person"/></RectangleLabels></View>';

export const INPUT = 64;

/** Boxes in the 64x64 input. On a 200x100 image (scale 0.32, 16 px bands above and below) the car is at 25%, 25%, 50% x 50%. */
export function testDetector(): Uint8Array {
  const boxes = yoloV8Output([
    { cx: 32, cy: 32, w: 32, h: 16, scores: [0.9, 0, 0] }, // Car
    { cx: 33, cy: 32, w: 32, h: 16, scores: [0.6, 0, 0] }, // the same car, weaker: suppressed
    { cx: 20, cy: 28, w: 8, h: 8, scores: [0, 0, 0] }, // person: scored by brightness below
    { cx: 50, cy: 30, w: 6, h: 6, scores: [0, 0, 0.8] }, // tree: no such label
  ]);
  const perBrightness = new Float32Array(boxes.values.length);
  perBrightness[(4 + 1) * 4 + 2] = 0.95; // row "class 1" (person), column 2
  return buildYoloTestModel({
    inputSize: INPUT,
    outputDims: boxes.dims,
    base: boxes.values,
    perBrightness,
    metadata: { names: "{0: 'Car', 1: 'person', 2: 'tree'}" },
  });
}

export function flatPng(width: number, height: number, value: number): Buffer {
  return solidPng(width, height, [value, value, value]);
}

export async function uploadImage(t: TestApp, project: number, name: string, content: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await t.withToken(`/api/projects/${project}/import`, { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
}

export function modelFile(bytes: Uint8Array, name = 'detector.onnx'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'outpost-detector-')), name);
  writeFileSync(path, bytes);
  return path;
}

export const setDetector = (t: TestApp, project: number, body: unknown) =>
  t.withToken(`/api/outpost/ml/detector?project=${project}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });

/** Sends a model's bytes, as a window that cannot name a file on this machine does. */
export const uploadDetector = (
  t: TestApp,
  query: string,
  bytes: Uint8Array,
  contentType = 'application/octet-stream',
) =>
  t.withToken(`/api/outpost/ml/detector?${query}`, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'Content-Type': contentType },
  });
