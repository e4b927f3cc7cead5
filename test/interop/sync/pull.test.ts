import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng } from '../../helpers/labelingMedia.js';
import { snapshotProject } from './syncSnapshot.js';
import {
  addLabelStudioUser,
  CHOICES_CONFIG,
  choice,
  IMAGE_CONFIG,
  labelStudioApi,
  listTasks,
  startOutpost,
  type OutpostServer,
} from './syncRig.js';

/*
 * Pulls from the real Label Studio: text tasks, images uploaded to it, files of its local-files
 * storage, predictions, annotations by two people and a skip; then edits and deletions there and
 * an incremental pull. After each sync the mirror equals Label Studio's project, as both APIs
 * tell it, and the cached media are the bytes that were uploaded.
 */
describe('pull from the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  const stamp = Date.now();
  const images = { 'red.png': makePng(3, 2), 'blue.png': makePng(4, 4), 'local.png': makePng(5, 3) };
  let outpost: OutpostServer;
  let remoteId: number;
  let textProject: number;
  let imageProject: number;
  let otherUser: number;

  beforeAll(async () => {
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(ls.url, ls.user.token);
    otherUser = await addLabelStudioUser(remote, `pull-${stamp}@example.com`, 'Pat', 'Other');
  });
  afterAll(async () => {
    await outpost?.stop();
  });

  async function expectMirrored(remoteProject: number) {
    const mirror = await outpost.mirrorOf(remoteId, remoteProject);
    expect(await snapshotProject(outpost.api, mirror)).toEqual(await snapshotProject(remote, remoteProject));
    return mirror;
  }

  it('mirrors text tasks, predictions, two annotators and a skip on the first pull', async () => {
    textProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Pull text', label_config: CHOICES_CONFIG })
    ).id;
    const { task_ids: ids } = await remote.call<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${textProject}/import?return_task_ids=true`,
      [
        { data: { text: 'first' } },
        { data: { text: 'second' }, meta: { source: 'field notes' } },
        { data: { text: 'third' }, predictions: [{ result: choice('neg'), score: 0.25, model_version: 'v1' }] },
      ],
    );
    const [first, second] = ids as [number, number, number];
    await remote.call('POST', `/api/tasks/${first}/annotations/`, { result: choice('pos'), lead_time: 4.5 });
    await remote.call('POST', `/api/tasks/${first}/annotations/`, { result: choice('neg'), completed_by: otherUser });
    await remote.call('POST', `/api/tasks/${second}/annotations/`, { result: [], was_cancelled: true });

    const run = await outpost.sync(remoteId, [textProject]);
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    const mirror = await expectMirrored(textProject);
    const project = await outpost.api.call<{ label_config: string; title: string }>('GET', `/api/projects/${mirror}/`);
    expect(project).toMatchObject({ label_config: CHOICES_CONFIG, title: 'Pull text' });
  });

  it('mirrors images uploaded to Label Studio and files of its local-files storage, and caches their bytes', async () => {
    imageProject = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Pull images', label_config: IMAGE_CONFIG })
    ).id;
    const form = new FormData();
    form.append('red', new Blob([images['red.png']], { type: 'image/png' }), 'red.png');
    form.append('blue', new Blob([images['blue.png']], { type: 'image/png' }), 'blue.png');
    await remote.call('POST', `/api/projects/${imageProject}/import`, form);

    const folder = join(ls.filesRoot, `pull-${stamp}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'local.png'), images['local.png']);
    const storage = await remote.call<{ id: number }>('POST', '/api/storages/localfiles/', {
      project: imageProject,
      path: folder,
      use_blob_urls: true,
      regex_filter: '.*\\.png',
    });
    await remote.call('POST', `/api/storages/localfiles/${storage.id}/sync`);
    const remoteTasks = await listTasks(remote, imageProject);
    expect(remoteTasks.map((task) => String(task.data.image))).toEqual([
      expect.stringMatching(/^\/data\/upload\/\d+\/[0-9a-f]{8}-red\.png$/),
      expect.stringMatching(/^\/data\/upload\/\d+\/[0-9a-f]{8}-blue\.png$/),
      `/data/local-files/?d=pull-${stamp}/local.png`,
    ]);

    const run = await outpost.sync(remoteId, [imageProject]);
    expect(run.errors).toEqual([]);
    const mirror = await expectMirrored(imageProject);

    // The local API hands out the cached copies, which are the uploaded bytes.
    const resolved = await outpost.api.call<{ tasks: { data: { image: string } }[] }>(
      'GET',
      `/api/tasks/?project=${mirror}`,
    );
    const raw = await outpost.api.call<{ tasks: { data: { image: string } }[] }>(
      'GET',
      `/api/tasks/?project=${mirror}&resolve_uri=false`,
    );
    for (const [index, task] of resolved.tasks.entries()) {
      const reference = raw.tasks[index]?.data.image ?? '';
      const name = Object.keys(images).find((file) => reference.endsWith(file)) as keyof typeof images;
      expect(task.data.image).toMatch(/^\/data\/remote\//);
      const served = await outpost.api.raw('GET', task.data.image);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(images[name])).toBe(true);
    }
  });

  it('brings edits, new work and deletions made in Label Studio on an incremental pull', async () => {
    const before = await listTasks(remote, textProject);
    const [first, second, third] = before as [(typeof before)[0], (typeof before)[0], (typeof before)[0]];
    const mine = first.annotations.find((annotation) => annotation.completed_by === ls.user.id)!;
    const theirs = first.annotations.find((annotation) => annotation.completed_by === otherUser)!;

    await remote.call('PATCH', `/api/annotations/${theirs.id}/`, { result: choice('pos') });
    await remote.call('DELETE', `/api/annotations/${mine.id}/`);
    await remote.call('POST', `/api/tasks/${third.id}/annotations/`, {
      result: choice('pos'),
      completed_by: otherUser,
    });
    await remote.call('POST', '/api/predictions/', {
      task: first.id,
      result: choice('neg'),
      score: 0.75,
      model_version: 'v2',
    });
    await remote.call('DELETE', `/api/tasks/${second.id}/`);
    await remote.call('POST', `/api/projects/${textProject}/import`, [{ data: { text: 'fourth' } }]);

    const run = await outpost.sync(remoteId);
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    await expectMirrored(textProject);
    await expectMirrored(imageProject);
  });
});
