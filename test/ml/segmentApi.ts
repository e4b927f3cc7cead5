import jpeg from 'jpeg-js';
import { expect } from 'vitest';
import { decodeRleAlpha, rleBytes } from '../../shared/brush/rleDecode.js';
import { call, type TestApp } from '../helpers/taskApi.js';
import { encodeRgbPng, percent, type Scene } from '../helpers/segmentScenes.js';

export { boxRegion, percent } from '../helpers/segmentScenes.js';
import { LOCAL_MODEL_URL } from './localModelApi.js';

/* Click-to-segment driven as the editor drives it: configs, uploads and smart regions through the API. */

const PROMPTS =
  '<RectangleLabels name="box" toName="image" smart="true"><Label value="Fruit" background="#000"/></RectangleLabels>' +
  '<KeyPointLabels name="point" toName="image" smart="true"><Label value="Fruit" smart="true"/></KeyPointLabels>';
export const BRUSH_CONFIG = `<View><Image name="image" value="$image"/><BrushLabels name="tag" toName="image"><Label value="Fruit"/><Label value="Leaf"/></BrushLabels>${PROMPTS}</View>`;
export const POLYGON_CONFIG = `<View><Image name="image" value="$image"/><PolygonLabels name="outline" toName="image"><Label value="Fruit"/></PolygonLabels>${PROMPTS}</View>`;

/** Uploads the scene as a PNG (one task per file, as the import makes them); returns the task id. */
function sceneFile(scene: Scene, name: string): Buffer {
  if (!name.endsWith('.jpg')) return encodeRgbPng(scene.width, scene.height, scene.pixels);
  const rgba = new Uint8Array(scene.width * scene.height * 4).fill(255);
  for (let pixel = 0; pixel < scene.width * scene.height; pixel += 1) {
    rgba.set(scene.pixels.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
  }
  return jpeg.encode({ data: rgba, width: scene.width, height: scene.height }, 90).data;
}

/** Uploads the scene as a task's image: a PNG, or a JPEG when the name ends in .jpg. */
export async function uploadScene(t: TestApp, project: number, scene: Scene, name = 'scene.png'): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(sceneFile(scene, name))]), name);
  const response = await t.withToken(`/api/projects/${project}/import?return_task_ids=true`, {
    method: 'POST',
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { task_ids: number[] }).task_ids[0]!;
}

export async function connectInteractive(t: TestApp, project: number): Promise<number> {
  const { status, body } = await call(t, 'POST', '/api/ml/', { url: LOCAL_MODEL_URL, project, is_interactive: true });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

export function pointRegion(scene: Scene, at: { x: number; y: number }, isPositive = true) {
  return {
    id: `p${at.x}`,
    from_name: 'point',
    to_name: 'image',
    type: 'keypointlabels',
    is_positive: isPositive,
    value: { x: percent(at.x, scene.width), y: percent(at.y, scene.height), width: 1, keypointlabels: ['Fruit'] },
  };
}

export async function interactive(t: TestApp, backend: number, task: number, result: unknown[]) {
  const { status, body } = await call(t, 'POST', `/api/ml/${backend}/interactive-annotating`, {
    task,
    context: { result },
  });
  expect(status).toBe(200);
  return body as { data?: { result: Record<string, unknown>[] }; errors?: string[] };
}

/** The mask of a brush result, 1 inside, through the brush RLE decoder the exports use. */
export function brushMask(item: Record<string, unknown>, scene: Scene): Uint8Array {
  const value = item.value as { rle: unknown };
  return decodeRleAlpha(rleBytes(value.rle), scene.width, scene.height).map((alpha) => (alpha > 0 ? 1 : 0));
}
