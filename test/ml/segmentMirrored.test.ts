import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import { importFile } from '../helpers/labelingMedia.js';
import { encodeRgbPng, generateScene, maskIou } from '../helpers/segmentScenes.js';
import { startRemoteOutpost, syncDepsOf, type RemoteOutpost } from '../helpers/syncRemote.js';
import { call } from '../helpers/taskApi.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { BRUSH_CONFIG, boxRegion, brushMask, connectInteractive, interactive } from './segmentApi.js';

/*
 * Click-to-segment on a task mirrored from a remote: the task's image is the copy the sync
 * downloaded, and the editor hands the model the task as it was served, its image named by that
 * copy's local URL (`/data/remote/<remote>/<name>`). The model reads that file; it used to refuse
 * every synced image, naming the URL it could not read.
 */

const scene = generateScene(21, 'blob', 320, 240);

describe('click-to-segment on a mirrored task', () => {
  let remote: RemoteOutpost;
  let t: TestApp;
  let localProject: number;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
      title: 'Fruit',
      label_config: BRUSH_CONFIG,
    });
    await importFile(
      remote.url,
      remote.token,
      project.id,
      'fruit.png',
      encodeRgbPng(scene.width, scene.height, scene.pixels),
    );
    t = await createTestApp();
    const deps = syncDepsOf(t);
    const { id: remoteId } = await addRemote(deps, { url: remote.url, token: remote.token });
    const result = await runSync(deps, remoteId, { projects: [project.id] });
    expect(result.summary.errors).toEqual([]);
    expect(result.summary.pulled).toMatchObject({ tasks: 1, media: 1 });
    localProject = t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
  }, 60_000);
  afterAll(async () => {
    await remote?.stop();
  });

  it('segments the downloaded copy the task’s served data names', async () => {
    const { body } = await call(t, 'GET', `/api/tasks/?project=${localProject}&fields=all`);
    const [task] = (body as { tasks: { id: number; data: { image: string } }[] }).tasks;
    expect(task!.data.image).toMatch(/^\/data\/remote\/\d+\/[^/]+-fruit\.png$/);

    const backend = await connectInteractive(t, localProject);
    const answer = await interactive(t, backend, task!.id, [boxRegion(scene)]);
    expect(answer.errors).toBeUndefined();
    const brush = answer.data?.result.find((item) => item.type === 'brushlabels');
    expect(brush?.value).toMatchObject({ format: 'rle', brushlabels: ['Fruit'] });
    expect(maskIou(brushMask(brush!, scene), scene.truth)).toBeGreaterThanOrEqual(0.9);
  });
});
