import { RemoteError } from '../remoteError.js';
import type { PullRun } from './pullRun.js';
import type { ProjectLookups } from './projectLookups.js';
import { extrasOf, fetchExportedTasks, type ExportedTask } from './remoteExtras.js';
import {
  authorOf,
  completedById,
  type ParsedAuthor,
  type RemotePrediction,
  type RemoteTask,
  type RemoteTaskPage,
} from './remoteTask.js';
import { fetchTasksById } from './remoteTaskPages.js';
import type { TaskListing } from './taskListing.js';

/*
 * A full pull's task pages, each task read once where the export allows it (docs/sync.md#pull).
 * Label Studio's data-manager list with `fields=all` computes all its columns for every task,
 * which cost the server as much as exporting the task did; and the pull needs the export anyway
 * (drafts, prediction snapshots, unique ids). So a page is:
 * - its tasks' ids, and `overlap` (the one field the export leaves out) where known, from the walk:
 *   a range of ids (idRangeWalk.ts) or a slice of the id listing (taskListing.ts);
 * - the tasks themselves, their annotations, upload, drafts and extras from the export of those ids;
 * - their predictions from the project's prediction list, and their annotators' names and emails
 *   from the organization's members, each read once for the whole pull (projectLookups.ts);
 * - through the full list as before, only the tasks these cannot complete: a prediction or an
 *   author the lists did not have (added since they were read, or a remote that refuses them).
 * A remote that refuses the export gets the full list for the whole page and the run says so: the
 * tasks are written without their extras.
 */

/** The predictions the export names for a task, or null when one of them is not known. */
async function predictionsOf(task: ExportedTask, lookups: ProjectLookups): Promise<RemotePrediction[] | null> {
  const ids = task.predictions ?? [];
  if (ids.length === 0) return [];
  const known = await lookups.predictions();
  if (known === null) return null;
  const predictions: RemotePrediction[] = [];
  for (const id of ids) {
    const prediction = typeof id === 'number' ? known.get(id) : undefined;
    if (!prediction) return null;
    predictions.push(prediction);
  }
  return predictions;
}

/** Who a remote user id is, when the organization's members or an earlier full read said so. */
type NameOf = (remoteUserId: number) => ParsedAuthor | undefined;

/** The task as the full list would give it, or null when the lookups cannot complete it. */
async function completeTask(
  task: ExportedTask,
  overlap: number | undefined,
  lookups: ProjectLookups,
  nameOf: NameOf,
): Promise<RemoteTask | null> {
  if (!Array.isArray(task.annotations) || !Array.isArray(task.predictions)) return null;
  const predictions = await predictionsOf(task, lookups);
  if (predictions === null) return null;
  // Each annotation carries its author's identity (authorOf), so pages read out of order never
  // depend on which one named an author first.
  const annotations = [];
  for (const annotation of task.annotations) {
    const authorId = completedById(annotation);
    if (authorId === null) {
      annotations.push(annotation);
      continue;
    }
    const author = nameOf(authorId);
    if (!author) return null;
    annotations.push({ ...annotation, completed_by: author });
  }
  return {
    // The export's drafts ride along unread: applyRemoteTask takes the fields it knows.
    ...(task as unknown as RemoteTask),
    ...(overlap === undefined ? {} : { overlap }),
    file_upload: typeof task.file_upload === 'string' ? task.file_upload : null,
    annotations,
    predictions,
  };
}

/** Reads page `page` (1-based, of `pageSize` tasks) of the listing's walk, or null past its end. */
export function createFullPullPageReader(
  run: PullRun,
  pageSize: number,
  listing: TaskListing,
  lookups: ProjectLookups,
): (page: number) => Promise<RemoteTaskPage | null> {
  const { ctx, remoteProjectId } = run;
  // Authors the full reads named, for a remote that will not list its members.
  const learned = new Map<number, ParsedAuthor>();
  const ownUser: ParsedAuthor = { id: ctx.remoteUser.id, email: '', first_name: '', last_name: '' };

  return async (page) => {
    const listed = await listing.slice((page - 1) * pageSize, pageSize);
    if (listed.length === 0) return null;
    const total = listing.total() ?? undefined;
    const walked = { lastPage: listing.pages?.(pageSize), throughId: listed[listed.length - 1]!.id };
    const ids = listed.map((task) => task.id);
    let exported: ExportedTask[];
    try {
      exported = await fetchExportedTasks(ctx, remoteProjectId, ids);
    } catch (error) {
      // Only a remote that answered, and refused, gets the full list instead: a lost connection
      // fails the page, and the pull resumes there next time, with the extras.
      if (!(error instanceof RemoteError) || error.status < 400) throw error;
      ctx.progress.error(
        `drafts of project ${remoteProjectId}`,
        error instanceof Error ? error.message : String(error),
      );
      return {
        total,
        ...walked,
        tasks: await fetchTasksById(ctx, remoteProjectId, ids, pageSize),
        extras: new Map(),
      };
    }

    const exportedById = new Map(exported.map((task) => [task.id, task]));
    const needsMembers = exported.some((task) =>
      (task.annotations ?? []).some(
        (annotation) => (completedById(annotation) ?? ctx.remoteUser.id) !== ctx.remoteUser.id,
      ),
    );
    const members = needsMembers ? await lookups.users() : null;
    // The token's own user is this Outpost's user: the pull never needs their name.
    const nameOf: NameOf = (id) => (id === ownUser.id ? ownUser : (members?.get(id) ?? learned.get(id)));
    const completed = new Map<number, RemoteTask>();
    const fullIds: number[] = [];
    for (const { id, overlap } of listed) {
      const fromExport = exportedById.get(id);
      // A task the export left out was deleted there meanwhile: the reconcile settles it.
      if (!fromExport) continue;
      const task = await completeTask(fromExport, overlap, lookups, nameOf);
      if (task) completed.set(id, task);
      else fullIds.push(id);
    }
    const full = new Map(
      (await fetchTasksById(ctx, remoteProjectId, fullIds, pageSize)).map((task) => [task.id, task]),
    );
    for (const task of full.values()) {
      for (const annotation of task.annotations ?? []) {
        const author = authorOf(annotation);
        if (author) learned.set(author.id, author);
      }
    }
    const tasks = ids.map((id) => full.get(id) ?? completed.get(id)).filter((task) => task !== undefined);
    return { total, ...walked, tasks, extras: new Map(exported.map((task) => [task.id, extrasOf(task)])) };
  };
}
