import { listAnnotationsOfTasks } from '../../db/repos/annotationsRepo.js';
import { listPredictionsOfTasks } from '../../db/repos/predictionsRepo.js';
import {
  dropCopyTask,
  listCopyBatch,
  listOpenCopyBatches,
  markCopyBatchSent,
  setCopyTargetTask,
  unmarkCopyBatch,
  type CopyTaskRow,
} from '../../db/repos/serverCopiesRepo.js';
import { findTasksByIds } from '../../db/repos/tasksRepo.js';
import { RemoteError } from '../remoteError.js';
import { copyTaskFiles } from './copyFiles.js';
import { taskItem, type ItemAuthors } from './copyItems.js';
import { COPY_MARKER_KEY, taskMarker, type CopyRun } from './copyRun.js';

/*
 * The tasks, one import per batch (with their annotations and predictions inline). A batch is
 * marked sent before its import leaves. A batch found marked (a lost answer, a crash) is looked
 * up first: the target's tasks are listed with their meta, and each copied task carries its
 * marker there. Label Studio imports a batch in one transaction, so it is found whole (and
 * linked) or not at all (and sent again).
 */

export interface CopiedCounts {
  tasks: number;
  annotations: number;
  predictions: number;
}

interface MarkedTask {
  id: number;
  meta?: Record<string, unknown> | null;
}

/** Every task of the target project by its copy marker (the DM list answers 404 past its last page). */
async function markedTasks(run: CopyRun, targetProject: number): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    let tasks: MarkedTask[];
    try {
      const envelope = await run.client.request<{ tasks: MarkedTask[] }>('GET', '/api/tasks/', {
        query: { project: targetProject, include: 'id,meta', page, page_size: 100 },
      });
      tasks = envelope.tasks;
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) return found;
      throw error;
    }
    if (tasks.length === 0) return found;
    for (const task of tasks) {
      const marker = task.meta?.[COPY_MARKER_KEY];
      if (typeof marker === 'string') found.set(marker, task.id);
    }
  }
}

/** Links the batch's tasks the target already holds; true when all of them are there. */
function linkFound(run: CopyRun, rows: readonly CopyTaskRow[], found: Map<string, number>): boolean {
  let all = true;
  run.db.transaction(() => {
    for (const row of rows) {
      const id = found.get(taskMarker(run.copy, row.task));
      if (id === undefined) all = false;
      else setCopyTargetTask(run.db, run.copy.id, row.task, id);
    }
  })();
  return all;
}

async function copyBatch(
  run: CopyRun,
  targetProject: number,
  batch: number,
  authors: ItemAuthors,
): Promise<CopiedCounts | null> {
  const rows = listCopyBatch(run.db, run.copy.id, batch);
  const tasks = new Map(
    findTasksByIds(
      run.db,
      rows.map((row) => row.task),
    ).map((task) => [task.id, task]),
  );
  const gone = rows.filter((row) => !tasks.has(row.task));
  if (gone.length > 0) run.db.transaction(() => gone.forEach((row) => dropCopyTask(run.db, run.copy.id, row.task)))();
  const todo = rows.filter((row) => tasks.has(row.task));
  if (todo.length === 0) return null;

  let mayHaveLanded = todo.some((row) => row.sent === 1);
  if (mayHaveLanded) {
    const found = await run.retry(() => markedTasks(run, targetProject));
    if (linkFound(run, todo, found)) return null;
    // Imports are atomic: none of this batch is there, so it goes again from scratch.
    run.db.transaction(() => unmarkCopyBatch(run.db, run.copy.id, batch))();
    mayHaveLanded = false;
  }

  const ids = todo.map((row) => row.task);
  const annotations = listAnnotationsOfTasks(run.db, ids, true);
  const predictions = listPredictionsOfTasks(run.db, ids);
  const items: Record<string, unknown>[] = [];
  for (const row of todo) {
    const task = tasks.get(row.task)!;
    const data = await copyTaskFiles(run, targetProject, JSON.parse(task.data) as unknown);
    const marker = { key: COPY_MARKER_KEY, value: taskMarker(run.copy, task.id) };
    const ofTask = annotations.filter((annotation) => annotation.task === task.id);
    const predicted = predictions.filter((prediction) => prediction.task === task.id);
    items.push(taskItem(task, data, marker, ofTask, predicted, authors));
  }

  const targetIds = await run.retry(async () => {
    if (mayHaveLanded) {
      const found = await markedTasks(run, targetProject);
      const linked = todo.map((row) => found.get(taskMarker(run.copy, row.task)));
      if (linked.every((id) => id !== undefined)) return linked as number[];
    }
    if (!mayHaveLanded) run.db.transaction(() => markCopyBatchSent(run.db, run.copy.id, batch))();
    mayHaveLanded = true;
    const answer = await run.client.request<{ task_ids?: number[] }>('POST', `/api/projects/${targetProject}/import`, {
      query: { return_task_ids: true },
      body: items,
    });
    if (answer.task_ids?.length !== items.length) {
      throw new RemoteError(502, 'The target import did not return one id per task.', answer);
    }
    return answer.task_ids;
  });
  run.db.transaction(() =>
    todo.forEach((row, index) => setCopyTargetTask(run.db, run.copy.id, row.task, targetIds[index]!)),
  )();
  return { tasks: todo.length, annotations: annotations.length, predictions: predictions.length };
}

/**
 * Copies every batch not yet on the target; `onBatch` is told after each what it sent (null when
 * the batch was found there already, sent by an earlier run).
 */
export async function copyTasks(
  run: CopyRun,
  targetProject: number,
  authors: ItemAuthors,
  onBatch: (sent: CopiedCounts | null) => void,
): Promise<void> {
  for (const batch of listOpenCopyBatches(run.db, run.copy.id)) {
    if (run.signal?.aborted) throw run.signal.reason ?? new Error('cancelled');
    onBatch(await copyBatch(run, targetProject, batch, authors));
  }
}
