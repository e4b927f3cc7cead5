import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, makePng } from '../../helpers/labelingMedia.js';
import { startLabelStudio, type LabelStudioServer } from '../labelStudio.js';
import { snapshotProject } from './syncSnapshot.js';
import {
  CHOICES_CONFIG,
  choice,
  IMAGE_CONFIG,
  labelStudioApi,
  listTasks,
  startOutpost,
  type HttpJson,
  type OutpostServer,
} from './syncRig.js';

/*
 * The reason Outpost exists, against the real Label Studio: pull, stop Label Studio, label in
 * Outpost with the media from its cache (new, updated, deleted and skipped annotations, and a
 * task created here with an image), then start Label Studio again and push. Label Studio then
 * holds exactly that work, once.
 */
describe('labeling offline, then pushing to the real Label Studio', () => {
  let ls: LabelStudioServer;
  let remote: HttpJson;
  let outpost: OutpostServer;
  let remoteId: number;
  const photo = makePng(6, 4);
  const fieldPhoto = makePng(7, 5);
  const remoteIds = { text: 0, image: 0 };
  const local = { text: 0, image: 0 };

  beforeAll(async () => {
    ls = await startLabelStudio();
    remote = labelStudioApi(ls);
    outpost = await startOutpost();
  });
  afterAll(async () => {
    await outpost?.stop();
    await ls?.dispose();
  });

  const localTasks = async (project: number) =>
    (
      await outpost.api.call<{ tasks: { id: number; data: Record<string, string> }[] }>(
        'GET',
        `/api/tasks/?project=${project}&resolve_uri=false&page_size=1000`,
      )
    ).tasks;
  const localAnnotations = (task: number) =>
    outpost.api.call<{ id: number; completed_by: number }[]>('GET', `/api/tasks/${task}/annotations/`);

  it('pulls a text and an image project', async () => {
    remoteIds.text = (
      await remote.call<{ id: number }>('POST', '/api/projects/', {
        title: 'Offline text',
        label_config: CHOICES_CONFIG,
      })
    ).id;
    const { task_ids: ids } = await remote.call<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${remoteIds.text}/import?return_task_ids=true`,
      ['new here', 'updated here', 'deleted here', 'skipped here'].map((text) => ({ data: { text } })),
    );
    await remote.call('POST', `/api/tasks/${ids[1]}/annotations/`, { result: choice('pos') });
    await remote.call('POST', `/api/tasks/${ids[2]}/annotations/`, { result: choice('pos') });
    remoteIds.image = (
      await remote.call<{ id: number }>('POST', '/api/projects/', {
        title: 'Offline photos',
        label_config: IMAGE_CONFIG,
      })
    ).id;
    await importFile(ls.url, ls.user.token, remoteIds.image, 'photo.png', photo);

    remoteId = await outpost.addRemote(ls.url, ls.user.token);
    const run = await outpost.sync(remoteId, [remoteIds.text, remoteIds.image]);
    expect(run.errors).toEqual([]);
    local.text = await outpost.mirrorOf(remoteId, remoteIds.text);
    local.image = await outpost.mirrorOf(remoteId, remoteIds.image);
  });

  it('labels with Label Studio stopped, media coming from the cache', async () => {
    await ls.stop();
    expect((await fetch(`${ls.url}/health`).catch(() => null))?.ok ?? false).toBe(false);

    const [imageTask] = (
      await outpost.api.call<{ tasks: { id: number; data: { image: string } }[] }>(
        'GET',
        `/api/tasks/?project=${local.image}`,
      )
    ).tasks as [{ id: number; data: { image: string } }];
    const cached = await outpost.api.raw('GET', imageTask.data.image);
    expect(Buffer.from(await cached.arrayBuffer()).equals(photo)).toBe(true);
    await outpost.api.call('POST', `/api/tasks/${imageTask.id}/annotations/`, { result: choice('cat', 'image') });

    const byText = new Map((await localTasks(local.text)).map((task) => [task.data.text, task.id]));
    await outpost.api.call('POST', `/api/tasks/${byText.get('new here')}/annotations/`, { result: choice('neg') });
    const [toUpdate] = await localAnnotations(byText.get('updated here')!);
    await outpost.api.call('PATCH', `/api/annotations/${toUpdate!.id}/`, { result: choice('neg') });
    const [toDelete] = await localAnnotations(byText.get('deleted here')!);
    await outpost.api.call('DELETE', `/api/annotations/${toDelete!.id}/`);
    await outpost.api.call('POST', `/api/tasks/${byText.get('skipped here')}/annotations/`, {
      result: [],
      was_cancelled: true,
    });

    // importFile answers every task id of the project, in id order: the new task is the last.
    const created = (await importFile(outpost.cli.url, outpost.cli.token, local.image, 'field.png', fieldPhoto)).at(-1);
    await outpost.api.call('POST', `/api/tasks/${created}/annotations/`, { result: choice('dog', 'image') });

    const failed = await outpost.sync(remoteId);
    expect(failed.status).toBe('failed');
    expect(failed.errors.map((error) => error.message).join('\n')).toMatch(/could not be reached/);
  });

  // It starts Label Studio again first, which its own bound allows 300 s: on a loaded machine that
  // start alone took most of the suite's 120 s test bound.
  it('pushes all of it once Label Studio is back, exactly once', { timeout: 420_000 }, async () => {
    await ls.start();
    const run = await outpost.sync(remoteId);
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    expect(run.stats.pushed).toMatchObject({ annotations: 3, skips: 1, updates: 1, deletions: 1, tasks: 1 });

    const text = await listTasks(remote, remoteIds.text);
    const results = Object.fromEntries(
      text.map((task) => [
        task.data.text,
        task.annotations.map((annotation) => ({
          choices: (annotation.result[0]?.value as { choices?: string[] } | undefined)?.choices ?? [],
          cancelled: annotation.was_cancelled,
          mine: annotation.completed_by === ls.user.id,
        })),
      ]),
    );
    expect(results).toEqual({
      'new here': [{ choices: ['neg'], cancelled: false, mine: true }],
      'updated here': [{ choices: ['neg'], cancelled: false, mine: true }],
      'deleted here': [],
      'skipped here': [{ choices: [], cancelled: true, mine: true }],
    });

    const images = await listTasks(remote, remoteIds.image);
    expect(images).toHaveLength(2);
    const made = images.find((task) => String(task.data.image).endsWith('field.png'))!;
    expect(String(made.data.image)).toMatch(/^\/data\/upload\/\d+\/[0-9a-f]{8}-field\.png$/);
    const served = await remote.raw('GET', String(made.data.image));
    expect(Buffer.from(await served.arrayBuffer()).equals(fieldPhoto)).toBe(true);
    expect(made.annotations.map((annotation) => annotation.result)).toEqual([choice('dog', 'image')]);

    // A second sync changes nothing there and leaves the two sides equal.
    const again = await outpost.sync(remoteId);
    expect(again.stats.pushed).toMatchObject({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
    expect(await snapshotProject(outpost.api, local.text)).toEqual(await snapshotProject(remote, remoteIds.text));
    expect(await snapshotProject(outpost.api, local.image)).toEqual(await snapshotProject(remote, remoteIds.image));
  });
});
