import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startByteCountingProxy, type ByteCountingProxy } from '../byteCountingProxy.js';
import { snapshotProject } from './syncSnapshot.js';
import { CHOICES_CONFIG, choice, labelStudioApi, listTasks, startOutpost, type OutpostServer } from './syncRig.js';

/*
 * The incremental pull against the real Label Studio, through a proxy that counts every request:
 * with nothing changed it lists only the tasks saved since (none) and reads no task whole; what
 * changed there, including a deletion balanced by a creation (same task count), a lone deletion,
 * a deleted annotation and a deleted prediction, still ends with the mirror equal to the project.
 */
describe('a lean re-sync from the real Label Studio', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioApi(ls);
  let proxy: ByteCountingProxy;
  let outpost: OutpostServer;
  let remoteId: number;
  let projectId: number;

  beforeAll(async () => {
    proxy = await startByteCountingProxy(ls.url);
    outpost = await startOutpost();
    remoteId = await outpost.addRemote(proxy.url, ls.user.token);
    await proxy.quiet();
    projectId = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Lean pull', label_config: CHOICES_CONFIG })
    ).id;
    const tasks = ['one', 'two', 'three', 'four'].map((text, index) => ({
      data: { text },
      annotations: [{ result: choice(index % 2 === 0 ? 'pos' : 'neg'), completed_by: ls.user.id }],
      predictions: [{ result: choice('pos'), score: 0.5, model_version: 'v1' }],
    }));
    await remote.call('POST', `/api/projects/${projectId}/import`, tasks);
  });
  afterAll(async () => {
    await outpost?.stop();
    await proxy?.close();
  });

  const endpoints = () => [...proxy.tallies().keys()];
  async function syncAndCompare() {
    proxy.reset();
    const run = await outpost.sync(remoteId, [projectId]);
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    const mirror = await outpost.mirrorOf(remoteId, projectId);
    expect(await snapshotProject(outpost.api, mirror)).toEqual(await snapshotProject(remote, projectId));
    // The snapshot counts predictions from the lists; the mirror's own counters must agree with them.
    for (const task of await listTasks(outpost.api, mirror)) {
      expect(task.total_predictions, `task ${task.id}`).toBe(task.predictions.length);
    }
    return run;
  }

  it('reads no task whole and lists no id set when nothing changed', async () => {
    await syncAndCompare();
    // The full pull took every task from the export and the predictions from one list of the
    // project's: none came through the Data Manager's full list (fields=all).
    expect(endpoints().filter((endpoint) => endpoint.includes('fields'))).toEqual([]);
    expect(proxy.tallies().get('GET /api/predictions/?project')?.requests).toBe(1);
    await syncAndCompare();
    // Only the sparse listing of tasks saved since (ids and updated_at) touched the task list.
    const taskRequests = endpoints().filter((endpoint) => endpoint.startsWith('GET /api/tasks/'));
    expect(taskRequests).toEqual(['GET /api/tasks/?include&page&page_size&project&query']);
    expect(endpoints().some((endpoint) => endpoint.includes('/export'))).toBe(false);
  });

  it('finds a task deleted there even when a new one keeps the count', async () => {
    const [first] = await listTasks(remote, projectId);
    await remote.call('DELETE', `/api/tasks/${first!.id}/`);
    await remote.call('POST', `/api/projects/${projectId}/import`, [{ data: { text: 'five' } }]);
    const run = await syncAndCompare();
    expect(run.stats.pulled).toMatchObject({ tasks: 2 });
    // The counts agreed only after the new task was applied, so the id set was listed.
    expect(endpoints()).toContain('GET /api/tasks/?include&page&page_size&project');
  });

  it('finds a lone deletion, a deleted annotation and a deleted prediction', async () => {
    const [first, second, third] = await listTasks(remote, projectId);
    await remote.call('DELETE', `/api/tasks/${first!.id}/`);
    await remote.call('DELETE', `/api/annotations/${second!.annotations[0]!.id}/`);
    await remote.call('DELETE', `/api/predictions/${third!.predictions[0]!.id}/`);
    const run = await syncAndCompare();
    expect(run.stats.pulled).toMatchObject({ tasks: 3, annotations: 1, predictions: 1 });
  });
});
