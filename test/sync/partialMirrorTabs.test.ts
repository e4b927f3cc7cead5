import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../electron/core/sync/runSync.js';
import { importFile, makePng } from '../helpers/labelingMedia.js';
import { choice, CHOICES_CONFIG } from '../helpers/syncRemote.js';
import { startScopeRig, type ScopeRig } from './partialMirrorRig.js';

/*
 * Partial mirrors of a tab and of "the next N unlabeled tasks", against a second Outpost: the
 * tab's filters as the remote applies them (joined with the pull's own when they are joined by
 * "and", the tab listed as it is otherwise), media only for the tasks held, and the top-up.
 */

const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="a"/></Choices></View>';

const groupFilter = (...groups: string[]) => ({
  conjunction: groups.length > 1 ? 'or' : 'and',
  items: groups.map((value) => ({ filter: 'filter:tasks:data.group', operator: 'equal', type: 'String', value })),
});

describe('a partial mirror of a tab', () => {
  let rig: ScopeRig;
  let project: number;
  let view: number;
  const ofGroup: Record<string, number[]> = { a: [], b: [], c: [] };

  beforeAll(async () => {
    rig = await startScopeRig();
    project = (
      await rig.remote.api<{ id: number }>('POST', '/api/projects/', { title: 'Tabs', label_config: IMAGE_CONFIG })
    ).id;
    for (const [index, group] of ['a', 'a', 'b', 'b', 'c', 'c'].entries()) {
      const before = new Set(Object.values(ofGroup).flat());
      const ids = await importFile(
        rig.remote.url,
        rig.remote.token,
        project,
        `${group}${index}.png`,
        makePng(index + 2, 2),
      );
      const id = ids.find((candidate) => !before.has(candidate))!;
      const task = await rig.remote.api<{ data: Record<string, unknown> }>('GET', `/api/tasks/${id}/`);
      await rig.remote.api('PATCH', `/api/tasks/${id}/`, { data: { ...task.data, group } });
      ofGroup[group]!.push(id);
    }
    view = (
      await rig.remote.api<{ id: number }>('POST', '/api/dm/views/', {
        project,
        data: { title: 'Only a', filters: groupFilter('a') },
      })
    ).id;
  });

  afterAll(() => rig?.close());

  const mediaUrls = () => rig.t.db.prepare('SELECT url FROM media_cache ORDER BY url').pluck().all() as string[];
  const imageOf = async (id: number) =>
    (await rig.remote.api<{ data: { image: string } }>('GET', `/api/tasks/${id}/`)).data.image;

  it('mirrors the tab and downloads only its media', async () => {
    rig.setScope(project, { kind: 'view', view, title: 'Only a' });
    const result = await rig.sync(project);
    expect(rig.mirrorIds(project)).toEqual(ofGroup.a);
    expect(rig.takeReadWhole()).toEqual(ofGroup.a);
    expect(result.summary.pulled.media).toBe(2);
    expect(mediaUrls()).toEqual((await Promise.all(ofGroup.a!.map(imageOf))).sort());
  });

  it('brings a task saved into the tab there, reading only it', async () => {
    const moved = ofGroup.c![0]!;
    const task = await rig.remote.api<{ data: Record<string, unknown> }>('GET', `/api/tasks/${moved}/`);
    await rig.remote.api('PATCH', `/api/tasks/${moved}/`, { data: { ...task.data, group: 'a' } });
    const start = rig.sent.length;
    await rig.sync(project);
    expect(rig.takeReadWhole()).toEqual([moved]);
    expect(rig.mirrorIds(project)).toEqual([...ofGroup.a!, moved].sort((x, y) => x - y));
    // Joined with the tab's own filter: no listing of the tab went through `view=`.
    expect(rig.sent.slice(start).some((request) => request.params.has('view'))).toBe(false);
  });

  it('lists a tab whose filters are joined by "or" as the remote applies it, and grows with it', async () => {
    await rig.remote.api('PATCH', `/api/dm/views/${view}/`, {
      project,
      data: { title: 'a or b', filters: groupFilter('a', 'b') },
    });
    const start = rig.sent.length;
    const result = await rig.sync(project);
    expect(rig.takeReadWhole()).toEqual(ofGroup.b);
    expect(rig.mirrorIds(project)).toEqual([...ofGroup.a!, ...ofGroup.b!, ofGroup.c![0]!].sort((x, y) => x - y));
    expect(rig.sent.slice(start).filter((request) => request.params.get('view') === String(view))).not.toEqual([]);
    expect(result.summary.pulled.media).toBe(2);
    expect(rig.wholeListings(start)).toEqual([]);
  });

  it('fails the pull of a tab deleted there with a reason, and keeps what the mirror holds', async () => {
    const held = rig.mirrorIds(project);
    await rig.remote.api('DELETE', `/api/dm/views/${view}/`);
    const result = await runSync(rig.deps, rig.remoteId, { projects: [project] });
    expect(result.status).toBe('failed');
    expect(result.summary.errors).toEqual([
      {
        phase: 'pull',
        item: `project ${project}`,
        message: `Tab ${view} of project ${project} is gone from the remote: choose another scope.`,
      },
    ]);
    expect(rig.mirrorIds(project)).toEqual(held);
  });
});

describe('a partial mirror of unlabeled tasks', () => {
  let rig: ScopeRig;
  let project: number;
  let ids: number[];

  beforeAll(async () => {
    rig = await startScopeRig();
    project = (
      await rig.remote.api<{ id: number }>('POST', '/api/projects/', { title: 'Queue', label_config: CHOICES_CONFIG })
    ).id;
    ids = (
      await rig.remote.api<{ task_ids: number[] }>(
        'POST',
        `/api/projects/${project}/import?return_task_ids=true`,
        Array.from({ length: 12 }, (_, index) => ({ text: `text ${index}` })),
      )
    ).task_ids;
    await rig.remote.api('POST', `/api/tasks/${ids[0]}/annotations/`, { result: choice('pos') });
    await rig.remote.api('POST', `/api/tasks/${ids[1]}/annotations/`, { result: [], was_cancelled: true });
  });

  afterAll(() => rig?.close());

  const localTaskOf = (remoteTaskId: number) =>
    rig.t.db.prepare('SELECT task FROM remote_tasks WHERE remote_task_id = ?').pluck().get(remoteTaskId) as number;
  const annotateHere = (remoteTaskId: number) =>
    rig.t.withToken(`/api/tasks/${localTaskOf(remoteTaskId)}/annotations/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result: choice('neg') }),
    });

  it('takes the next N tasks nobody annotated or skipped there', async () => {
    rig.setScope(project, { kind: 'unlabeled', count: 3 });
    await rig.sync(project);
    expect(rig.mirrorIds(project)).toEqual(ids.slice(2, 5));
  });

  it('tops up after labeling here (a draft does not count as labeled), and after labeling there', async () => {
    expect((await annotateHere(ids[2]!)).status).toBe(201);
    expect((await annotateHere(ids[3]!)).status).toBe(201);
    const draft = await rig.t.withToken(`/api/tasks/${localTaskOf(ids[4]!)}/drafts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ result: choice('pos') }),
    });
    expect(draft.status).toBe(201);
    rig.takeReadWhole();
    const result = await rig.sync(project);
    expect(result.summary.pushed.annotations).toBe(2);
    expect(rig.mirrorIds(project)).toEqual(ids.slice(2, 7));
    expect(rig.takeReadWhole()).toEqual(expect.arrayContaining(ids.slice(5, 7)));

    await rig.remote.api('POST', `/api/tasks/${ids[5]}/annotations/`, { result: choice('pos') });
    await rig.sync(project);
    expect(rig.mirrorIds(project)).toEqual(ids.slice(2, 8));
    const unlabeledHere = rig.t.db
      .prepare('SELECT COUNT(*) FROM tasks WHERE project = ? AND total_annotations = 0 AND cancelled_annotations = 0')
      .pluck()
      .get(rig.localProject(project));
    expect(unlabeledHere).toBe(3);
  });
});
