import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskToRle } from '../../electron/core/domain/export/formats/brush/rleEncode.js';
import { insertExportedTasks } from '../helpers/exportData.js';
import { GOLDEN_FIXTURES, MEDIA_ROOT } from '../helpers/imageExportContext.js';
import { readZip } from '../helpers/readZip.js';
import { createTestApp } from '../helpers/testApp.js';

// The image and brush writers behind GET /api/projects/{id}/export: registry, task reading,
// media resolution from the uploads folder, and the zip (or lone file) packaging.
async function projectWith(config: string) {
  const t = await createTestApp();
  const response = await t.withToken('/api/projects', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Images', label_config: config }),
  });
  const { id } = (await response.json()) as { id: number };
  return { t, id };
}

function task(id: number, image: string, annotations: Record<string, unknown>[]) {
  return {
    id, data: { image }, annotations, inner_id: id, meta: {}, created_at: '2025-05-01T09:00:00.000000Z',
    updated_at: '2025-05-01T09:00:00.000000Z', total_annotations: annotations.length, cancelled_annotations: 0,
    total_predictions: 0, allow_skip: true, updated_by: null, file_upload: null,
  }; // prettier-ignore
}

function annotation(id: number, result: unknown[]) {
  return {
    id, completed_by: 1, result, was_cancelled: false, ground_truth: false, created_at: '2025-05-02T10:00:00.000000Z',
    updated_at: '2025-05-02T10:00:00.000000Z', lead_time: 2.0, unique_id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  }; // prettier-ignore
}

describe('image exports over HTTP', () => {
  it('COCO_WITH_IMAGES: a zip with result.json and the upload under images/', async () => {
    const config = readFileSync(join(GOLDEN_FIXTURES, 'image-bbox', 'config.xml'), 'utf8');
    const { t, id } = await projectWith(config);
    const upload = `/data/upload/${id}/3f2a9c1e-cat.jpg`;
    mkdirSync(join(t.deps.uploadsDir, String(id)), { recursive: true });
    copyFileSync(
      join(MEDIA_ROOT, 'upload', '1', '3f2a9c1e-cat.jpg'),
      join(t.deps.uploadsDir, String(id), '3f2a9c1e-cat.jpg'),
    );
    const value = { x: 10, y: 20, width: 30, height: 40, rotation: 0, rectanglelabels: ['Cat'] };
    const region = {
      original_width: 640,
      original_height: 480,
      value,
      from_name: 'label',
      to_name: 'image',
      type: 'rectanglelabels',
    };
    insertExportedTasks(t.db, id, [task(1, upload, [annotation(1, [region])])]);
    const response = await t.withToken(`/api/projects/${id}/export?exportType=COCO_WITH_IMAGES`);
    expect(response.status).toBe(200);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual(['images/', 'images/3f2a9c1e-cat.jpg', 'result.json']);
    const coco = JSON.parse(entries[2]!.content.toString('utf8')) as {
      images: unknown[];
      annotations: { bbox: number[] }[];
    };
    expect(coco.images).toEqual([{ width: 640, height: 480, id: 0, file_name: 'images/3f2a9c1e-cat.jpg' }]);
    expect(coco.annotations[0]!.bbox).toEqual([64, 96, 192, 192]);
  });

  it('BRUSH_TO_NUMPY with one layer answers the bare .npy', async () => {
    const config = `<View><Image name="image" value="$image"/>
      <BrushLabels name="brush" toName="image"><Label value="Car"/></BrushLabels></View>`;
    const { t, id } = await projectWith(config);
    const value = { format: 'rle', rle: maskToRle([0, 255, 7]), brushlabels: ['Car'] };
    const region = {
      original_width: 3,
      original_height: 1,
      value,
      from_name: 'brush',
      to_name: 'image',
      type: 'brushlabels',
    };
    insertExportedTasks(t.db, id, [task(1, 'https://example.com/a.png', [annotation(5, [region])])]);
    const response = await t.withToken(`/api/projects/${id}/export?exportType=BRUSH_TO_NUMPY`);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 6).toString('latin1')).toBe('\x93NUMPY');
    expect([...body.subarray(128)]).toEqual([0, 255, 7]);
  });

  it('refuses COCO with a keypoint region but no model_index before any byte, with or without images', async () => {
    const config =
      '<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image"><Label value="Cat"/></RectangleLabels>' +
      '<KeyPointLabels name="kp" toName="image"><Label value="Eye"/></KeyPointLabels></View>';
    const { t, id } = await projectWith(config);
    const upload = `/data/upload/${id}/3f2a9c1e-cat.jpg`;
    mkdirSync(join(t.deps.uploadsDir, String(id)), { recursive: true });
    copyFileSync(
      join(MEDIA_ROOT, 'upload', '1', '3f2a9c1e-cat.jpg'),
      join(t.deps.uploadsDir, String(id), '3f2a9c1e-cat.jpg'),
    );
    const point = { original_width: 640, original_height: 480, id: 'k1', from_name: 'kp', to_name: 'image' };
    const region = { ...point, type: 'keypointlabels', value: { x: 25, y: 75, width: 0.5, keypointlabels: ['Eye'] } };
    insertExportedTasks(t.db, id, [task(1, upload, [annotation(1, [region])])]);
    for (const format of ['COCO', 'COCO_WITH_IMAGES']) {
      const response = await t.withToken(`/api/projects/${id}/export?exportType=${format}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/^No keypoint order found\./);
    }
  });
});
