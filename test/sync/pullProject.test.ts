import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { createRemoteClient } from '../../electron/core/sync/remoteClient.js';
import {
  choice,
  createLocalSync,
  createRemoteProject,
  localSnapshot,
  remoteSnapshot,
  startRemoteOutpost,
  type LocalSync,
  exportedIds,
  isWalkPageCall,
  watchedClient,
  type RemoteCall,
  type RemoteOutpost,
} from '../helpers/syncRemote.js';

/** Everything the pull wrote for a project, for "nothing changed" comparisons. */
function localRows(local: LocalSync, projectId: number) {
  const { db } = local.t;
  return {
    tasks: db.prepare('SELECT * FROM tasks WHERE project = ? ORDER BY id').all(projectId),
    annotations: db.prepare('SELECT * FROM annotations WHERE project = ? ORDER BY id').all(projectId),
    predictions: db
      .prepare('SELECT p.* FROM predictions p JOIN tasks t ON t.id = p.task WHERE t.project = ? ORDER BY p.id')
      .all(projectId),
    mirrors: db.prepare('SELECT * FROM remote_annotations ORDER BY annotation').all(),
    users: db.prepare('SELECT * FROM users ORDER BY id').all(),
  };
}

describe('pulling a remote project from another Outpost', () => {
  let remote: RemoteOutpost;
  let secondUser: number;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    secondUser = await remote.addUser('second@example.org', 'Sam', 'Second Person');
  });

  afterAll(async () => {
    await remote?.stop();
  });

  /** Four tasks: annotations by two people, a skip, and predictions. */
  async function seedProject() {
    const { projectId, taskIds } = await createRemoteProject(remote, ['alpha', 'beta', 'gamma', 'delta'], {
      description: 'seeded',
      color: '#FF0000',
      expert_instruction: '<b>Careful</b>',
      show_instruction: true,
      maximum_annotations: 2,
      skip_queue: 'REQUEUE_FOR_ME',
    });
    const [alpha, beta, gamma, delta] = taskIds as [number, number, number, number];
    const post = (task: number, body: Record<string, unknown>, query = '') =>
      remote.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/${query}`, body);
    const mine = await post(alpha, { result: choice('pos'), lead_time: 3.5 });
    const theirs = await post(alpha, { result: choice('neg'), completed_by: secondUser });
    const skipped = await post(beta, { result: [] }, '?was_cancelled=1');
    const gammaTheirs = await post(gamma, { result: choice('pos'), completed_by: secondUser, ground_truth: true });
    const prediction = (task: number, value: string, score: number) =>
      remote.api<{ id: number }>('POST', '/api/predictions/', {
        task,
        result: choice(value),
        score,
        model_version: 'm1',
      });
    const predictions = [await prediction(beta, 'neg', 0.5), await prediction(delta, 'pos', 0.9)];
    predictions.push(await prediction(delta, 'neg', 0.1));
    return {
      projectId,
      tasks: { alpha, beta, gamma, delta },
      annotations: { mine, theirs, skipped, gammaTheirs },
      predictions,
    };
  }

  it('mirrors settings, tasks, annotations of two people, a skip and predictions on the first pull', async () => {
    const seeded = await seedProject();
    const local = await createLocalSync(remote);
    const pulled = await pullProject(local.ctx, seeded.projectId);

    expect(pulled.stats).toEqual({ projects: 1, tasks: 4, annotations: 4, predictions: 3, media: 0 });
    expect(pulled.conflicts).toBe(0);
    expect(await localSnapshot(local.t, pulled.projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));

    const project = local.t.db.prepare('SELECT * FROM projects WHERE id = ?').get(pulled.projectId) as Record<
      string,
      unknown
    >;
    const remoteProject = await remote.api('GET', `/api/projects/${seeded.projectId}/`);
    for (const key of [
      'title',
      'description',
      'label_config',
      'color',
      'expert_instruction',
      'maximum_annotations',
      'skip_queue',
    ]) {
      expect(project[key], key).toBe(remoteProject[key]);
    }
    expect(project.show_instruction).toBe(1);

    // My remote annotations are the local user's; the other person is a stand-in with their identity.
    const authors = local.t.db
      .prepare('SELECT DISTINCT completed_by FROM annotations WHERE project = ? ORDER BY completed_by')
      .pluck()
      .all(pulled.projectId) as number[];
    expect(authors).toContain(local.t.userId);
    const standIn = local.t.db
      .prepare('SELECT email, first_name, last_name, is_local, remote_origin FROM users WHERE remote_id = ?')
      .get(secondUser);
    expect(standIn).toEqual({
      email: 'second@example.org',
      first_name: 'Sam',
      last_name: 'Second Person',
      is_local: 0,
      remote_origin: remote.url,
    });
    expect(authors).toHaveLength(2);

    const mirror = local.t.db
      .prepare('SELECT * FROM remote_projects WHERE project = ?')
      .get(pulled.projectId) as Record<string, unknown>;
    expect(mirror.remote_project_id).toBe(seeded.projectId);
    expect(mirror.pull_checkpoint).toBeNull();
    expect(typeof mirror.pulled_until).toBe('string');
    // Nothing a pull writes is journaled to be pushed back.
    expect(local.t.db.prepare('SELECT count(*) FROM sync_outbox').pluck().get()).toBe(0);
    // The run names the phase; a pull on its own reports none, so no step is announced twice.
    expect(local.progress.phases).toEqual([]);
  });

  it('pulls only what changed there, and a pull with nothing new changes nothing', async () => {
    const seeded = await seedProject();
    const calls: RemoteCall[] = [];
    const client = watchedClient(createRemoteClient({ url: remote.url, token: remote.token }), (call) =>
      calls.push(call),
    );
    const local = await createLocalSync(remote, { client });
    const { projectId } = await pullProject(local.ctx, seeded.projectId);
    // The first pull walks every task through the export and reads none through the full list.
    expect(calls.filter(isWalkPageCall).flatMap(exportedIds)).toEqual(Object.values(seeded.tasks));
    expect(calls.filter((call) => call.query.fields === 'all')).toEqual([]);
    const gammaBefore = local.t.db
      .prepare('SELECT t.* FROM tasks t JOIN remote_tasks rt ON rt.task = t.id WHERE rt.remote_task_id = ?')
      .get(seeded.tasks.gamma);

    await remote.api('POST', `/api/tasks/${seeded.tasks.delta}/annotations/`, { result: choice('neg') });
    await remote.api('PATCH', `/api/annotations/${seeded.annotations.mine.id}/`, { result: choice('neg') });
    await remote.api('DELETE', `/api/annotations/${seeded.annotations.theirs.id}/`);
    await remote.api('POST', `/api/projects/${seeded.projectId}/import`, [{ text: 'epsilon' }]);
    await remote.api('DELETE', `/api/tasks/${seeded.tasks.beta}/`);
    await remote.api('DELETE', `/api/predictions/${seeded.predictions[2]!.id}/`);

    calls.length = 0;
    const second = await pullProject(local.ctx, seeded.projectId);
    expect(second.projectId).toBe(projectId);
    // The incremental pull lists (ids and updated_at only) the tasks saved since the last pull's
    // server time, minus the overlap, in id order, and reads whole only those.
    const pulledUntil = local.t.db.prepare('SELECT pulled_until FROM remote_projects WHERE project = ?').pluck();
    const incremental = calls.find(
      (call) => call.query.include === 'id,updated_at' && typeof call.query.query === 'string',
    );
    const filter = JSON.parse(String(incremental?.query.query)) as {
      filters: { items: { filter: string; operator: string; value: string }[] };
      ordering: string[];
    };
    expect(filter.ordering).toEqual(['tasks:id']);
    expect(filter.filters.items[0]).toMatchObject({ filter: 'filter:tasks:updated_at', operator: 'greater' });
    expect(filter.filters.items[0]!.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    // alpha (edit + delete), beta (gone), delta (new annotation, prediction removed), epsilon (new).
    expect(second.stats).toEqual({ projects: 1, tasks: 4, annotations: 3, predictions: 1, media: 0 });
    expect(await localSnapshot(local.t, projectId)).toEqual(await remoteSnapshot(remote, seeded.projectId));
    const gammaAfter = local.t.db
      .prepare('SELECT t.* FROM tasks t JOIN remote_tasks rt ON rt.task = t.id WHERE rt.remote_task_id = ?')
      .get(seeded.tasks.gamma);
    expect(gammaAfter).toEqual(gammaBefore);
    // Deleting the task took its mirrored skip and prediction with it.
    expect(
      local.t.db.prepare('SELECT count(*) FROM remote_tasks WHERE remote_task_id = ?').pluck().get(seeded.tasks.beta),
    ).toBe(0);

    const sinceThird = String(pulledUntil.get(projectId));
    expect(Date.parse(sinceThird)).toBeGreaterThan(Date.parse(filter.filters.items[0]!.value));
    const before = localRows(local, projectId);
    const third = await pullProject(local.ctx, seeded.projectId);
    expect(third.stats).toEqual({ projects: 1, tasks: 0, annotations: 0, predictions: 0, media: 0 });
    expect(localRows(local, projectId)).toEqual(before);
  });

  it('mirrors a settings change made there', async () => {
    const seeded = await seedProject();
    const local = await createLocalSync(remote);
    const { projectId } = await pullProject(local.ctx, seeded.projectId);
    await remote.api('PATCH', `/api/projects/${seeded.projectId}/`, {
      title: 'Renamed there',
      color: '#00FF00',
      show_skip_button: false,
      maximum_annotations: 1,
      sampling: 'Uniform sampling',
    });
    const pulled = await pullProject(local.ctx, seeded.projectId);
    expect(pulled.projectId).toBe(projectId);
    const project = local.t.db.prepare('SELECT * FROM projects WHERE id = ?').get(projectId) as Record<string, unknown>;
    expect(project).toMatchObject({
      title: 'Renamed there',
      color: '#00FF00',
      show_skip_button: 0,
      maximum_annotations: 1,
      sampling: 'Uniform sampling',
    });
    expect(local.t.db.prepare('SELECT count(*) FROM projects').pluck().get()).toBe(1);
  });
});
