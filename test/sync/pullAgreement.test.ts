import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  startRemoteOutpost,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/*
 * Annotations that arrive by a pull keep the mirrored task's stored agreement current, as local
 * writes do: two annotators who agree give 1, and a later pull of an edit there gives 0.
 */

describe('the agreement of a pulled task', () => {
  let remote: RemoteOutpost;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
  });
  afterAll(async () => {
    await remote?.stop();
  });

  it('follows the annotations each pull brings', async () => {
    const secondUser = await remote.addUser('second@example.org', 'Sam', 'Second');
    const { projectId, taskIds } = await createRemoteProject(remote, ['shared', 'single']);
    const [shared, single] = taskIds as [number, number];
    const post = (task: number, body: Record<string, unknown>) =>
      remote.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, body);
    await post(shared, { result: choice('pos') });
    const theirs = await post(shared, { result: choice('pos'), completed_by: secondUser });
    await post(single, { result: choice('neg') });

    const local = await createLocalSync(remote);
    const { projectId: localProject } = await pullProject(local.ctx, projectId);
    const agreementByText = () =>
      Object.fromEntries(
        (
          local.t.db
            .prepare("SELECT json_extract(data, '$.text') AS text, agreement FROM tasks WHERE project = ?")
            .all(localProject) as { text: string; agreement: number | null }[]
        ).map((row) => [row.text, row.agreement]),
      );
    expect(agreementByText()).toEqual({ shared: 1, single: null });

    await remote.api('PATCH', `/api/annotations/${theirs.id}/`, { result: choice('neg') });
    await pullProject(local.ctx, projectId);
    expect(agreementByText()).toEqual({ shared: 0, single: null });
  });
});
