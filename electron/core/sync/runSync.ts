import { countPendingOutbox, updateRemoteRow } from '../db/repos/remotesRepo.js';
import { listMirrorProjects } from '../db/repos/syncMirrorRepo.js';
import { findFirstLocalUser } from '../db/repos/usersRepo.js';
import { adoptRemoteIdentity } from '../domain/users/adoptRemoteIdentity.js';
import { formatTimestamp } from '../domain/clock.js';
import { requireRemote } from '../domain/remotes/remotes.js';
import { connectRemote, type RemoteConnection } from './engine/connectRemote.js';
import type { SyncDeps } from './engine/syncDeps.js';
import { startSyncRunRecord, type FinishedStatus } from './engine/syncRunRecorder.js';
import { untilAborted } from './engine/untilAborted.js';
import { pullProject } from './pull/pullProject.js';
import { cacheMedia } from './media/cacheMedia.js';
import { cacheRemoteEditor } from './editor/cacheRemoteEditor.js';
import { pushOutbox } from './push/pushOutbox.js';
import { emptyPullStats, type SyncContext, type SyncProgress, type SyncSummary } from './syncTypes.js';

export interface RunSyncOptions {
  /** Remote project ids to pull (new ones become mirrors); default: every project mirrored from this remote. */
  projects?: number[] | undefined;
  signal?: AbortSignal | undefined;
  progress?: SyncProgress | undefined;
  /** Told the run's id as soon as its `sync_runs` row exists (before any network traffic). */
  onRunStarted?: ((runId: number) => void) | undefined;
  /**
   * For scheduled runs: outbox rows that failed recently wait out their backoff. Off by default,
   * since a run someone asked for must try all pending work (or report why not), never skip it
   * silently and report "completed".
   */
  waitForBackoff?: boolean | undefined;
}

export interface SyncRunResult {
  runId: number;
  /** completed: every step ran and nothing failed; failed: something is listed in `summary.errors`. */
  status: FinishedStatus;
  summary: SyncSummary;
}

/** A failure that stops the run, recorded against the phase and item it happened in. */
class RunStopped extends Error {
  constructor(
    readonly item: string,
    message: string,
  ) {
    super(message);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One sync of one remote, recorded in `sync_runs`. Per-project failures are listed and the other
 * projects go on; failures that make the rest pointless (cannot connect, no local user) stop it.
 * The result is returned, never thrown, except when the remote does not exist.
 */
export async function runSync(deps: SyncDeps, remoteId: number, options: RunSyncOptions = {}): Promise<SyncRunResult> {
  const remote = requireRemote(deps, remoteId);
  const { signal } = options;
  const run = startSyncRunRecord(deps, remoteId, options.progress);
  options.onRunStarted?.(run.runId);
  const progress = run.progress;
  const finish = (status: FinishedStatus): SyncRunResult => ({ runId: run.runId, status, summary: run.finish(status) });
  const stopIfCancelled = () => {
    if (signal?.aborted) throw signal.reason ?? new Error('cancelled');
  };

  // A step that could not run at all fails the run; items a step could not do (a file, an
  // outbox row) are listed in `errors` and retried by the next run, which still completes.
  let stepFailed = false;
  try {
    // 1. Connect: the remote is Label Studio and takes the token; who we are there is recorded.
    progress.phase('connect', remote.url);
    const token = deps.tokenVault.get(remoteId);
    if (!token) throw new RunStopped(remote.url, 'No token is stored for this remote: give it again.');
    let connection: RemoteConnection;
    try {
      connection = await untilAborted(connectRemote({ url: remote.url, token, fetch: deps.fetch, signal }), signal);
    } catch (error) {
      stopIfCancelled();
      throw new RunStopped(remote.url, messageOf(error));
    }
    updateRemoteRow(deps.db, remoteId, {
      token_kind: connection.client.tokenKind,
      remote_version: connection.version.release,
      remote_user_id: connection.user.id,
      remote_user_email: connection.user.email,
      updated_at: formatTimestamp(deps.clock()),
    });
    adoptRemoteIdentity(deps.db, remoteId, connection.user);
    const localUser = findFirstLocalUser(deps.db);
    if (!localUser) throw new RunStopped('local user', 'This data folder has no local user to sync for.');
    const ctx: SyncContext = {
      db: deps.db,
      clock: deps.clock,
      secret: deps.secret,
      dataDir: deps.dataDir,
      remoteId,
      remoteUrl: remote.url,
      remoteUser: { id: connection.user.id, email: connection.user.email },
      localUserId: localUser.id,
      client: connection.client,
      progress,
      signal,
    };

    // 2. Push first, so what was labeled offline reaches the remote before its state is pulled.
    // With nothing journaled there is nothing to send and no request is made.
    const push = async () => {
      stopIfCancelled();
      progress.phase('push');
      if (countPendingOutbox(deps.db, remoteId) === 0) return;
      try {
        const pushed = await untilAborted(pushOutbox(ctx, { waitForBackoff: options.waitForBackoff ?? false }), signal);
        run.addPushed(pushed.stats, pushed.conflicts);
      } catch (error) {
        stopIfCancelled();
        // Unpushed rows stay in the outbox for the next run; the pulls can still go ahead.
        stepFailed = true;
        progress.error('outbox', messageOf(error));
      }
    };
    await push();

    // 3. Pull each project; one project's failure is listed and the others still run.
    // Each project once, however often a caller named it.
    const projects = [
      ...new Set(options.projects ?? listMirrorProjects(deps.db, remoteId).map((row) => row.remote_project_id)),
    ];
    const pulledProjects: number[] = [];
    let merges = 0;
    for (const [index, remoteProjectId] of projects.entries()) {
      stopIfCancelled();
      progress.phase('pull', `project ${remoteProjectId} (${index + 1} of ${projects.length})`);
      try {
        const pulled = await untilAborted(pullProject(ctx, remoteProjectId), signal);
        run.addPulled(pulled.stats, pulled.conflicts);
        merges += pulled.merges;
        pulledProjects.push(pulled.projectId);
      } catch (error) {
        stopIfCancelled();
        stepFailed = true;
        progress.error(`project ${remoteProjectId}`, messageOf(error));
      }
    }

    // 3b. Edits merged by region (both sides changed an annotation in different regions) are
    // pushed now, so both sides hold the merge when the run ends rather than after the next one.
    if (merges > 0) await push();

    // 4. Media the pulled tasks reference, so they can be labeled offline. Per-file failures are
    // listed by the step; the files stay to be fetched by the next run.
    stopIfCancelled();
    if (pulledProjects.length > 0) {
      progress.phase('media');
      try {
        const media = await untilAborted(cacheMedia(ctx, pulledProjects, { fetch: deps.fetch }), signal);
        run.addPulled({ ...emptyPullStats(), media: media.downloaded }, 0);
      } catch (error) {
        stopIfCancelled();
        stepFailed = true;
        progress.error('media', messageOf(error));
      }
    }

    // 5. The remote's own editor, so its projects are labeled offline with the editor the team
    // uses (docs/editor.md). Downloaded only when the remote's build changed or the copy went bad.
    stopIfCancelled();
    progress.phase('editor');
    try {
      const editorDeps = { db: deps.db, clock: deps.clock, dataDir: deps.dataDir, fetch: deps.fetch };
      await untilAborted(cacheRemoteEditor(editorDeps, remote, connection.version, signal), signal);
    } catch (error) {
      stopIfCancelled();
      stepFailed = true;
      progress.error('editor', messageOf(error));
    }

    stopIfCancelled();
    progress.phase('done');
    return finish(stepFailed ? 'failed' : 'completed');
  } catch (error) {
    if (signal?.aborted) return finish('cancelled');
    progress.error(error instanceof RunStopped ? error.item : 'run', messageOf(error));
    return finish('failed');
  }
}
