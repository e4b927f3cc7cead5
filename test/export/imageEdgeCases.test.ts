import { describe, expect, it } from 'vitest';
import type { ExportTask } from '../../electron/core/domain/export/exportTypes.js';
import { createBrushMaskWriter } from '../../electron/core/domain/export/formats/brush/brushMaskWriter.js';
import { createBrushToCocoWriter } from '../../electron/core/domain/export/formats/brush/brushToCocoWriter.js';
import { maskToRle } from '../../electron/core/domain/export/formats/brush/rleEncode.js';
import { createCocoWriter } from '../../electron/core/domain/export/formats/image/cocoWriter.js';
import { VOC_WRITER } from '../../electron/core/domain/export/formats/image/vocWriter.js';
import { h8 } from '../../electron/core/domain/export/formats/image/imageNames.js';
import { createYoloWriter } from '../../electron/core/domain/export/formats/image/yoloWriter.js';
import { imageExportContext, runWriter } from '../helpers/imageExportContext.js';
import type { MemorySink } from '../helpers/memorySink.js';

const BOXES = `<View><Image name="image" value="$image"/>
  <RectangleLabels name="box" toName="image"><Label value="car"/></RectangleLabels></View>`;
const BRUSH = `<View><Image name="image" value="$image"/>
  <BrushLabels name="brush" toName="image"><Label value="Car"/></BrushLabels></View>`;
const UPLOAD = '/data/upload/1/3f2a9c1e-cat.jpg';

function task(id: number, image: string, annotations: Record<string, unknown>[]): ExportTask {
  return { id, data: { image }, annotations, predictions: [], drafts: [] };
}

function annotation(id: number, result: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return { id, completed_by: 1, result, was_cancelled: false, created_at: `2025-05-0${id}T10:00:00.000000Z`, ...extra };
}

function box(value: Record<string, unknown>, dims: [number, number] | null = [640, 480]) {
  return {
    ...(dims ? { original_width: dims[0], original_height: dims[1] } : {}),
    value: { x: 10, y: 20, width: 30, height: 40, rotation: 0, rectanglelabels: ['car'], ...value },
    from_name: 'box',
    to_name: 'image',
    type: 'rectanglelabels',
  };
}

function brush(rle: unknown, dims: [number, number] | null = [2, 1]) {
  return {
    ...(dims ? { original_width: dims[0], original_height: dims[1] } : {}),
    value: { format: 'rle', rle, brushlabels: ['Car'] },
    from_name: 'brush',
    to_name: 'image',
    type: 'brushlabels',
  };
}

const notes = (sink: MemorySink, name: string) =>
  sink
    .text(name)
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));

describe('brush exports with masks that cannot be decoded', () => {
  const good = maskToRle([0, 255]);
  const tasks = [
    task(1, UPLOAD, [
      annotation(1, [brush(good.slice(0, 6)), brush(good), brush(good, null), brush(good, [3, 3]), brush('x')]),
    ]),
  ];

  it('BRUSH_TO_NUMPY writes the good layer under its upstream name and lists the others', async () => {
    const sink = await runWriter(createBrushMaskWriter('numpy'), tasks, imageExportContext(BRUSH));
    expect(sink.paths()).toEqual(['task-1-annotation-1-by-1-brush-Car-1.npy', 'skipped_regions.txt']);
    expect(notes(sink, 'skipped_regions.txt')).toEqual([
      '1\t1\tbrush-Car-0\tcorrupt RLE: the stream ends early (bit 45 of 48, 4 more wanted)',
      '1\t1\tbrush-Car-2\tthe region has no original_width/original_height',
      '1\t1\tbrush-Car-3\tcorrupt RLE: the header holds 8 values where the image needs 36',
      '1\t1\tbrush-Car-4\tcorrupt RLE: "rle" is not a list of bytes',
    ]);
  });

  it('BRUSH_TO_COCO skips them too (as upstream) and says so', async () => {
    const sink = await runWriter(createBrushToCocoWriter(), tasks, imageExportContext(BRUSH));
    expect(sink.paths()).toEqual(['images/', 'result_coco.json', 'skipped_regions.txt']);
    expect(notes(sink, 'skipped_regions.txt')).toHaveLength(4);
    const coco = JSON.parse(sink.text('result_coco.json')) as { annotations: unknown[]; images: unknown[] };
    // The good 2x1 mask has a one-pixel contour, too small for a polygon: no annotation, so the
    // image is not listed either, as upstream.
    expect(coco.annotations).toEqual([]);
    expect(coco.images).toEqual([]);
  });

  it('a single good layer is the only entry (delivered bare by the pipeline)', async () => {
    const sink = await runWriter(
      createBrushMaskWriter('png'),
      [task(2, UPLOAD, [annotation(2, [brush(good)])])],
      imageExportContext(BRUSH),
    );
    expect(sink.paths()).toEqual(['task-2-annotation-2-by-1-brush-Car-0.png']);
  });
});

describe('missing sizes, images and keys', () => {
  it('COCO: a box without dims takes the opened image size; without an image it waits for a value with dims', async () => {
    const tasks = [
      task(1, UPLOAD, [annotation(1, [box({}, null)])]),
      task(2, 'https://example.com/a.jpg', [annotation(2, [box({ x: 0 }, null), box({ x: 50 }, [100, 50])])]),
      task(3, 'https://example.com/b.jpg', [annotation(3, [box({}, null)])]),
      task(4, 'https://example.com/c.jpg', [annotation(4, [box({ x: 1 }, [10, 10])])]),
    ];
    const sink = await runWriter(createCocoWriter(false), tasks, imageExportContext(BOXES));
    const coco = JSON.parse(sink.text('result.json')) as {
      images: { id: number; width: number }[];
      annotations: { image_id: number; bbox: number[] }[];
    };
    expect(coco.images.map(({ id, width }) => [id, width])).toEqual([
      [0, 640],
      [1, 100],
      [2, 10],
    ]);
    expect(coco.annotations.map(({ image_id, bbox }) => [image_id, bbox[0]])).toEqual([
      [0, 64],
      [1, 50],
      [2, 0.1],
    ]);
  });

  it('COCO_WITH_IMAGES and YOLO_WITH_IMAGES copy uploads once and list what the data folder lacks', async () => {
    const tasks = [
      task(1, UPLOAD, [annotation(1, [box({})]), annotation(2, [box({ x: 1 })])]),
      task(2, UPLOAD, []),
      task(3, '/data/upload/1/gone.jpg', []),
      task(4, 'https://example.com/c.jpg', [annotation(3, [box({})], { was_cancelled: true })]),
    ];
    for (const writer of [createCocoWriter(true), createYoloWriter({ isObb: false, withImages: true })]) {
      const sink = await runWriter(writer, tasks, imageExportContext(BOXES));
      expect(sink.paths().filter((path) => path.startsWith('images/'))).toEqual(['images/', 'images/3f2a9c1e-cat.jpg']);
      expect(notes(sink, 'missing_images.txt')).toEqual(['3\t/data/upload/1/gone.jpg\tgone.jpg']);
    }
  });

  it('YOLO: the oldest annotation with results wins; an empty task gets an empty file; skipped tasks none', async () => {
    const tasks = [
      task(1, UPLOAD, [annotation(1, [box({ x: 0 })]), annotation(2, [box({ x: 50 })]), annotation(3, [])]),
      task(2, 'https://example.com/empty.jpg', []),
      task(3, 'https://example.com/skipped.jpg', [annotation(4, [box({})], { was_cancelled: true })]),
    ];
    const sink = await runWriter(
      createYoloWriter({ isObb: false, withImages: false }),
      tasks,
      imageExportContext(BOXES),
    );
    const files = sink.files();
    const empty = `labels/${h8('https://example.com/empty.jpg')}__empty.txt`;
    expect([...files.keys()].filter((path) => path.startsWith('labels/'))).toEqual(['labels/3f2a9c1e-cat.txt', empty]);
    expect(files.get('labels/3f2a9c1e-cat.txt')!.toString()).toBe('0 0.15 0.4 0.3 0.4\n');
    expect(files.get(empty)!.length).toBe(0);
  });

  it('VOC: zero tasks give just an empty images/ (upstream crashes); download copies uploads', async () => {
    const empty = await runWriter(VOC_WRITER, [], imageExportContext(BOXES));
    expect(empty.paths()).toEqual(['images/']);
    const tasks = [
      task(1, UPLOAD, [annotation(1, [box({})])]),
      task(2, 'https://example.com/a.png', [annotation(2, [box({})])]),
    ];
    const sink = await runWriter(VOC_WRITER, tasks, imageExportContext(BOXES, { downloadResources: true }));
    expect(sink.paths()).toEqual([
      'images/',
      'Annotations/',
      'images/3f2a9c1e-cat.jpg',
      'Annotations/3f2a9c1e-cat.xml',
      `Annotations/${h8('https://example.com/a.png')}__a.xml`,
      'missing_images.txt',
    ]);
    expect(sink.text('Annotations/3f2a9c1e-cat.xml')).toContain('<depth>3</depth>');
  });

  it('fails clearly on a task without the data key, a keypoint config without model_index, or an abort', async () => {
    await expect(
      runWriter(createCocoWriter(false), [{ ...task(7, UPLOAD, []), data: {} }], imageExportContext(BOXES)),
    ).rejects.toThrow('Task 7 has no "image" in its data');
    const keypoints = `<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image"><Label value="p"/></RectangleLabels>
      <KeyPointLabels name="kp" toName="image"><Label value="nose"/></KeyPointLabels></View>`;
    const point = {
      original_width: 10,
      original_height: 10,
      value: { x: 1, y: 1, keypointlabels: ['nose'] },
      from_name: 'kp',
      type: 'keypointlabels',
    };
    await expect(
      runWriter(createCocoWriter(false), [task(1, UPLOAD, [annotation(1, [point])])], imageExportContext(keypoints)),
    ).rejects.toThrow('No keypoint order found');
    const ctx = { ...imageExportContext(BOXES), signal: AbortSignal.abort() };
    await expect(
      runWriter(createYoloWriter({ isObb: true, withImages: false }), [task(1, UPLOAD, [])], ctx),
    ).rejects.toThrow();
  });
});
