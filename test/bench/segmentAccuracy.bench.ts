import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { afterAll, test } from 'vitest';
import { findUploadedFile } from '../../electron/core/domain/imports/findUploadedFile.js';
import { decodeImage } from '../../electron/core/ml/local/image/imagePixels.js';
import { maskToRle } from '../../electron/core/domain/export/formats/brush/rleEncode.js';
import { call } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';
import { generateScene, maskIou, type Scene, type ShapeKind } from '../helpers/segmentScenes.js';
import { LOCAL_MODEL_URL, projectWithConfig } from '../ml/localModelApi.js';
import { BRUSH_CONFIG, boxRegion, brushMask, uploadScene } from '../ml/segmentApi.js';
import { GROUP, printRatios } from './benchCompare.js';

/*
 * Click-to-segment's accuracy and latency through the HTTP API: 200 generated objects (ellipses,
 * polygons, blobs) on textured, noisy 1-megapixel images, each uploaded as a PNG to a project with
 * an interactive brush config; one smart box and one positive point per object go to
 * /api/ml/{id}/interactive-annotating of the built-in model. Printed: the median and worst IoU of
 * the answered masks against the true ones, and the median and 95th-percentile milliseconds per
 * request (OpenCV's one-time load is excluded by a first request and printed apart), wall-clock and
 * this process's CPU time (the latter barely moves when other work shares the cores). Then one
 * request is compared with its unavoidable part (reading the image and encoding a mask as brush
 * RLE, the baseline). Targets: median IoU >= 0.9, p95 <= 300 ms.
 */

const OBJECTS = 200;
const KINDS: ShapeKind[] = ['ellipse', 'polygon', 'blob'];

const t = await createTestApp();
const project = await projectWithConfig(t, BRUSH_CONFIG);
const { body: backend } = await call(t, 'POST', '/api/ml/', { url: LOCAL_MODEL_URL, project, is_interactive: true });
const backendId = (backend as { id: number }).id;

afterAll(() => rmSync(dirname(t.deps.uploadsDir), { recursive: true, force: true }));

interface Case {
  scene: Scene;
  task: number;
}

async function segment(
  task: number,
  region: unknown,
): Promise<{ ms: number; cpuMs: number; item: Record<string, unknown> }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { body } = await call(t, 'POST', `/api/ml/${backendId}/interactive-annotating`, {
    task,
    context: { result: [region] },
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const item = (body as { data?: { result: Record<string, unknown>[] } }).data?.result[0];
  if (!item) throw new Error(`no mask: ${JSON.stringify(body)}`);
  return { ms, cpuMs, item };
}

function pointAt(scene: Scene) {
  const value = { x: (scene.inside.x / scene.width) * 100, y: (scene.inside.y / scene.height) * 100 };
  return {
    from_name: 'point',
    to_name: 'image',
    type: 'keypointlabels',
    is_positive: true,
    value: { ...value, width: 1, keypointlabels: ['Fruit'] },
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

test('click-to-segment on 200 objects, 1 megapixel each', GROUP, async ({ bench }) => {
  const cases: Case[] = [];
  for (let index = 0; index < OBJECTS; index += 1) {
    const scene = generateScene(1000 + index, KINDS[index % KINDS.length]!, 1000, 1000);
    cases.push({ scene, task: await uploadScene(t, project, scene, `object-${index}.png`) });
  }
  const loadStarted = performance.now();
  await segment(cases[0]!.task, boxRegion(cases[0]!.scene));
  const firstMs = performance.now() - loadStarted;

  const figures = {
    box: { iou: [] as number[], ms: [] as number[], cpuMs: [] as number[] },
    point: { iou: [] as number[], ms: [] as number[], cpuMs: [] as number[] },
  };
  for (const { scene, task } of cases) {
    for (const [kind, region] of [
      ['box', boxRegion(scene)],
      ['point', pointAt(scene)],
    ] as const) {
      const { ms, cpuMs, item } = await segment(task, region);
      figures[kind].iou.push(maskIou(brushMask(item, scene), scene.truth));
      figures[kind].ms.push(ms);
      figures[kind].cpuMs.push(cpuMs);
    }
  }
  const line = (kind: 'box' | 'point') =>
    `  ${kind.padEnd(5)}  median IoU ${quantile(figures[kind].iou, 0.5).toFixed(3)}, worst ${Math.min(...figures[kind].iou).toFixed(3)}; ` +
    `median ${quantile(figures[kind].ms, 0.5).toFixed(0)} ms, p95 ${quantile(figures[kind].ms, 0.95).toFixed(0)} ms; ` +
    `CPU time median ${quantile(figures[kind].cpuMs, 0.5).toFixed(0)} ms, p95 ${quantile(figures[kind].cpuMs, 0.95).toFixed(0)} ms`;
  console.log(
    [
      `click-to-segment, ${OBJECTS} objects on 1000 x 1000 images (first request, with OpenCV's load: ${firstMs.toFixed(0)} ms; ` +
        `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):`,
      line('box'),
      line('point'),
    ].join('\n'),
  );

  const { scene, task } = cases[1]!;
  const file = findUploadedFile(t.deps, String(project), `${(await taskImageName(task)) ?? ''}`)!;
  const baseline = bench('baseline: decode the PNG and encode a mask as brush RLE', () => {
    decodeImage(readFileSync(file.path));
    void maskToRle(scene.truth);
  });
  const app = bench(
    'POST interactive-annotating, a smart box',
    async () => void (await segment(task, boxRegion(scene))),
  );
  printRatios(await bench.compare(baseline, app, { iterations: 20 }), baseline, [app]);
});

/** The stored name of a task's uploaded image (`/data/upload/<project>/<name>`). */
async function taskImageName(task: number): Promise<string | undefined> {
  const { body } = await call(t, 'GET', `/api/tasks/${task}`);
  return /\/data\/upload\/\d+\/(.+)$/u.exec((body as { data: { image: string } }).data.image)?.[1];
}
