import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { runSync, type SyncRunResult } from '../../electron/core/sync/runSync.js';
import { choice, createRemoteProject, type RemoteOutpost, syncDepsOf } from './syncRemote.js';
import { call } from './taskApi.js';
import { createTestApp, type TestApp } from './testApp.js';

/*
 * Prediction sync tests: a local in-process Outpost with a remote added (another Outpost, or the
 * fault proxy in front of it), whole sync runs, and the predictions of both sides as plain rows.
 */

export const ML_FIELDS = [
  'model_version',
  'show_collab_predictions',
  'evaluate_predictions_automatically',
  'min_annotations_to_start_training',
] as const;

/** A prediction as compared across the two sides: what it says, not its ids or times. */
export interface PredictionContent {
  result: unknown;
  score: number | null;
  model_version: string;
}

export interface PredictionRig {
  t: TestApp;
  deps: SyncDeps;
  remoteId: number;
  /** One whole run (connect, push, pull of the given remote projects, media). */
  sync(projects?: number[]): Promise<SyncRunResult>;
  /** The local project mirroring a remote project. */
  mirrorOf(remoteProject: number): number;
  /** The local task mirroring a remote task. */
  taskOf(remoteTask: number): number;
  /** Every predictions row of a local project, by id. */
  predictionRows(project: number): Record<string, unknown>[];
  /** The local predictions with no remote twin. */
  localOnlyIds(project: number): number[];
  /** `POST /api/outpost/projects/{id}/push-predictions` on the local app. */
  pushPredictions(project: number, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** A local app that syncs with `remoteUrl` (added with `token`, as the Sync page does). */
export async function createPredictionRig(remoteUrl: string, token: string): Promise<PredictionRig> {
  const t = await createTestApp();
  const deps: SyncDeps = syncDepsOf(t);
  const { id: remoteId } = await addRemote(deps, { url: remoteUrl, token });
  const db = t.db;
  return {
    t,
    deps,
    remoteId,
    sync: (projects) => runSync(deps, remoteId, { projects }),
    mirrorOf: (remoteProject) =>
      db
        .prepare('SELECT project FROM remote_projects WHERE remote = ? AND remote_project_id = ?')
        .pluck()
        .get(remoteId, remoteProject) as number,
    taskOf: (remoteTask) =>
      db
        .prepare('SELECT task FROM remote_tasks WHERE remote = ? AND remote_task_id = ?')
        .pluck()
        .get(remoteId, remoteTask) as number,
    predictionRows: (project) =>
      db.prepare('SELECT * FROM predictions WHERE project = ? ORDER BY id').all(project) as Record<string, unknown>[],
    localOnlyIds: (project) =>
      db
        .prepare(
          `SELECT id FROM predictions p WHERE project = ?
           AND NOT EXISTS (SELECT 1 FROM remote_predictions rp WHERE rp.prediction = p.id) ORDER BY id`,
        )
        .pluck()
        .all(project) as number[],
    pushPredictions: async (project, body = {}) => {
      const answer = await call(t, 'POST', `/api/outpost/projects/${project}/push-predictions`, body);
      return { status: answer.status, body: answer.body as Record<string, unknown> };
    },
  };
}

/** Predictions as contents, sorted, so two sides (or two moments) compare with toEqual. */
export function contents(predictions: readonly PredictionContent[]): PredictionContent[] {
  return predictions
    .map(({ result, score, model_version }) => ({ result, score, model_version }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The same for local rows (result as JSON text). */
export function rowContents(rows: readonly Record<string, unknown>[]): PredictionContent[] {
  return contents(
    rows.map((row) => ({
      result: JSON.parse(row.result as string) as unknown,
      score: row.score as number | null,
      model_version: row.model_version as string,
    })),
  );
}

/**
 * A remote project (one task per text, a `team-v1` prediction on the first) pulled into a rig
 * that reaches the remote at `via` (the remote itself or a proxy in front of it). `predict`
 * makes a prediction here on the mirror of a remote task and answers its local id.
 */
export async function pulledProject(remote: RemoteOutpost, via: string, texts: string[]) {
  const { projectId: remoteProject, taskIds } = await createRemoteProject(remote, texts);
  await remote.api('POST', '/api/predictions/', {
    task: taskIds[0],
    result: choice('pos'),
    score: 0.5,
    model_version: 'team-v1',
  });
  const rig = await createPredictionRig(via, remote.token);
  const first = await rig.sync([remoteProject]);
  if (first.summary.errors.length > 0) throw new Error(`the first pull failed: ${JSON.stringify(first.summary)}`);
  const project = rig.mirrorOf(remoteProject);
  const predict = async (remoteTask: number, value: string, model_version: string, score = 0.25) => {
    const body = { task: rig.taskOf(remoteTask), result: choice(value), score, model_version };
    return (await call(rig.t, 'POST', '/api/predictions/', body)).body.id as number;
  };
  return { rig, project, remoteProject, taskIds, predict };
}
