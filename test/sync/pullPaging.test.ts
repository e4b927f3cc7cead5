import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { createRemoteClient } from '../../electron/core/sync/remoteClient.js';
import {
  createLocalSync,
  createRemoteProject,
  startRemoteOutpost,
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

  async function fourTasks(): Promise<number> {
    return (await createRemoteProject(remote, ['alpha', 'beta', 'gamma', 'delta'])).projectId;
  }

  it('asks for the following pages, up to the one past the last, before writing the one it has, and applies them in order', async () => {
    const projectId = await fourTasks();
    const written: { page: unknown; localTasks: unknown }[] = [];
    const app = await createTestApp();
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) => {
      if (!isWalkPageCall(call)) return;
      const localTasks = app.db.prepare('SELECT count(*) FROM tasks').pluck().get();
      written.push({ page: call.query.page, localTasks });
    });
    const local = await createLocalSync(remote, { client, app });
    const pulled = await pullProject(local.ctx, projectId, { pageSize: 1 });
    expect(pulled.stats.tasks).toBe(4);
    // Pages 2 to 5 leave while page 1 is not written yet: the total (4) says page 5 is the one past
    // the end, which is asked for (it ends the walk), and nothing after it.
    expect(written).toEqual([
      { page: 1, localTasks: 0 },
      { page: 2, localTasks: 0 },
      { page: 3, localTasks: 0 },
      { page: 4, localTasks: 0 },
      { page: 5, localTasks: 0 },
    ]);
    expect(local.t.db.prepare('SELECT inner_id FROM tasks ORDER BY id').pluck().all()).toEqual([1, 2, 3, 4]);
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
