import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { analyzeLabelConfig } from '../../shared/label-config/index.js';
import type { ExportContext, ExportSink, ExportTask } from '../../electron/core/domain/export/exportTypes.js';
import { COCO_WRITER } from '../../electron/core/domain/export/formats/image/cocoWriter.js';
import { YOLO_WRITER } from '../../electron/core/domain/export/formats/image/yoloWriter.js';
import { GROUP, printRatios } from './benchCompare.js';

// COCO and YOLO of 20k image tasks (one annotation with 3 boxes and a polygon each), driven
// straight through the writers with generated tasks and a sink that only counts bytes, against a
// raw baseline in the same run: JSON.stringify of the same tasks. Read the ratio, not the times.
const TASKS = 20_000;
const CONFIG = `<View><Image name="image" value="$image"/>
  <RectangleLabels name="box" toName="image"><Label value="car"/><Label value="person"/><Label value="bike"/></RectangleLabels>
  <PolygonLabels name="poly" toName="image"><Label value="road"/></PolygonLabels></View>`;
const analysis = analyzeLabelConfig(CONFIG);

function box(index: number, label: string) {
  return {
    original_width: 1920,
    original_height: 1080,
    image_rotation: 0,
    value: {
      x: (index * 7) % 90,
      y: (index * 3) % 90,
      width: 8.5,
      height: 9.25,
      rotation: index % 5 === 0 ? 12 : 0,
      rectanglelabels: [label],
    },
    id: `r${index}${label}`,
    from_name: 'box',
    to_name: 'image',
    type: 'rectanglelabels',
    origin: 'manual',
  };
}

function makeTask(id: number): ExportTask {
  const polygon = {
    original_width: 1920,
    original_height: 1080,
    value: {
      points: [
        [10, 10],
        [40.5, 12.25],
        [35, 60.1],
        [5, 55],
      ],
      polygonlabels: ['road'],
    },
    from_name: 'poly',
    to_name: 'image',
    type: 'polygonlabels',
  };
  return {
    id,
    annotations: [
      {
        id,
        completed_by: 1,
        result: [box(id, 'car'), box(id + 1, 'person'), box(id + 2, 'bike'), polygon],
        was_cancelled: false,
        created_at: '2025-05-02T10:00:00.000000Z',
      },
    ],
    drafts: [],
    predictions: [],
    data: { image: id % 2 ? `/data/upload/1/img-${id}.jpg` : `https://example.com/images/img-${id}.jpg` },
    meta: {},
  };
}

/** Generated on the fly, so the tasks never sit in memory together. */
async function* tasks(): AsyncIterable<ExportTask> {
  for (let id = 1; id <= TASKS; id += 1) yield makeTask(id);
}

const scratch = mkdtempSync(join(tmpdir(), 'outpost-image-bench-'));
// Removed after the file's tests: a process 'exit' handler did not run in vitest 5's worker and left it behind.
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let bytes = 0;
const sink: ExportSink = {
  async addFile(_path, content) {
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.length;
  },
  async addStream(_path, chunks) {
    for await (const chunk of chunks) bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  },
  async addLocalFile() {},
  async tempDir() {
    return mkdtempSync(join(scratch, 'run-'));
  },
};
const ctx: ExportContext = {
  project: { id: 1, title: 'bench', label_config: CONFIG, ...analysis },
  downloadResources: false,
  resolveMedia: () => null,
  signal: new AbortController().signal,
};

async function report(name: string, run: () => Promise<void>) {
  bytes = 0;
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(
    `${name}: ${TASKS} tasks, ${(bytes / 1024 / 1024).toFixed(1)} MB out in ${seconds.toFixed(2)} s, ` +
      `heap ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB after`,
  );
}

const stringifyAll = async () => {
  for await (const task of tasks()) bytes += JSON.stringify(task).length;
};
await report('baseline JSON.stringify', stringifyAll);
await report('COCO', () => COCO_WRITER.write(tasks, ctx, sink));
await report('YOLO', () => YOLO_WRITER.write(tasks, ctx, sink));

test(`image export of ${TASKS} tasks`, GROUP, async ({ bench }) => {
  const baseline = bench('baseline: JSON.stringify of each task', stringifyAll);
  const writers = [
    bench('COCO writer', () => COCO_WRITER.write(tasks, ctx, sink)),
    bench('YOLO writer', () => YOLO_WRITER.write(tasks, ctx, sink)),
  ];
  printRatios(await bench.compare(baseline, ...writers, { iterations: 3, warmupIterations: 1 }), baseline, writers);
});
