import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { createRemoteClient } from '../../electron/core/sync/remoteClient.js';
import {
  createLocalSync,
  createRemoteProject,
  localSnapshot,
  remoteSnapshot,
  startRemoteOutpost,
  exportedIds,
  isWalkPageCall,
  watchedClient,
  type RemoteCall,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';
import { createTestApp } from '../helpers/testApp.js';

/** How the pull walks a remote's task pages and reads its id listing beside them. */
describe("the pull's page walk and id listing", () => {
  let remote: RemoteOutpost;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
  });

  afterAll(async () => {
    await remote?.stop();
  });

  it('asks for the following pages before writing the one it has, applies them in order, and asks for none past the end', async () => {
    const { projectId, taskIds } = await createRemoteProject(remote, ['alpha', 'beta', 'gamma', 'delta']);
    const written: { ids: number[]; localTasks: unknown }[] = [];
    const app = await createTestApp();
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
      if (!isWalkPageCall(call)) return;
      const localTasks = app.db.prepare('SELECT count(*) FROM tasks').pluck().get();
      written.push({ ids: exportedIds(call), localTasks });
    });
    const local = await createLocalSync(remote, { client, app });
    const pulled = await pullProject(local.ctx, projectId, { pageSize: 1 });
    expect(pulled.stats.tasks).toBe(4);
    // Pages 2 to 4 leave while page 1 is not written yet; the id listing says where the walk ends.
    expect(written).toEqual(taskIds.map((id) => ({ ids: [id], localTasks: 0 })));
    expect(local.t.db.prepare('SELECT inner_id FROM tasks ORDER BY id').pluck().all()).toEqual([1, 2, 3, 4]);
  });

  it('walks by id ranges where the ids lie close together, and by the id listing where they are spread thinly', async () => {
    // Three projects take one task each in turn: each project's ids are a third of their range.
    const projects: { projectId: number; taskIds: number[] }[] = [];
    for (let index = 0; index < 3; index += 1) projects.push(await createRemoteProject(remote, ['seed']));
    const idsOf = new Map(projects.map((project) => [project.projectId, [...project.taskIds]]));
    for (let round = 0; round < 4; round += 1) {
      for (const { projectId } of projects) {
        const { task_ids: ids } = await remote.api<{ task_ids: number[] }>(
          'POST',
          `/api/projects/${projectId}/import?return_task_ids=true`,
          [{ text: `round ${round}` }],
        );
        idsOf.get(projectId)!.push(...ids);
      }
    }
    const close = await createRemoteProject(remote, ['a', 'b', 'c', 'd', 'e']);
    const walks = async (projectId: number) => {
      const calls: RemoteCall[] = [];
      const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
        calls.push(call);
      });
      const local = await createLocalSync(remote, { client });
      const pulled = await pullProject(local.ctx, projectId, { pageSize: 2 });
      expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, projectId));
      return {
        pages: calls.filter(isWalkPageCall).map(exportedIds),
        listed: calls.some((call) => call.query.include === 'id,updated_at,overlap'),
      };
    };

    const sparse = projects[0]!.projectId;
    const [seed, first, second, third, fourth] = idsOf.get(sparse)!;
    expect(await walks(sparse)).toEqual({ pages: [[seed, first], [second, third], [fourth]], listed: true });
    const [a, b, c, d, e] = close.taskIds;
    expect(await walks(close.projectId)).toEqual({ pages: [[a, b], [c, d], [e]], listed: false });
  });

  it("gives each task walked by ranges its overlap: the project's maximum_annotations, else the one listed", async () => {
    const { projectId } = await createRemoteProject(remote, ['a', 'b'], { maximum_annotations: 2 });
    // A task made alone keeps the model's default overlap, 1, as in Label Studio; imports get 2.
    const single = await remote.api<{ overlap: number }>('POST', '/api/tasks/', {
      project: projectId,
      data: { text: 'c' },
    });
    expect(single.overlap).toBe(1);
    await remote.api('POST', `/api/projects/${projectId}/import`, [{ text: 'd' }]);
    const local = await createLocalSync(remote);
    const pulled = await pullProject(local.ctx, projectId);
    const overlaps = local.t.db.prepare('SELECT overlap FROM tasks WHERE project = ? ORDER BY id').pluck();
    const there = await remote.api<{ tasks: { overlap: number }[] }>(
      'GET',
      `/api/tasks/?project=${projectId}&include=id,overlap&page_size=10`,
    );
    expect(there.tasks.map((task) => task.overlap)).toContain(1);
    expect(overlaps.all(pulled.projectId)).toEqual(there.tasks.map((task) => task.overlap));
  });

  it('keeps a task the id listing missed because it was read first, and deletes one that is gone', async () => {
    const { projectId, taskIds } = await createRemoteProject(remote, ['alpha', 'beta', 'gamma', 'delta']);
    const [alpha, beta, gamma, delta] = taskIds as [number, number, number, number];
    const first = await createLocalSync(remote);
    await pullProject(first.ctx, projectId);
    // The listing is read while the pages are: a task created there in between is on a page but
    // not in the listing. This client hides the newest task from the listing to play that out.
    const hidden = delta;
    const calls: RemoteCall[] = [];
    const real = createRemoteClient({ url: remote.url, token: remote.token });
    const client = watchedClient(
      {
        ...real,
        request: async <T>(...args: Parameters<typeof real.request>) => {
          const answer = await real.request<{ tasks: { id: number }[] }>(...args);
          if (args[2]?.query?.include !== 'id,updated_at') return answer as T;
          return { ...answer, tasks: answer.tasks.filter((task) => task.id !== hidden) } as T;
        },
      },
      (call) => calls.push(call),
    );
    await remote.api('DELETE', `/api/tasks/${gamma}/`);
    const again = await createLocalSync(remote, { client, app: first.t });
    await pullProject(again.ctx, projectId);

    const local = first.t.db.prepare('SELECT remote_task_id FROM remote_tasks ORDER BY remote_task_id').pluck().all();
    expect(local).toEqual([alpha, beta, hidden]);
    // Both tasks missing from the listing were asked for by id, in one request: only one came back.
    const byId = calls.filter((call) => String(call.query.query ?? '').includes('selectedItems'));
    expect(byId.map((call) => JSON.parse(String(call.query.query)).selectedItems.included)).toEqual([
      [gamma, hidden].sort((a, b) => a - b),
    ]);
  });
});
