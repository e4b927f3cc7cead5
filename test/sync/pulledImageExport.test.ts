import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import { makePng } from '../helpers/labelingMedia.js';
import { readZip } from '../helpers/readZip.js';
import { startRemoteOutpost, type RemoteOutpost, syncDepsOf } from '../helpers/syncRemote.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * Image exports of a pulled project read the images the sync cached: the formats that include
 * images hold their bytes (nothing is listed as missing), and COCO's image sizes are the files'
 * own, not the sizes the labels carry (here deliberately wrong), as the server that reads its
 * files gives them.
 */

const CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image"><Label value="cat"/></RectangleLabels></View>';
const IMAGES = { 'red.png': makePng(7, 5), 'blue.png': makePng(9, 4) };

function box(): Record<string, unknown>[] {
  return [
    {
      id: 'b1',
      from_name: 'box',
      to_name: 'image',
      type: 'rectanglelabels',
      original_width: 100,
      original_height: 100,
      image_rotation: 0,
      value: { x: 10, y: 20, width: 30, height: 40, rotation: 0, rectanglelabels: ['cat'] },
    },
  ];
}

describe('image exports of a pulled project', () => {
  let remote: RemoteOutpost;
  let t: TestApp;
  let project: number;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const remoteProject = await remote.api<{ id: number }>('POST', '/api/projects/', {
      title: 'Images',
      label_config: CONFIG,
    });
    const form = new FormData();
    for (const [name, bytes] of Object.entries(IMAGES))
      form.append(name, new Blob([bytes], { type: 'image/png' }), name);
    const imported = await fetch(`${remote.url}/api/projects/${remoteProject.id}/import?return_task_ids=true`, {
      method: 'POST',
      headers: { Authorization: `Token ${remote.token}` },
      body: form,
    });
    expect(imported.status).toBe(201);
    for (const task of ((await imported.json()) as { task_ids: number[] }).task_ids) {
      await remote.api('POST', `/api/tasks/${task}/annotations/`, { result: box() });
    }
    t = await createTestApp();
    const deps: SyncDeps = syncDepsOf(t);
    const { id } = await addRemote(deps, { url: remote.url, token: remote.token });
    const result = await runSync(deps, id, { projects: [remoteProject.id] });
    expect(result.summary.errors).toEqual([]);
    expect(result.summary.pulled).toMatchObject({ media: 2 });
    project = t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
  });
  afterAll(async () => {
    await remote?.stop();
  });

  async function exportZip(format: string) {
    const response = await t.withToken(`/api/projects/${project}/export?exportType=${format}`);
    expect(response.status).toBe(200);
    return readZip(Buffer.from(await response.arrayBuffer()));
  }

  /** The images/ entries by the name they end with (an upload keeps its file name). */
  function imagesOf(entries: { name: string; content: Buffer }[]): Record<string, Buffer> {
    const found: Record<string, Buffer> = {};
    for (const entry of entries) {
      const name = Object.keys(IMAGES).find((file) => entry.name.startsWith('images/') && entry.name.endsWith(file));
      if (name) found[name] = entry.content;
    }
    return found;
  }

  it.each(['COCO_WITH_IMAGES', 'VOC', 'YOLO_WITH_IMAGES', 'YOLO_OBB_WITH_IMAGES'])(
    '%s holds the cached images and lists none as missing',
    async (format) => {
      const entries = await exportZip(format);
      expect(entries.map((entry) => entry.name)).not.toContain('missing_images.txt');
      expect(imagesOf(entries)).toEqual(IMAGES);
    },
  );

  it("gives COCO the files' own sizes", async () => {
    const entries = await exportZip('COCO_WITH_IMAGES');
    const result = JSON.parse(entries.find((entry) => entry.name === 'result.json')!.content.toString('utf8')) as {
      images: { width: number; height: number; file_name: string }[];
    };
    const sizes = Object.fromEntries(
      result.images.map((image) => [image.file_name.replace(/^.*-/, ''), [image.width, image.height]]),
    );
    expect(sizes).toEqual({ 'red.png': [7, 5], 'blue.png': [9, 4] });
  });
});
