import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushOutbox } from '../../electron/core/sync/push/pushOutbox.js';
import { startFaultProxy, type FaultRule, type FaultProxy } from '../helpers/faultProxy.js';
import { pulledProject } from '../helpers/predictionSyncRig.js';
import { quickRetry } from '../helpers/syncPushFixtures.js';
import { choice, createLocalSync, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { call } from '../helpers/taskApi.js';

/*
 * Pushed predictions whose answers are lost, through the fault proxy in front of a second
 * Outpost. Label Studio gives predictions no client id, so a post that may have landed is looked
 * for on its task (same result and model version) before it is posted again, by the push within
 * the run or in a later run, or recognized by the pull when it comes back. Never a second copy.
 */

const CREATE = /^\/api\/predictions\/?$/;
const LOOKUP = /^\/api\/predictions\/?\?task=\d+$/;

/** The answer of the first create is lost after the remote made the prediction. */
const LOSE_CREATE: FaultRule = { method: 'POST', path: CREATE, action: { kind: 'drop-response' }, times: 1 };
/** And the remote then fails every lookup, so the push gives up for this run. */
const FAIL_LOOKUPS: FaultRule = {
  method: 'GET',
  path: LOOKUP,
  action: { kind: 'status', status: 503, retryAfter: '0' },
  times: 20,
};

let remote: RemoteOutpost;
let proxy: FaultProxy;

beforeAll(async () => {
  remote = await startRemoteOutpost();
  proxy = await startFaultProxy(remote.url);
});
beforeEach(() => proxy.clearFaults());
afterAll(async () => {
  await proxy?.close();
  await remote?.stop();
});

const requestsSince = (from: number) => proxy.log.slice(from).map((entry) => `${entry.method} ${entry.path}`);
const creates = (from: number) => requestsSince(from).filter((line) => line === 'POST /api/predictions/');

/** A mirror with one prediction made here, queued to be pushed. */
async function queuedPrediction(text: string) {
  const pulled = await pulledProject(remote, proxy.url, [text]);
  const local = await pulled.predict(pulled.taskIds[0]!, 'neg', 'here-v1');
  expect((await pulled.rig.pushPredictions(pulled.project, {})).body).toMatchObject({ queued: 1 });
  const ours = async () =>
    (
      await remote.api<{ model_version: string }[]>('GET', `/api/predictions/?task__project=${pulled.remoteProject}`)
    ).filter((prediction) => prediction.model_version === 'here-v1');
  const outboxRow = () =>
    pulled.rig.t.db.prepare("SELECT * FROM sync_outbox WHERE kind = 'prediction_create'").get() as Record<
      string,
      unknown
    >;
  const twin = () =>
    pulled.rig.t.db
      .prepare('SELECT remote_prediction_id FROM remote_predictions WHERE prediction = ?')
      .pluck()
      .get(local);
  return { ...pulled, local, ours, outboxRow, twin };
}

describe('a pushed prediction whose answer is lost', () => {
  it('is found on its task by the retry within the run, not posted again', async () => {
    const { rig, project, ours, outboxRow, twin } = await queuedPrediction('within the run');
    proxy.setFaults([LOSE_CREATE]);
    const from = proxy.log.length;
    const run = await rig.sync();
    expect(proxy.injected()).toContain('drop-response POST /api/predictions/');
    expect(run.status).toBe('completed');
    expect(run.summary.pushed.predictions).toBe(1);
    expect(creates(from)).toHaveLength(1);
    expect(requestsSince(from).some((line) => LOOKUP.test(line.slice('GET '.length)))).toBe(true);
    const there = await ours();
    expect(there).toHaveLength(1);
    expect(twin()).toBe((there[0] as unknown as { id: number }).id);
    expect(outboxRow()).toMatchObject({ done_at: expect.any(String), last_error: null });
    expect(rig.predictionRows(project)).toHaveLength(2);
  });

  it('is recognized by the same run’s pull when the push gave up, and linked instead of copied', async () => {
    const { rig, project, ours, outboxRow, twin } = await queuedPrediction('pull links it');
    proxy.setFaults([LOSE_CREATE, FAIL_LOOKUPS]);
    const from = proxy.log.length;
    const run = await rig.sync();
    proxy.clearFaults();
    // The push gave up on the row (listed); the rest of the run went on.
    expect(run.summary.errors).toEqual([
      expect.objectContaining({ phase: 'push', item: expect.stringMatching(/^prediction_create of task \d+$/) }),
    ]);
    // The prediction landed; the pull brought it back and linked it to the one made here.
    const there = await ours();
    expect(there).toHaveLength(1);
    expect(twin()).toBe((there[0] as unknown as { id: number }).id);
    expect(rig.predictionRows(project)).toHaveLength(2);
    expect(outboxRow()).toMatchObject({ done_at: expect.any(String), attempts: 1 });

    const next = await rig.sync();
    expect(next.status).toBe('completed');
    expect(creates(from)).toHaveLength(1);
    expect(await ours()).toHaveLength(1);
    expect(rig.predictionRows(project)).toHaveLength(2);
  });

  it('is found by the push of a later run before it posts again', async () => {
    const { rig, project, taskIds, ours, outboxRow, twin } = await queuedPrediction('next run');
    // Annotated after the push was asked for: its row comes after the prediction's, same task.
    const annotated = await call(rig.t, 'POST', `/api/tasks/${rig.taskOf(taskIds[0]!)}/annotations/`, {
      result: choice('pos'),
    });
    expect(annotated.status).toBe(201);
    const { ctx } = await createLocalSync({ url: proxy.url, token: remote.token }, { app: rig.t });
    proxy.setFaults([LOSE_CREATE, FAIL_LOOKUPS]);
    const from = proxy.log.length;
    const first = await pushOutbox(ctx, quickRetry);
    proxy.clearFaults();
    expect(outboxRow()).toMatchObject({ done_at: null, attempts: 1 });
    // The failed prediction held nothing back: the annotation went.
    expect(first.stats).toEqual({ annotations: 1, updates: 0, deletions: 0, tasks: 0 });
    expect(twin()).toBeUndefined();

    // As "Sync now" does: rows still backing off are tried too.
    const again = await pushOutbox(ctx, { ...quickRetry, waitForBackoff: false });
    expect(again.stats.predictions).toBe(1);
    expect(creates(from)).toHaveLength(1);
    const there = await ours();
    expect(there).toHaveLength(1);
    expect(twin()).toBe((there[0] as unknown as { id: number }).id);
    expect(outboxRow()).toMatchObject({ done_at: expect.any(String), attempts: 2 });

    // The pull then sees its own prediction, not a new one.
    const run = await rig.sync();
    expect(run.status).toBe('completed');
    expect(rig.predictionRows(project)).toHaveLength(2);
    expect(creates(from)).toHaveLength(1);
  });
});
