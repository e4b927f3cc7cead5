import type { PullStats, SyncContext } from '../syncTypes.js';
import type { AuthorMap } from './mirrorAuthors.js';

/** What the steps of one project's pull share: where to write, the author map and the tallies. */
export interface PullRun {
  ctx: SyncContext;
  /** The local mirror project. */
  projectId: number;
  remoteProjectId: number;
  /** The mirror project's maximum_annotations, read once: a task the remote sends without overlap gets it. */
  maximumAnnotations: number;
  authors: AuthorMap;
  stats: PullStats;
  /** sync_conflicts rows recorded by this pull. */
  conflicts: number;
  /** Annotations this pull merged by region and queued to push (runSync pushes again after the pulls). */
  merges: number;
  /** Local time for local bookkeeping (outbox, conflicts, task bumps); never a pull cursor. */
  now(): string;
}
