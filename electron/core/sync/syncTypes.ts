import type { DomainContext } from '../domain/context.js';
import type { RemoteClient } from './remoteClient.js';

/*
 * What the sync steps share. One run syncs one remote: connect, push the outbox, pull each
 * mirrored project (settings, tasks with annotations and predictions, deletions), cache media.
 */

/** The local side of a run: the database and the data folder (media land under it). */
export interface SyncContext extends DomainContext {
  dataDir: string;
  /** The row in `remotes`. */
  remoteId: number;
  /** The remote's base URL as stored (it is also users.remote_origin of mirrored authors). */
  remoteUrl: string;
  /** Whoever the token belongs to on the remote: their annotations are "mine". */
  remoteUser: { id: number; email: string };
  /** The local user whose annotations are pushed (the one signed in to this Outpost). */
  localUserId: number;
  client: RemoteClient;
  progress: SyncProgress;
  signal?: AbortSignal;
}

export type SyncPhase = 'connect' | 'push' | 'pull' | 'media' | 'editor' | 'done';

export interface SyncProgress {
  phase(phase: SyncPhase, detail?: string): void;
  /** Items (and bytes) done of a known or unknown total, for the status bar and stderr. */
  items(done: number, total: number | null, bytes?: number): void;
  /** A per-item failure that did not stop the run. */
  error(item: string, message: string): void;
}

export interface PullStats {
  projects: number;
  tasks: number;
  annotations: number;
  predictions: number;
  media: number;
}

export interface PushStats {
  annotations: number;
  updates: number;
  deletions: number;
  tasks: number;
  /**
   * Predictions pushed on request. Present only in runs that pushed some, so the summary of every
   * other run keeps the shape its readers (the CLI's --json, the Sync page) have always seen.
   */
  predictions?: number;
  /**
   * Skips pushed as new (cancelled) annotations. Counted apart from `annotations`, which is work
   * done, and present only in runs that pushed some, like `predictions`.
   */
  skips?: number;
}

/** The summary line of `outpost sync --json`. */
export interface SyncSummary {
  pulled: PullStats;
  pushed: PushStats;
  conflicts: number;
  errors: { phase: SyncPhase; item: string; message: string }[];
}

export const emptyPullStats = (): PullStats => ({ projects: 0, tasks: 0, annotations: 0, predictions: 0, media: 0 });
export const emptyPushStats = (): PushStats => ({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
