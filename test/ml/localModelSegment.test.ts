import { describe, expect, it } from 'vitest';
import { call } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';
import { generateScene, maskIou } from '../helpers/segmentScenes.js';
import { LOCAL_MODEL_URL, localStatus, projectWithConfig } from './localModelApi.js';
import {
  boxRegion,
  brushMask,
  BRUSH_CONFIG,
  connectInteractive,
  interactive,
  percent,
  pointRegion,
  POLYGON_CONFIG,
  uploadScene,
} from './segmentApi.js';

/*
 * Click-to-segment through the HTTP API, as the editor drives it: a project with an interactive
 * segmentation config, an uploaded image, the built-in model connected as an interactive backend,
 * and the smart regions the user drew sent to /interactive-annotating.
 */

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

  it('segments a JPEG image as well as a PNG one', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, BRUSH_CONFIG);
    const scene = generateScene(25, 'blob', 640, 480);
    const task = await uploadScene(t, project, scene, 'scene.jpg');
    const backend = await connectInteractive(t, project);
    const answer = await interactive(t, backend, task, [boxRegion(scene)]);
    expect(answer.errors).toBeUndefined();
    expect(maskIou(brushMask(answer.data!.result[0]!, scene), scene.truth)).toBeGreaterThanOrEqual(0.9);
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
    expect(refused.errors).toEqual([
      "The built-in model could not read this task's image: the JPEG image is damaged or cut short (unknown JPEG marker 0).",
    ]);
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
