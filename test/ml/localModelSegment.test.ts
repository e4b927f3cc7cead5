import { describe, expect, it } from 'vitest';
import { decodeRleAlpha, rleBytes } from '../../electron/core/domain/export/formats/brush/rleDecode.js';
import { call, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';
import { encodeRgbPng, generateScene, maskIou, type Scene } from '../helpers/segmentScenes.js';
import { LOCAL_MODEL_URL, localStatus, projectWithConfig } from './localModelApi.js';

/*
 * Click-to-segment through the HTTP API, as the editor drives it: a project with an interactive
 * segmentation config, an uploaded image, the built-in model connected as an interactive backend,
 * and the smart regions the user drew sent to /interactive-annotating.
 */

const PROMPTS =
  '<RectangleLabels name="box" toName="image" smart="true"><Label value="Fruit" background="#000"/></RectangleLabels>' +
  '<KeyPointLabels name="point" toName="image" smart="true"><Label value="Fruit" smart="true"/></KeyPointLabels>';
export const BRUSH_CONFIG = `<View><Image name="image" value="$image"/><BrushLabels name="tag" toName="image"><Label value="Fruit"/><Label value="Leaf"/></BrushLabels>${PROMPTS}</View>`;
const POLYGON_CONFIG = `<View><Image name="image" value="$image"/><PolygonLabels name="outline" toName="image"><Label value="Fruit"/></PolygonLabels>${PROMPTS}</View>`;

/** Uploads the scene as a PNG (one task per file, as the import makes them); returns the task id. */
export async function uploadScene(t: TestApp, project: number, scene: Scene, name = 'scene.png'): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([encodeRgbPng(scene.width, scene.height, scene.pixels)]), name);
  const response = await t.withToken(`/api/projects/${project}/import?return_task_ids=true`, {
    method: 'POST',
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { task_ids: number[] }).task_ids[0]!;
}

async function connectInteractive(t: TestApp, project: number): Promise<number> {
  const { status, body } = await call(t, 'POST', '/api/ml/', { url: LOCAL_MODEL_URL, project, is_interactive: true });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

const percent = (value: number, of: number) => (value / of) * 100;

export function boxRegion(scene: Scene) {
  return {
    id: 'b1',
    from_name: 'box',
    to_name: 'image',
    type: 'rectanglelabels',
    original_width: scene.width,
    original_height: scene.height,
    value: {
      x: percent(scene.box.x, scene.width),
      y: percent(scene.box.y, scene.height),
      width: percent(scene.box.width, scene.width),
      height: percent(scene.box.height, scene.height),
      rotation: 0,
      rectanglelabels: ['Fruit'],
    },
  };
}

function pointRegion(scene: Scene, at: { x: number; y: number }, isPositive = true) {
  return {
    id: `p${at.x}`,
    from_name: 'point',
    to_name: 'image',
    type: 'keypointlabels',
    is_positive: isPositive,
    value: { x: percent(at.x, scene.width), y: percent(at.y, scene.height), width: 1, keypointlabels: ['Fruit'] },
  };
}

async function interactive(t: TestApp, backend: number, task: number, result: unknown[]) {
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

describe('the built-in model segments on request', () => {
  it('connects to an interactive brush config and answers a smart box with the object as a brush mask', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BRUSH_CONFIG);
    const scene = generateScene(21, 'blob', 640, 480);
    const task = await uploadScene(t, project, scene);
    const backend = await connectInteractive(t, project);
    expect(await localStatus(t, project)).toMatchObject({ supported: true, state: 'ready' });
    const answer = await interactive(t, backend, task, [boxRegion(scene)]);
    expect(answer.errors).toBeUndefined();
    const [item] = answer.data!.result;
    expect(item).toMatchObject({
      from_name: 'tag',
      to_name: 'image',
      type: 'brushlabels',
      original_width: 640,
      original_height: 480,
      value: { format: 'rle', brushlabels: ['Fruit'] },
    });
    expect(maskIou(brushMask(item!, scene), scene.truth)).toBeGreaterThanOrEqual(0.9);
  });

  it('grows a region from a positive point, and a negative point cuts its region out of the previous mask', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BRUSH_CONFIG);
    const scene = generateScene(22, 'ellipse', 600, 400);
    const task = await uploadScene(t, project, scene);
    const backend = await connectInteractive(t, project);
    const grown = await interactive(t, backend, task, [pointRegion(scene, scene.inside)]);
    const mask = brushMask(grown.data!.result[0]!, scene);
    expect(maskIou(mask, scene.truth)).toBeGreaterThanOrEqual(0.9);
    // A negative click on the object removes it from the mask the context carries.
    const cut = await interactive(t, backend, task, [grown.data!.result[0], pointRegion(scene, scene.inside, false)]);
    expect(cut.errors).toEqual(['Found no object there: try a box around it, or a point on its inside.']);
  });

  it('answers a PolygonLabels config with the outline in percent', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, POLYGON_CONFIG);
    const scene = generateScene(23, 'polygon', 500, 500);
    const task = await uploadScene(t, project, scene);
    const backend = await connectInteractive(t, project);
    const answer = await interactive(t, backend, task, [boxRegion(scene)]);
    const [item] = answer.data!.result as [{ type: string; value: { points: number[][]; polygonlabels: string[] } }];
    expect(item).toMatchObject({ type: 'polygonlabels', value: { closed: true, polygonlabels: ['Fruit'] } });
    expect(item.value.points.length).toBeGreaterThanOrEqual(3);
    for (const [x, y] of item.value.points) {
      expect(x).toBeGreaterThanOrEqual(percent(scene.box.x - 3, 500));
      expect(x).toBeLessThanOrEqual(percent(scene.box.x + scene.box.width + 3, 500));
      expect(y).toBeGreaterThanOrEqual(percent(scene.box.y - 3, 500));
      expect(y).toBeLessThanOrEqual(percent(scene.box.y + scene.box.height + 3, 500));
    }
  });

  it('refuses in words what it cannot segment, with a 200 and errors as Label Studio answers', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BRUSH_CONFIG);
    const scene = generateScene(24, 'ellipse', 200, 200);
    const task = await uploadScene(t, project, scene);
    const backend = await connectInteractive(t, project);
    const onlyNegative = await interactive(t, backend, task, [pointRegion(scene, scene.inside, false)]);
    expect(onlyNegative.errors?.[0]).toMatch(/^Draw a box or a positive point on the object first/);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
    const form = new FormData();
    form.append('file', new Blob([jpeg]), 'photo.jpg');
    const uploaded = await t.withToken(`/api/projects/${project}/import?return_task_ids=true`, {
      method: 'POST',
      body: form,
    });
    const [jpegTask] = ((await uploaded.json()) as { task_ids: number[] }).task_ids;
    const refused = await interactive(t, backend, jpegTask!, [boxRegion(scene)]);
    expect(refused.errors).toEqual(["The built-in model segments PNG images; this task's image is a JPEG image."]);
    // A prediction without the editor's regions (predict/test, Retrieve Predictions) has nothing to segment.
    const { status, body } = await call(t, 'POST', `/api/ml/${backend}/predict/test?random=true`);
    expect(status).toBe(400);
    expect(body.detail).toContain('The built-in model segments images on request only');
  });

  it('still refuses a config with neither text nor an interactive image setup', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(
      t,
      '<View><Image name="image" value="$image"/><BrushLabels name="tag" toName="image"><Label value="A"/></BrushLabels></View>',
    );
    const { status, body } = await call(t, 'POST', '/api/ml/', { url: LOCAL_MODEL_URL, project, is_interactive: true });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('The built-in model cannot learn');
  });
});
