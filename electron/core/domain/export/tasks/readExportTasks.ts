import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../../db/open.js';
import { type ExportTaskRow, type ExportTaskSelection, listExportTaskPage } from '../../../db/repos/exportTasksRepo.js';
import type { ExportTask } from '../exportTypes.js';
import { encodeExportTasksUjson } from './encodeExportTasks.js';
import { type ExportSerialization, serializeExportTasks } from './serializeExportTasks.js';

/** Tasks per page: one query for the tasks, one each for their annotations, drafts, predictions. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The selection's tasks, page by page in id order, so memory holds one page whatever the
 * project's size. Each page is read and serialized in one synchronous step; between pages the
 * event loop turns (other requests run) and an abort stops the reading. Tasks changed while an
 * export runs show their state at the time their page was read.
 */
async function* readTaskPages<T>(
  db: Db,
  selection: ExportTaskSelection,
  signal: AbortSignal,
  serialize: (rows: readonly ExportTaskRow[]) => T,
): AsyncGenerator<T> {
  let afterId = 0;
  for (;;) {
    signal.throwIfAborted();
    const rows = listExportTaskPage(db, selection, afterId, EXPORT_PAGE_SIZE);
    if (rows.length === 0) return;
    yield serialize(rows);
    if (rows.length < EXPORT_PAGE_SIZE) return;
    afterId = rows[rows.length - 1]!.id;
    await nextTurn();
  }
}

/** The selected tasks, page by page in id order (see readTaskPages). */
export async function* readExportTasks(
  db: Db,
  selection: ExportTaskSelection,
  serialization: ExportSerialization,
  signal: AbortSignal,
  onPage?: (taskCount: number) => void,
): AsyncGenerator<ExportTask> {
  const serialize = (rows: readonly ExportTaskRow[]) => serializeExportTasks(db, rows, serialization);
  for await (const tasks of readTaskPages(db, selection, signal, serialize)) {
    onPage?.(tasks.length);
    yield* tasks;
  }
}

/**
 * The same tasks as readExportTasks, already encoded as compact ujson: pieces of whole tasks
 * joined by `,` (no brackets, no `,` between two pieces).
 */
export async function* readExportTasksUjson(
  db: Db,
  selection: ExportTaskSelection,
  serialization: ExportSerialization,
  signal: AbortSignal,
): AsyncGenerator<string> {
  for await (const pieces of readTaskPages(db, selection, signal, (rows) =>
    encodeExportTasksUjson(db, rows, serialization),
  )) {
    yield* pieces;
  }
}
