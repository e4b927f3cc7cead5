import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/eventually.js';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  startRemoteOutpost,
  type LocalSync,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/*
 * completed_at is the created_at of a task's newest annotation, newest by the server's ids. A
 * pull can create annotations here out of the server's order (one deleted here and edited there
 * comes back under a new local id): the mirror still answers what the server answers.
 */

interface DmTask {
  completed_at: string | null;
}

describe('completed_at of a pulled task', () => {
  let remote: RemoteOutpost;
  let local: LocalSync;
  let remoteProject: number;
  let remoteTask: number;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const created = await createRemoteProject(remote, ['one']);
    remoteProject = created.projectId;
    remoteTask = created.taskIds[0]!;
    const older = await remote.api<{ id: number }>('POST', `/api/tasks/${remoteTask}/annotations/`, {
      result: choice('pos'),
    });
    // A later created_at for the newer one (the clock may not move between two quick posts).
    const postedAt = Date.now();
    await waitUntil(() => Date.now() > postedAt + 1, 'the clock to move on');
    await remote.api('POST', `/api/tasks/${remoteTask}/annotations/`, { result: choice('neg') });
    local = await createLocalSync(remote);
    const first = await pullProject(local.ctx, remoteProject);
    // The older one is deleted here and edited there: the next pull brings it back as a new row.
    const localOlder = local.t.db
      .prepare('SELECT annotation FROM remote_annotations WHERE remote_annotation_id = ?')
      .pluck()
      .get(older.id) as number;
    const deleted = await local.t.withToken(`/api/annotations/${localOlder}/`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    await remote.api('PATCH', `/api/annotations/${older.id}/`, { result: choice('neg') });
    const second = await pullProject(local.ctx, remoteProject);
    expect(second).toMatchObject({ projectId: first.projectId, conflicts: 1 });
  });
  afterAll(async () => {
    await remote?.stop();
  });

  it("answers the server's completed_at in the task list and when ordering by it", async () => {
    const theirs = await remote.api<{ tasks: DmTask[] }>('GET', `/api/tasks/?project=${remoteProject}`);
    const project = local.t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
    const response = await local.t.withToken(`/api/tasks/?project=${project}`);
    const ours = (await response.json()) as { tasks: DmTask[] };
    expect(theirs.tasks[0]!.completed_at).not.toBeNull();
    expect(ours.tasks[0]!.completed_at).toBe(theirs.tasks[0]!.completed_at);
    const filtered = await local.t.withToken(
      `/api/tasks/?project=${project}&query=${encodeURIComponent(
        JSON.stringify({
          filters: {
            conjunction: 'and',
            items: [
              {
                filter: 'filter:tasks:completed_at',
                operator: 'equal',
                type: 'Datetime',
                value: theirs.tasks[0]!.completed_at,
              },
            ],
          },
        }),
      )}`,
    );
    expect(((await filtered.json()) as { tasks: DmTask[] }).tasks).toHaveLength(1);
  });
});
