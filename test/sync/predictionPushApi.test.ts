import { describe, expect, it } from 'vitest';
import { insertMirrorPrediction } from '../../electron/core/db/repos/syncMirrorRepo.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { label, localMirror, outbox } from '../helpers/syncPushFixtures.js';
import { call, createProject, type TestApp } from '../helpers/taskApi.js';

/*
 * `/api/outpost/projects/{id}/push-predictions` on a local mirror (no remote needed: nothing is
 * sent by the request, it only queues): Label Studio-style errors, which predictions it queues,
 * and that it never queues one twice.
 */

const REMOTE = 'http://127.0.0.1:9';
const path = (project: number) => `/api/outpost/projects/${project}/push-predictions`;

async function mirrorWithPredictions() {
  const items = [0, 1, 2].map((index) => ({ image: `https://example.org/${index}.png` }));
  const mirror = await localMirror(REMOTE, 41, items, [501, 502, 503]);
  const [t0, t1] = mirror.tasks;
  const predict = async (task: number, result: unknown, model_version: string) =>
    (await call(mirror.t, 'POST', '/api/predictions/', { task, result, score: 0.5, model_version })).body.id as number;
  // As a pull leaves one of the remote's: a prediction with its twin.
  const pulled = await predict(t0!.local, label('a'), 'team');
  insertMirrorPrediction(mirror.t.db, pulled, mirror.remoteId, 9001);
  const ids = {
    pulled,
    v1First: await predict(t0!.local, label('b'), 'here-v1'),
    v1Second: await predict(t1!.local, label('a'), 'here-v1'),
    v2: await predict(t1!.local, label('b'), 'here-v2'),
    // A result that fits no control is stored as null, which Label Studio would refuse.
    empty: await predict(t1!.local, { nothing: true }, 'here-v2'),
  };
  return { ...mirror, ids };
}

const post = (t: TestApp, project: number, body: unknown) => call(t, 'POST', path(project), body);

describe('POST /api/outpost/projects/{id}/push-predictions', () => {
  it('answers 404 for an unknown project and 400 for one that is not a mirror, or a bad request', async () => {
    const { t, project, tasks } = await mirrorWithPredictions();
    const missing = 'No Project matches the given query.';
    await expectEnvelope((await post(t, 987654, {})).response, 404, missing);
    await expectEnvelope((await call(t, 'GET', path(987654))).response, 404, missing);

    const notMirrored = {
      non_field_errors: [
        'This project is not mirrored from a remote server, so its predictions have nowhere to be pushed.',
      ],
    };
    const localOnly = await createProject(t);
    await expectEnvelope((await post(t, localOnly, {})).response, 400, 'Validation error', notMirrored);
    await expectEnvelope((await call(t, 'GET', path(localOnly))).response, 400, 'Validation error', notMirrored);

    const bad = async (body: unknown, errors: Record<string, unknown>) =>
      expectEnvelope((await post(t, project, body)).response, 400, 'Validation error', errors);
    await bad({ model_version: null }, { model_version: ['This field may not be null.'] });
    await bad({ tasks: 'all' }, { tasks: ['Expected a list of items.'] });
    await bad({ tasks: [tasks[0]!.local, 987654] }, { tasks: ['Invalid pk "987654" - object does not exist.'] });
    // A task of another project is not one of this project's.
    const elsewhere = (await call(t, 'POST', `/api/projects/${localOnly}/tasks/`, { data: { text: 'x' } })).body.id;
    await bad({ tasks: [elsewhere] }, { tasks: [`Invalid pk "${elsewhere}" - object does not exist.`] });
    await bad([], { non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    expect(outbox(t)).toEqual([]);
  });

  it('queues only the chosen local predictions, each once, and says what it did with the others', async () => {
    const { t, project, remoteId, tasks, ids } = await mirrorWithPredictions();
    // Making predictions journals nothing: they stay local until asked for.
    expect(outbox(t)).toEqual([]);
    const summary = async () => (await call(t, 'GET', path(project))).body;
    expect(await summary()).toEqual({
      remote: remoteId,
      model_versions: [
        { model_version: 'here-v1', local: 2, queued: 0, on_remote: 0 },
        { model_version: 'here-v2', local: 2, queued: 0, on_remote: 0 },
        { model_version: 'team', local: 0, queued: 0, on_remote: 1 },
      ],
    });

    const first = await post(t, project, { model_version: 'here-v1' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ queued: 2, already_queued: 0, already_on_remote: 0, not_pushable: 0 });
    expect(outbox(t)).toEqual([
      expect.objectContaining({ kind: 'prediction_create', prediction: ids.v1First, task: tasks[0]!.local }),
      expect.objectContaining({ kind: 'prediction_create', prediction: ids.v1Second, task: tasks[1]!.local }),
    ]);
    expect(outbox(t)[0]).toMatchObject({ remote: remoteId, project, annotation: null, attempts: 0, done_at: null });

    // Asking again queues nothing twice.
    expect((await post(t, project, { model_version: 'here-v1' })).body).toEqual({
      queued: 0,
      already_queued: 2,
      already_on_remote: 0,
      not_pushable: 0,
    });
    // By task: the second task's here-v2 prediction goes; its null one cannot.
    expect((await post(t, project, { tasks: [tasks[1]!.local] })).body).toEqual({
      queued: 1,
      already_queued: 1,
      already_on_remote: 0,
      not_pushable: 1,
    });
    expect(outbox(t).at(-1)).toMatchObject({ prediction: ids.v2 });
    // Everything: the remote's own prediction is already there.
    expect((await post(t, project, {})).body).toEqual({
      queued: 0,
      already_queued: 3,
      already_on_remote: 1,
      not_pushable: 1,
    });
    expect((await post(t, project, { tasks: [] })).body).toEqual({
      queued: 0,
      already_queued: 0,
      already_on_remote: 0,
      not_pushable: 0,
    });
    expect(outbox(t)).toHaveLength(3);
    expect(await summary()).toEqual({
      remote: remoteId,
      model_versions: [
        { model_version: 'here-v1', local: 2, queued: 2, on_remote: 0 },
        { model_version: 'here-v2', local: 2, queued: 1, on_remote: 0 },
        { model_version: 'team', local: 0, queued: 0, on_remote: 1 },
      ],
    });
  });
});
