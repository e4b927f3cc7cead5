import { findProjectById } from '../../db/repos/projectsRepo.js';
import { findLocalTaskOfRemote, findMirrorProject, updateMirrorProject } from '../../db/repos/syncMirrorRepo.js';
import { findScopeRow, savePulledScope } from '../../db/repos/syncScopesRepo.js';
import { unsyncedCommit } from '../../db/unsyncedCommit.js';
import { formatTimestamp } from '../../domain/clock.js';
import { parseStoredScope } from '../../domain/sync/syncScopes.js';
import { emptyPullStats, type PullStats, type SyncContext } from '../syncTypes.js';
import { applyTaskExtras } from './applyExtras.js';
import { applyRemoteTask } from './applyTask.js';
import { createAuthorMap } from './mirrorAuthors.js';
import { parseCheckpoint, sinceOf, type PullCheckpoint } from './pullCheckpoint.js';
import { pullModelVersion } from './pullModelVersion.js';
import type { PullRun } from './pullRun.js';
import { pullSettings } from './pullSettings.js';
import { reconcileTasks } from './reconcileTasks.js';
import { createPageQueue, type PageQueue } from './pageQueue.js';
import { fetchTaskExtras, type RemoteTaskExtras } from './remoteExtras.js';
import type { RemoteTask } from './remoteTask.js';
import { createProjectLookups } from './projectLookups.js';
import { createIdRangeWalk } from './idRangeWalk.js';
import { createTaskListing } from './taskListing.js';
import { createFullPullPageReader } from './exportedTaskPages.js';
import { pullChangedTasks, settleByTaskCount } from './pullChanges.js';
import { pullScopedTasks } from './pullScoped.js';

export interface PulledProject {
  /** The local mirror project (created on the first pull). */
  projectId: number;
  stats: PullStats;
  conflicts: number;
  /** Annotations merged by region and queued for the push. */
  merges: number;
}

export interface PullOptions {
  /**
   * Tasks a page (default 250). Each of a page's requests costs Label Studio a price of its own
   * on top of its tasks' (the export's above all), which larger pages share out (measured:
   * docs/sync.md). The export's ids ride in the URL, which caps them (remoteExtras.ts).
   */
  pageSize?: number;
  /** How far before the last pull's server time an incremental pull looks again (default 60 s). */
  overlapSeconds?: number;
}

/** One turn of the event loop, so a request just started leaves before a synchronous write blocks the loop. */
function requestSent(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Pages ready to write before a listing request may go: while one runs (10,000 ids) the remote
 * serves pages slowly, and these keep this side busy through it.
 */
const LISTING_MARGIN_PAGES = 4;

/**
 * Drafts, prediction snapshots and unique ids of a page's tasks (remoteExtras.ts). A remote that
 * cannot give them does not stop the pull: the tasks are written without, and the run says so.
 */
async function fetchPageExtras(run: PullRun, tasks: readonly RemoteTask[]): Promise<Map<number, RemoteTaskExtras>> {
  const { ctx } = run;
  try {
    return await fetchTaskExtras(
      ctx,
      run.remoteProjectId,
      tasks.map((task) => task.id),
    );
  } catch (error) {
    ctx.signal?.throwIfAborted();
    ctx.progress.error(
      `drafts of project ${run.remoteProjectId}`,
      error instanceof Error ? error.message : String(error),
    );
    return new Map();
  }
}

/** Writes the walk's pages in order; returns the newest remote updated_at written. */
async function writePages(run: PullRun, pages: PageQueue, checkpoint: PullCheckpoint): Promise<string | null> {
  const { ctx } = run;
  let done = 0;
  let newest: string | null = null;
  for (;;) {
    ctx.signal?.throwIfAborted();
    const result = await pages.take();
    if (result === null) return newest;
    await requestSent();
    const lastId = result.throughId ?? result.tasks.reduce((last, task) => Math.max(last, task.id), 0);
    for (const task of result.tasks) if (newest === null || task.updated_at > newest) newest = task.updated_at;
    // Not flushed: a page lost to a power cut goes with its checkpoint, so the next pull fetches
    // it again; the annotators' own writes were flushed when they were made.
    unsyncedCommit(ctx.db, () => {
      for (const task of result.tasks) {
        applyRemoteTask(run, task);
        const taskExtras = result.extras?.get(task.id);
        const local = taskExtras && findLocalTaskOfRemote(ctx.db, ctx.remoteId, task.id);
        if (taskExtras && local !== undefined) applyTaskExtras(run, local, taskExtras);
      }
      updateMirrorProject(ctx.db, run.projectId, {
        pull_checkpoint: JSON.stringify({ ...checkpoint, after_id: lastId }),
      });
    });
    done += result.tasks.length;
    ctx.progress.items(done, result.total ?? null);
  }
}

/**
 * The walk: pages of task ids after the checkpoint's last one, by id ranges where the project's ids
 * lie close together (idRangeWalk.ts), else from the id listing (taskListing.ts); each page is
 * applied in order with its checkpoint. Later pages are asked for before this one is written, and
 * the listing is read ahead whenever enough pages are ready to write through its request
 * (pageQueue.ts). Then deletions and anything the walk missed are settled: with the whole listing
 * when it was read, else by the task counts (pullChanges.ts). Returns the newest updated_at seen.
 */
async function walkAllPages(
  run: PullRun,
  checkpoint: PullCheckpoint,
  pageSize: number,
  remoteTaskCount: number | null,
): Promise<string | null> {
  const { ctx, remoteProjectId } = run;
  const listing =
    (await createIdRangeWalk(ctx, remoteProjectId, checkpoint.after_id, run.maximumAnnotations)) ??
    createTaskListing(ctx, remoteProjectId, checkpoint.after_id);
  const lookups = createProjectLookups(ctx, remoteProjectId);
  const pages = createPageQueue(createFullPullPageReader(run, pageSize, listing, lookups), 1, pageSize);
  const ahead = listing.listAhead(() => pages.whenAhead(LISTING_MARGIN_PAGES));
  // Its failure surfaces in the reconcile; should the walk fail first, it is dropped.
  ahead.catch(() => undefined);
  let walkFailed = true;
  let newest: string | null;
  try {
    newest = await writePages(run, pages, checkpoint);
    walkFailed = false;
  } finally {
    pages.close(walkFailed);
  }
  ctx.signal?.throwIfAborted();
  const states = await listing.states();
  if (states) return reconcileTasks(run, pageSize, states);
  return settleByTaskCount(run, pageSize, remoteTaskCount, newest);
}

/**
 * Pulls one remote project into its local mirror. Steps:
 * 1. settings (create the mirror project on the first pull, else write what changed);
 * 2. the cursor: a saved checkpoint to resume, else a new one from `pulled_until`;
 * 3. a full pull: every task page, each applied in one transaction together with the checkpoint
 *    of the next page; 4. the id set (listed during step 3): missed or stale tasks fetched again,
 *    deleted ones removed (or kept as conflicts);
 * 3-4. a partial mirror: its scope and the tasks it holds, listed by id (pullScoped.ts);
 * 3-4. an incremental pull: only the tasks saved since, and the id set only when the task counts
 *    disagree (pullChanges.ts);
 * 5. the model version follows the remote's if it changed there (pullModelVersion.ts), the cursor
 *    moves to this pull's start and the checkpoint is cleared.
 */
export async function pullProject(
  ctx: SyncContext,
  remoteProjectId: number,
  options: PullOptions = {},
): Promise<PulledProject> {
  // The phase is runSync's to report ("pull project 5 (1 of 2)"): saying it here too printed it twice.
  const pageSize = options.pageSize ?? 250;

  // 1. Settings. Its answer's Date header is the remote's clock at the start of this pull.
  const settings = await pullSettings(ctx, remoteProjectId);
  const run: PullRun = {
    ctx,
    projectId: settings.projectId,
    remoteProjectId,
    maximumAnnotations: findProjectById(ctx.db, settings.projectId)!.maximum_annotations,
    authors: createAuthorMap(ctx),
    stats: { ...emptyPullStats(), projects: 1 },
    conflicts: 0,
    merges: 0,
    now: () => formatTimestamp(ctx.clock()),
  };

  // 2. The cursor. `pulled_until` is the remote's time when the last complete pull STARTED, not
  // the newest updated_at it saw: a task saved during that pull, after its page was read, has an
  // updated_at later than the start, so the next pull's filter catches it, whereas the newest
  // updated_at seen may already be later than that save. The overlap window absorbs the Date
  // header's whole seconds and any skew between the remote's web and database clocks.
  const mirror = findMirrorProject(ctx.db, run.projectId)!;
  const checkpoint: PullCheckpoint = parseCheckpoint(mirror.pull_checkpoint) ?? {
    since: sinceOf(mirror.pulled_until, options.overlapSeconds ?? 60),
    after_id: 0,
    started_at: settings.serverTime ? formatTimestamp(settings.serverTime) : null,
  };

  // 3-4. A partial mirror, or one going back to the whole project, lists its scope and the tasks
  // it holds (pullScoped.ts); otherwise an incremental pull lists what changed and reads only that
  // (pullChanges.ts), and a full pull walks every page and reconciles with the whole id listing.
  const extrasOf = (tasks: readonly RemoteTask[]) => fetchPageExtras(run, tasks);
  const scopeRow = findScopeRow(ctx.db, ctx.remoteId, remoteProjectId);
  const scope = parseStoredScope(scopeRow?.scope);
  const pulledScope = scopeRow?.pulled_scope ?? null;
  const scoped =
    scope !== null || pulledScope !== null
      ? await pullScopedTasks(run, scope, {
          pageSize,
          extrasOf,
          since: sinceOf(mirror.pulled_until, options.overlapSeconds ?? 60),
          pulledScope,
        })
      : null;
  const newest = scoped
    ? scoped.newest
    : checkpoint.since === null
      ? await walkAllPages(run, checkpoint, pageSize, settings.remoteTaskCount)
      : await pullChangedTasks(run, checkpoint.since, {
          pageSize,
          extrasOf,
          remoteTaskCount: settings.remoteTaskCount,
        });

  // 5. Done: without a Date header the newest updated_at listed is the best server time there is.
  ctx.db.transaction(() => {
    pullModelVersion(run, settings.remoteModelVersion);
    updateMirrorProject(ctx.db, run.projectId, {
      pull_checkpoint: null,
      pulled_until: checkpoint.started_at ?? newest ?? mirror.pulled_until,
      last_pull_at: run.now(),
    });
    if (scoped) savePulledScope(ctx.db, ctx.remoteId, remoteProjectId, scoped.scopeKey, run.now());
  })();
  return { projectId: run.projectId, stats: run.stats, conflicts: run.conflicts, merges: run.merges };
}
