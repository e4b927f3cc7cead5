import type { PullRun } from './pullRun.js';
import { extrasOf, fetchExportedTasks, type ExportedTask } from './remoteExtras.js';
import { completedById, type RemoteTask, type RemoteTaskPage } from './remoteTask.js';
import { fetchTaskFieldsPage, fetchTasksById } from './remoteTaskPages.js';

/*
 * A full pull's task pages, each task read once where the export allows it
 * (docs/sync.md#pull). Label Studio's data-manager list with `fields=all` computes all its
 * columns for every task, which cost the server as much as exporting the task did; and the pull
 * needs the export anyway (drafts, prediction snapshots, unique ids). So a page is:
 * - the tasks' own fields from the list without its columns (about a fifth of the cost);
 * - their annotations, upload, drafts and extras from the export of those ids;
 * - through the full list as before, only the tasks the export cannot complete: those with
 *   predictions (the export names them by id only), and those with an annotation by someone this
 *   pull has not yet seen named (the export gives an author's id, the list their name and email).
 * A remote whose export fails gets the full list for the whole page and the run says so, as
 * before: the tasks are written without their extras.
 */

/** The remote user ids a pull has seen named, each with the first page that named them. */
type NamedAuthors = Map<number, number>;

function isNamedBy(named: NamedAuthors, author: number | null, page: number): boolean {
  // Pages are written in order, so only a name on this page or an earlier one is known when this
  // one is written; a later page may have been read first.
  return author === null || (named.get(author) ?? Number.POSITIVE_INFINITY) <= page;
}

function needsFullRead(named: NamedAuthors, exported: ExportedTask | undefined, page: number): boolean {
  if (!exported || !Array.isArray(exported.annotations) || !Array.isArray(exported.predictions)) return true;
  if (exported.predictions.length > 0) return true;
  return exported.annotations.some((annotation) => !isNamedBy(named, completedById(annotation), page));
}

function noteNamedAuthors(named: NamedAuthors, tasks: Iterable<RemoteTask>, page: number): void {
  for (const task of tasks) {
    for (const annotation of task.annotations ?? []) {
      const author = completedById(annotation);
      if (author !== null && !isNamedBy(named, author, page)) named.set(author, page);
    }
  }
}

/** Reads page `page` (of `pageSize` tasks) of a full pull, or null past the last page. */
export function createFullPullPageReader(
  run: PullRun,
  pageSize: number,
): (page: number) => Promise<RemoteTaskPage | null> {
  const { ctx, remoteProjectId } = run;
  // The token's own user is this Outpost's user: the pull never needs their name.
  const named: NamedAuthors = new Map([[ctx.remoteUser.id, 0]]);

  return async (page) => {
    const listed = await fetchTaskFieldsPage(ctx, remoteProjectId, page, pageSize);
    if (listed === null) return null;
    const ids = listed.tasks.map((task) => task.id);
    let exported: ExportedTask[];
    try {
      exported = await fetchExportedTasks(ctx, remoteProjectId, ids);
    } catch (error) {
      ctx.signal?.throwIfAborted();
      ctx.progress.error(
        `drafts of project ${remoteProjectId}`,
        error instanceof Error ? error.message : String(error),
      );
      return {
        total: listed.total,
        tasks: await fetchTasksById(ctx, remoteProjectId, ids, pageSize),
        extras: new Map(),
      };
    }

    const exportedById = new Map(exported.map((task) => [task.id, task]));
    const fullIds = ids.filter((id) => needsFullRead(named, exportedById.get(id), page));
    const full = new Map(
      (await fetchTasksById(ctx, remoteProjectId, fullIds, pageSize)).map((task) => [task.id, task]),
    );
    noteNamedAuthors(named, full.values(), page);

    const tasks: RemoteTask[] = [];
    for (const task of listed.tasks) {
      const whole = full.get(task.id);
      const fromExport = exportedById.get(task.id);
      // A task neither read could give was deleted there meanwhile: the reconcile settles it.
      if (whole) tasks.push(whole);
      else if (fromExport && !fullIds.includes(task.id))
        tasks.push({
          ...task,
          file_upload: typeof fromExport.file_upload === 'string' ? fromExport.file_upload : null,
          annotations: fromExport.annotations ?? [],
          predictions: [],
        });
    }
    return { total: listed.total, tasks, extras: new Map(exported.map((task) => [task.id, extrasOf(task)])) };
  };
}
