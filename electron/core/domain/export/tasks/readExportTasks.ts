import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../../db/open.js';
import { type ExportTaskSelection, listExportTaskPage } from '../../../db/repos/exportTasksRepo.js';
import type { ExportTask } from '../exportTypes.js';
import { type ExportSerialization, serializeExportTasks } from './serializeExportTasks.js';

/** Tasks per page: one query for the tasks, one each for their annotations, drafts, predictions. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The selected tasks, page by page in id order, so memory holds one page whatever the project's
 * size. Each page is read in one synchronous step; between pages the event loop turns (other
 * requests run) and an abort stops the reading. Tasks changed while an export runs show their
 * state at the time their page was read.
 */
export async function* readExportTasks(
  db: Db,
  selection: ExportTaskSelection,
  serialization: ExportSerialization,
  signal: AbortSignal,
  onPage?: (taskCount: number) => void,
): AsyncGenerator<ExportTask> {
  let afterId = 0;
  for (;;) {
    signal.throwIfAborted();
    const rows = listExportTaskPage(db, selection, afterId, EXPORT_PAGE_SIZE);
    if (rows.length === 0) return;
    const tasks = serializeExportTasks(db, rows, serialization);
    onPage?.(tasks.length);
    yield* tasks;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    afterId = rows[rows.length - 1]!.id;
    await nextTurn();
  }
}
