import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { pushOutbox } from '../../electron/core/sync/push/pushOutbox.js';
import {
  localCall,
  localResults,
  makeConflicts,
  MINE,
  remoteResults,
  THEIRS,
  type ConflictKind,
  type ConflictScene,
} from '../helpers/conflictFixtures.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';

/*
 * Every resolution of every conflict kind, end to end: conflicts met by a real pull against a
 * spawned remote Outpost, resolved through the local API, checked in the local database, then
 * pushed, and the remote must end with exactly the expected annotations; a last pull agrees.
 */

const PLAN: Record<string, ConflictKind> = {
  'both-mine': 'edited_on_both_sides',
  'both-theirs': 'edited_on_both_sides',
  'both-both': 'edited_on_both_sides',
  'gone-mine': 'edited_here_deleted_there',
  'gone-theirs': 'edited_here_deleted_there',
  'gone-both': 'edited_here_deleted_there',
  'back-mine': 'deleted_here_edited_there',
  'back-theirs': 'deleted_here_edited_there',
  'back-both': 'deleted_here_edited_there',
  'task-mine': 'task_deleted_there',
  'task-theirs': 'task_deleted_there',
  'task-both': 'task_deleted_there',
};

/** What the remote (and, after the last pull, the local side) holds per task afterwards. */
const EXPECTED: Record<string, unknown[]> = {
  'both-mine': [MINE],
  'both-theirs': [THEIRS],
  'both-both': [MINE, THEIRS],
  'gone-mine': [MINE],
  'gone-both': [MINE],
  'gone-theirs': [],
  'back-mine': [],
  'back-theirs': [THEIRS],
  'back-both': [THEIRS],
  // The remote task was deleted: keeping it makes a new task there with the work it holds here
  // (the pulled base annotation and the local one).
  'task-mine': [MINE, [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['base'] } }]],
  'task-both': [MINE, [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['base'] } }]],
};

const sorted = (list: unknown[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('resolving sync conflicts', () => {
  let remote: RemoteOutpost;
  let scene: ConflictScene;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    scene = await makeConflicts(remote, PLAN);
  });

  afterAll(async () => {
    await remote?.stop();
  });

  const db = () => scene.local.t.db;
  const annotationsOf = (task: number) =>
    db().prepare('SELECT id, result, unique_id FROM annotations WHERE task = ? ORDER BY id').all(task) as {
      id: number;
      result: string;
      unique_id: string;
    }[];
  const pendingOf = (task: number) =>
    db()
      .prepare('SELECT kind, annotation FROM sync_outbox WHERE task = ? AND done_at IS NULL ORDER BY id')
      .all(task) as { kind: string; annotation: number | null }[];
  const conflictRow = (id: number) =>
    db().prepare('SELECT local_annotation, mirror_annotation FROM sync_conflicts WHERE id = ?').get(id) as
      { local_annotation: number | null; mirror_annotation: number | null } | undefined;

  it('applies each choice locally, journaling what the push must carry', async () => {
    const call = localCall(scene.local);
    const before = Object.fromEntries(Object.keys(PLAN).map((text) => [text, conflictRow(scene.conflicts[text]!)!]));
    const beforeUniqueIds = Object.fromEntries(
      annotationsOf(scene.localTasks['both-both']!).map((row) => [row.id, row.unique_id]),
    );
    for (const text of Object.keys(PLAN)) {
      const resolution = `keep_${text.split('-')[1]!}`;
      const answer = await call<{ resolution: string; resolved_at: string | null }>(
        'POST',
        `/api/outpost/conflicts/${scene.conflicts[text]!}/resolve`,
        { resolution },
      );
      expect(answer.status, text).toBe(200);
      expect(answer.body.resolution).toBe(resolution);
      expect(answer.body.resolved_at).not.toBeNull();
    }
    const task = (text: string) => scene.localTasks[text]!;
    const results = (text: string) => annotationsOf(task(text)).map((row) => JSON.parse(row.result) as unknown);

    // Edited on both sides.
    const mineMirror = before['both-mine']!.mirror_annotation!;
    expect(annotationsOf(task('both-mine')).map((row) => row.id)).toEqual([mineMirror]);
    expect(results('both-mine')).toEqual([MINE]);
    expect(pendingOf(task('both-mine'))).toEqual([{ kind: 'annotation_update', annotation: mineMirror }]);
    expect(results('both-theirs')).toEqual([THEIRS]);
    expect(pendingOf(task('both-theirs'))).toEqual([]);
    expect(sorted(results('both-both'))).toEqual(sorted([MINE, THEIRS]));
    const copy = before['both-both']!.local_annotation!;
    expect(pendingOf(task('both-both'))).toEqual([{ kind: 'annotation_create', annotation: copy }]);
    const copyRow = annotationsOf(task('both-both')).find((row) => row.id === copy)!;
    expect(copyRow.unique_id).not.toBe(beforeUniqueIds[copy]);

    // Edited here, deleted there: the copy stays queued, or goes without a trace.
    for (const text of ['gone-mine', 'gone-both']) {
      expect(results(text)).toEqual([MINE]);
      expect(pendingOf(task(text))).toEqual([
        { kind: 'annotation_create', annotation: before[text]!.local_annotation },
      ]);
    }
    expect(results('gone-theirs')).toEqual([]);
    expect(pendingOf(task('gone-theirs'))).toEqual([]);

    // Deleted here, edited there: the deletion is made again, or the restored version stays.
    expect(results('back-mine')).toEqual([]);
    expect(pendingOf(task('back-mine'))).toEqual([{ kind: 'annotation_delete', annotation: null }]);
    for (const text of ['back-theirs', 'back-both']) {
      expect(results(text)).toEqual([THEIRS]);
      expect(pendingOf(task(text))).toEqual([]);
    }

    // Task deleted there: a local-only task queued as a new one with its work, or gone.
    for (const text of ['task-mine', 'task-both']) {
      expect(db().prepare('SELECT count(*) FROM remote_tasks WHERE task = ?').pluck().get(task(text))).toBe(0);
      const ids = annotationsOf(task(text)).map((row) => row.id);
      expect(pendingOf(task(text))).toEqual([
        { kind: 'task_create', annotation: null },
        ...ids.map((id) => ({ kind: 'annotation_create', annotation: id })),
      ]);
    }
    expect(db().prepare('SELECT count(*) FROM tasks WHERE id = ?').pluck().get(task('task-theirs'))).toBe(0);
    expect(pendingOf(task('task-theirs'))).toEqual([]);
    expect(conflictRow(scene.conflicts['task-theirs']!)).toBeUndefined();

    // Counters follow the rows.
    for (const text of Object.keys(PLAN).filter((name) => name !== 'task-theirs')) {
      expect(db().prepare('SELECT total_annotations FROM tasks WHERE id = ?').pluck().get(task(text)), text).toBe(
        annotationsOf(task(text)).length,
      );
    }
  });

  it('pushes exactly the chosen versions, and a later pull agrees', async () => {
    const pushed = await pushOutbox(scene.local.ctx);
    expect(scene.local.progress.errors).toEqual([]);
    // both-both, gone-mine, gone-both, and two per kept task.
    expect(pushed.stats).toEqual({ annotations: 7, updates: 1, deletions: 1, tasks: 2 });
    expect(db().prepare('SELECT count(*) FROM sync_outbox WHERE done_at IS NULL').pluck().get()).toBe(0);

    const there = await remoteResults(remote, scene.remoteProjectId);
    const expected = Object.fromEntries(Object.entries(EXPECTED).map(([text, list]) => [text, sorted(list)]));
    expect(there).toEqual(expected);

    const again = await pullProject(scene.local.ctx, scene.remoteProjectId);
    expect(again.conflicts).toBe(0);
    expect(await localResults(scene.local, scene.projectId)).toEqual(expected);
    // Nothing new to push: the last pull left no work behind.
    const second = await pushOutbox(scene.local.ctx);
    expect(second.stats).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
    expect(await remoteResults(remote, scene.remoteProjectId)).toEqual(expected);
  });
});
