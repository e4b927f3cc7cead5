import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { pushOutbox } from '../../electron/core/sync/push/pushOutbox.js';
import { BASE, localCall, MINE, mirrorOf, remoteResults, THEIRS } from '../helpers/conflictFixtures.js';
import { createLocalSync, createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';

/*
 * A conflict over an annotation that was first made HERE and pushed: its remote twin was posted
 * with the local row's unique_id and id (import_id), and after the conflict that local row is
 * the annotator's copy. Keeping both must post the copy as a new annotation, not trip over (or
 * link to) the twin; keeping mine must PATCH the twin, never post.
 */
describe('resolving a conflict over an annotation made here', () => {
  let remote: RemoteOutpost;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
  });

  afterAll(async () => {
    await remote?.stop();
  });

  for (const resolution of ['keep_both', 'keep_mine'] as const) {
    it(`${resolution} ends with the expected annotations there`, async () => {
      const { projectId: remoteProjectId, taskIds } = await createRemoteProject(remote, [resolution]);
      const local = await createLocalSync(remote);
      const call = localCall(local);
      const { projectId } = await pullProject(local.ctx, remoteProjectId);
      const task = local.t.db.prepare('SELECT task FROM remote_tasks').pluck().get() as number;
      const made = await call<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, { result: BASE });
      expect(made.status).toBe(201);
      expect((await pushOutbox(local.ctx)).stats.annotations).toBe(1);
      const twin = local.t.db
        .prepare('SELECT remote_annotation_id FROM remote_annotations WHERE annotation = ?')
        .pluck()
        .get(made.body.id) as number;

      expect((await call('PATCH', `/api/annotations/${made.body.id}/`, { result: MINE })).status).toBe(200);
      await remote.api('PATCH', `/api/annotations/${twin}/`, { result: THEIRS });
      expect((await pullProject(local.ctx, remoteProjectId)).conflicts).toBe(1);
      const conflict = local.t.db.prepare('SELECT id, local_annotation FROM sync_conflicts').get() as {
        id: number;
        local_annotation: number;
      };
      expect(conflict.local_annotation).toBe(made.body.id);
      expect(mirrorOf(local, twin)).not.toBe(made.body.id);

      const answer = await call('POST', `/api/outpost/conflicts/${conflict.id}/resolve`, { resolution });
      expect(answer.status).toBe(200);
      const pushed = await pushOutbox(local.ctx);
      expect(local.progress.errors).toEqual([]);
      expect(pushed.stats).toEqual(
        resolution === 'keep_both'
          ? { annotations: 1, updates: 0, deletions: 0, tasks: 0 }
          : { annotations: 0, updates: 1, deletions: 0, tasks: 0 },
      );
      const expected = resolution === 'keep_both' ? [MINE, THEIRS] : [MINE];
      expect(await remoteResults(remote, remoteProjectId)).toEqual({ [resolution]: expected });
      // The copy is linked to a remote annotation of its own.
      const links = local.t.db
        .prepare(
          'SELECT count(DISTINCT remote_annotation_id) FROM remote_annotations ra JOIN annotations a ON a.id = ra.annotation WHERE a.task = ?',
        )
        .pluck()
        .get(task);
      expect(links).toBe(expected.length);
      expect((await pullProject(local.ctx, remoteProjectId)).conflicts).toBe(0);
      expect(taskIds).toHaveLength(1);
      expect(projectId).toBeGreaterThan(0);
    });
  }
});
