import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePng } from '../../helpers/labelingMedia.js';
import { startByteCountingProxy, type ByteCountingProxy } from '../byteCountingProxy.js';
import { byId, mirroredRemoteIds, readWhole, uploadsFetched } from './partialMirrorProbes.js';
import { snapshotProject } from './syncSnapshot.js';
import {
  CHOICES_CONFIG,
  choice,
  IMAGE_CONFIG,
  labelStudioApi,
  listTasks,
  startOutpost,
  type OutpostServer,
} from './syncRig.js';

/*
 * Partial mirrors against the real Label Studio, through a proxy that records every request: a
 * tab with a filter on a data field is mirrored and checked task by task against Label Studio's
 * own answer for that tab (data, annotations, predictions), with media only for its tasks; the
 * tab's filter is then widened there and the mirror grows without reading whole what it holds.
 * Then `unlabeled:N` tops a mirror up after labeling here, and `ids` adds a list.
 */

const GROUPS = ['a', 'b', 'c'] as const;

describe('partial mirrors of the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let proxy: ByteCountingProxy;
  let outpost: OutpostServer;
  let remoteId: number;

  beforeAll(async () => {
    proxy = await startByteCountingProxy(ls.url);
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(proxy.url, ls.user.token);
    await proxy.quiet();
  });
  afterAll(async () => {
    await outpost?.stop();
    await proxy?.close();
  });

  const scopePath = (project: number) => `/api/outpost/remotes/${remoteId}/projects/${project}/scope`;
  async function sync(project: number) {
    await proxy.quiet(200);
    proxy.reset();
    const run = await outpost.sync(remoteId, [project]);
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    return run;
  }
  const mirrorIds = (project: number) => mirroredRemoteIds(outpost, remoteId, project);

  describe('a tab with a filter', () => {
    let project: number;
    let view: number;
    const ofGroup: Record<string, number[]> = { a: [], b: [], c: [] };

    beforeAll(async () => {
      project = (
        await remote.call<{ id: number }>('POST', '/api/projects/', {
          title: 'Partial tab',
          label_config: IMAGE_CONFIG,
        })
      ).id;
      // Two uploaded images per group; each group's tasks show only its own two.
      const form = new FormData();
      for (const [index, group] of [...GROUPS, ...GROUPS].entries()) {
        form.append(`f${index}`, new Blob([makePng(2 + index, 3)], { type: 'image/png' }), `${group}${index}.png`);
      }
      await remote.call('POST', `/api/projects/${project}/import`, form);
      const uploaded = await listTasks(remote, project);
      const imagesOf = (group: string) =>
        uploaded
          .map((task) => String(task.data.image))
          .filter((image) => new RegExp(`-${group}\\d\\.png$`).test(image));
      for (const [n, task] of uploaded.entries()) {
        const group = /-([abc])\d\.png$/.exec(String(task.data.image))![1]!;
        await remote.call('PATCH', `/api/tasks/${task.id}/`, { data: { ...task.data, group, n } });
      }
      const tasks = Array.from({ length: 54 }, (_, index) => {
        const group = GROUPS[index % 3]!;
        return {
          data: { image: imagesOf(group)[index % 2], group, n: 100 + index },
          annotations: index % 4 === 0 ? [{ result: choice('cat', 'image'), completed_by: ls.user.id }] : [],
          predictions: index % 5 === 0 ? [{ result: choice('dog', 'image'), score: 0.25, model_version: 'v1' }] : [],
        };
      });
      await remote.call('POST', `/api/projects/${project}/import`, tasks);
      for (const task of await listTasks(remote, project)) ofGroup[String(task.data.group)]!.push(task.id);
      view = (
        await remote.call<{ id: number }>('POST', '/api/dm/views/', {
          project,
          data: {
            title: 'Group a',
            filters: {
              conjunction: 'and',
              items: [{ filter: 'filter:tasks:data.group', operator: 'equal', type: 'String', value: 'a' }],
            },
          },
        })
      ).id;
    });

    it("applies the tab's filters with include=, and ignores query= beside view=", async () => {
      // The fact the scoped pull rests on: it reads the tab's filters and sends them as its query.
      const listed = await remote.call<{ tasks: { id: number; updated_at: string }[] }>(
        'GET',
        `/api/tasks/?project=${project}&view=${view}&include=id,updated_at&page_size=1000&${byId([ofGroup.b![0]!])}`,
      );
      expect(listed.tasks.map((task) => task.id).sort((x, y) => x - y)).toEqual(ofGroup.a);
      // The data manager's serializer adds allow_skip back whatever include= says.
      expect(Object.keys(listed.tasks[0]!).sort()).toEqual(['allow_skip', 'id', 'updated_at']);
    });

    it('lists the tab, then mirrors it task by task as Label Studio answers it, with only its media', async () => {
      const views = await outpost.api.call<{ id: number; title: string; filters: number }[]>(
        'GET',
        `/api/outpost/remotes/${remoteId}/projects/${project}/views`,
      );
      expect(views).toContainEqual({ id: view, title: 'Group a', filters: 1 });
      await outpost.api.call('PUT', scopePath(project), { scope: { kind: 'view', view, title: 'Group a' } });

      const run = await sync(project);
      expect(await mirrorIds(project)).toEqual(ofGroup.a);
      const mirror = await outpost.mirrorOf(remoteId, project);
      expect(await snapshotProject(outpost.api, mirror)).toEqual(
        await snapshotProject(remote, project, `view=${view}`),
      );
      expect(readWhole(proxy)).toEqual(ofGroup.a);
      expect(run.stats.pulled).toMatchObject({ tasks: 20, media: 2 });
      expect(uploadsFetched(proxy)).toBe(2);
      // Never the whole project's ids: every listing of ids is narrowed by the tab's filter or by id.
      expect(
        proxy.targets().filter((target) => target.includes('include=id%2Cupdated_at') && !target.includes('query=')),
      ).toEqual([]);
    });

    it('brings a task saved into the tab there, listing only what changed since, reading only it', async () => {
      const moved = ofGroup.c!.shift()!;
      const task = await remote.call<{ data: Record<string, unknown> }>('GET', `/api/tasks/${moved}/`);
      await remote.call('PATCH', `/api/tasks/${moved}/`, { data: { ...task.data, group: 'a' } });
      ofGroup.a = [...ofGroup.a!, moved].sort((x, y) => x - y);
      const run = await sync(project);
      expect(readWhole(proxy)).toEqual([moved]);
      expect(await mirrorIds(project)).toEqual(ofGroup.a);
      const mirror = await outpost.mirrorOf(remoteId, project);
      expect(await snapshotProject(outpost.api, mirror)).toEqual(
        await snapshotProject(remote, project, `view=${view}`),
      );
      expect(run.stats.pulled).toMatchObject({ media: 1 });
      // The tab's filter joined with the pull's own, not `view=` (which would drop them).
      expect(proxy.targets().filter((target) => target.includes('view='))).toEqual([]);
    });

    it('grows when the tab is widened there, reading whole only the tasks it did not hold', async () => {
      await remote.call('PATCH', `/api/dm/views/${view}/`, {
        project,
        data: {
          title: 'Group a',
          filters: {
            conjunction: 'or',
            items: [
              { filter: 'filter:tasks:data.group', operator: 'equal', type: 'String', value: 'a' },
              { filter: 'filter:tasks:data.group', operator: 'equal', type: 'String', value: 'b' },
            ],
          },
        },
      });
      const run = await sync(project);
      const both = [...ofGroup.a!, ...ofGroup.b!].sort((x, y) => x - y);
      expect(await mirrorIds(project)).toEqual(both);
      const mirror = await outpost.mirrorOf(remoteId, project);
      expect(await snapshotProject(outpost.api, mirror)).toEqual(
        await snapshotProject(remote, project, `view=${view}`),
      );
      expect(readWhole(proxy)).toEqual(ofGroup.b);
      expect(run.stats.pulled).toMatchObject({ tasks: ofGroup.b!.length, media: 2 });
      expect(uploadsFetched(proxy)).toBe(2);

      // Unchanged, the next sync reads no task whole and fetches no file.
      await sync(project);
      expect(readWhole(proxy)).toEqual([]);
      expect(uploadsFetched(proxy)).toBe(0);
    });
  });

  describe('unlabeled tasks and a list of ids', () => {
    let project: number;
    let ids: number[];

    beforeAll(async () => {
      project = (
        await remote.call<{ id: number }>('POST', '/api/projects/', {
          title: 'Partial unlabeled',
          label_config: CHOICES_CONFIG,
        })
      ).id;
      const tasks = Array.from({ length: 30 }, (_, index) => ({
        data: { text: `task ${index}` },
        annotations: index < 5 ? [{ result: choice('pos'), completed_by: ls.user.id }] : [],
        predictions: index >= 5 && index < 8 ? [{ result: choice('neg'), score: 0.5, model_version: 'v2' }] : [],
      }));
      await remote.call('POST', `/api/projects/${project}/import`, tasks);
      ids = (await listTasks(remote, project)).map((task) => task.id);
    });

    async function expectMirrorOf(remoteIds: number[]) {
      expect(await mirrorIds(project)).toEqual(remoteIds);
      const mirror = await outpost.mirrorOf(remoteId, project);
      expect(await snapshotProject(outpost.api, mirror)).toEqual(
        await snapshotProject(remote, project, byId(remoteIds)),
      );
    }

    it('keeps N tasks nobody labeled, topped up after labeling here', async () => {
      await outpost.api.call('PUT', scopePath(project), { scope: { kind: 'unlabeled', count: 5 } });
      await sync(project);
      await expectMirrorOf(ids.slice(5, 10));

      const mirror = await outpost.mirrorOf(remoteId, project);
      const [first, second] = await listTasks(outpost.api, mirror);
      for (const task of [first!, second!]) {
        await outpost.api.call('POST', `/api/tasks/${task.id}/annotations/`, { result: choice('neg') });
      }
      await sync(project);
      // The two labeled here were pushed, and two more unlabeled ones came.
      await expectMirrorOf(ids.slice(5, 12));
      expect((await listTasks(remote, project)).filter((task) => task.annotations.length > 0)).toHaveLength(7);
      expect(readWhole(proxy)).toEqual(expect.arrayContaining(ids.slice(10, 12)));
      expect(readWhole(proxy).every((id) => ids.slice(5, 12).includes(id))).toBe(true);
    });

    it('adds a list of ids, reading whole only those it did not hold', async () => {
      await outpost.api.call('PUT', scopePath(project), { scope: { kind: 'ids', ids: [ids[0]!, ids[6]!, ids[20]!] } });
      await sync(project);
      expect(readWhole(proxy)).toEqual([ids[0]!, ids[20]!]);
      await expectMirrorOf([ids[0]!, ...ids.slice(5, 12), ids[20]!]);
    });

    it('adds a range, reading whole only those it did not hold', async () => {
      await outpost.api.call('PUT', scopePath(project), { scope: { kind: 'range', from: ids[18]!, to: ids[21]! } });
      await sync(project);
      expect(readWhole(proxy)).toEqual([ids[18]!, ids[19]!, ids[21]!]);
      await expectMirrorOf([ids[0]!, ...ids.slice(5, 12), ...ids.slice(18, 22)]);
    });
  });
});
