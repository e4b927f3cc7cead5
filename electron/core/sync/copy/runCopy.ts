import { randomUUID } from 'node:crypto';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { findRemote } from '../../db/repos/remotesRepo.js';
import {
  countCopyTasks,
  findServerCopy,
  findUnfinishedCopy,
  finishServerCopy,
  insertServerCopy,
  snapshotCopyTasks,
  type ServerCopyRow,
} from '../../db/repos/serverCopiesRepo.js';
import { findMirrorProject } from '../../db/repos/syncMirrorRepo.js';
import { findFirstLocalUser } from '../../db/repos/usersRepo.js';
import { formatTimestamp } from '../../domain/clock.js';
import { NotFoundError, ValidationError } from '../../domain/errors.js';
import { requireRemote } from '../../domain/remotes/remotes.js';
import { connectRemote } from '../engine/connectRemote.js';
import type { SyncDeps } from '../engine/syncDeps.js';
import { startSyncRunRecord } from '../engine/syncRunRecorder.js';
import { untilAborted } from '../engine/untilAborted.js';
import { guardRemoteWrites } from '../push/remoteWriteGuard.js';
import { withRetry, type RetryOptions } from '../retry.js';
import type { SyncRunResult } from '../runSync.js';
import { emptyPushStats, type SyncProgress } from '../syncTypes.js';
import type { CopyRun } from './copyRun.js';
import { ensureTargetProject } from './copyProject.js';
import { copyTasks, type CopiedCounts } from './copyTasks.js';
import { targetUserEmails } from './targetUsers.js';

/*
 * Server to server: a mirrored project copied as a new project to another remote. The copy is
 * journaled in `server_copies`; asking again for a copy of the same project to the same remote
 * while one is unfinished resumes it, so a copy cut off anywhere ends with everything on the
 * target exactly once. The local project stays the mirror of its own remote.
 */

/** Tasks per import: one request and one transaction on the target each. */
export const COPY_BATCH_SIZE = 50;

export interface CopyRequest {
  project: number;
  remote: number;
  title?: string | undefined;
}

/** The copy to run: the unfinished one of this project and remote, or a new one. */
export function prepareServerCopy(deps: SyncDeps, request: CopyRequest): ServerCopyRow {
  const project = findProjectById(deps.db, request.project);
  if (!project) throw new NotFoundError('No Project matches the given query.');
  const mirror = findMirrorProject(deps.db, project.id);
  if (!mirror) throw new ValidationError({ project: ['Only a project mirrored from a remote can be copied.'] });
  if (!findRemote(deps.db, request.remote)) {
    throw new ValidationError({ remote: [`Invalid pk "${request.remote}" - object does not exist.`] });
  }
  if (mirror.remote === request.remote) {
    throw new ValidationError({ remote: ['Choose another remote than the one this project mirrors.'] });
  }
  const title = request.title?.trim();
  if (request.title !== undefined && !title) throw new ValidationError({ title: ['This field may not be blank.'] });
  return deps.db.transaction(() => {
    const unfinished = findUnfinishedCopy(deps.db, project.id, request.remote);
    if (unfinished) return unfinished;
    const id = insertServerCopy(deps.db, {
      project: project.id,
      remote: request.remote,
      title: title ?? project.title ?? '',
      marker: randomUUID(),
      created_at: formatTimestamp(deps.clock()),
    });
    snapshotCopyTasks(deps.db, id, project.id, COPY_BATCH_SIZE);
    return findServerCopy(deps.db, id)!;
  })();
}

export interface CopyRunOptions {
  signal?: AbortSignal | undefined;
  progress?: SyncProgress | undefined;
  onRunStarted?: ((runId: number) => void) | undefined;
  retry?: Omit<RetryOptions, 'signal'>;
}

export interface CopyRunResult extends SyncRunResult {
  copyId: number;
  targetProjectId: number | null;
}

/** The remote the project mirrors now (it may have stopped being a mirror since the copy began). */
function sourceRemoteOf(deps: SyncDeps, copy: ServerCopyRow): number {
  const mirror = findMirrorProject(deps.db, copy.project);
  if (!mirror) throw new Error(`project ${copy.project} is no longer mirrored here, so its media cannot be read`);
  return mirror.remote;
}

/** Lists each author the target lacks, with how many of their annotations went to the token's user. */
function noteReplaced(progress: SyncProgress, replaced: ReadonlyMap<string, number>, tokenEmail: string): void {
  for (const [email, count] of replaced) {
    progress.error(
      `author ${email}`,
      `not a user of the target: ${count} annotation${count === 1 ? '' : 's'} credited to ${tokenEmail}`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One run of a prepared copy, recorded in `sync_runs` under the target remote. Never throws. */
export async function runServerCopy(
  deps: SyncDeps,
  copy: ServerCopyRow,
  options: CopyRunOptions = {},
): Promise<CopyRunResult> {
  const { signal } = options;
  const remote = requireRemote(deps, copy.remote);
  const record = startSyncRunRecord(deps, copy.remote, options.progress);
  options.onRunStarted?.(record.runId);
  const progress = record.progress;
  const result = (status: 'completed' | 'failed' | 'cancelled'): CopyRunResult => ({
    runId: record.runId,
    status,
    summary: record.finish(status),
    copyId: copy.id,
    targetProjectId: findServerCopy(deps.db, copy.id)?.target_project_id ?? null,
  });
  try {
    progress.phase('connect', remote.url);
    const token = deps.tokenVault.get(copy.remote);
    if (!token) throw new Error('No token is stored for this remote: give it again.');
    const connection = await untilAborted(connectRemote({ url: remote.url, token, fetch: deps.fetch, signal }), signal);
    const run: CopyRun = {
      db: deps.db,
      dataDir: deps.dataDir,
      copy,
      sourceRemote: sourceRemoteOf(deps, copy),
      client: guardRemoteWrites(connection.client, 'copy'),
      progress,
      signal,
      retry: (operation) => withRetry(operation, { ...options.retry, signal }),
    };
    progress.phase('push', `copy of project ${copy.project} to ${remote.url}`);
    const emails = await untilAborted(targetUserEmails(run), signal);
    const replaced = new Map<string, number>();
    const authors = {
      targetEmails: emails,
      localUser: {
        id: findFirstLocalUser(deps.db)?.id ?? 0,
        sourceEmail: findRemote(deps.db, run.sourceRemote)?.remote_user_email ?? null,
      },
      replaced: (email: string | null) =>
        replaced.set(email ?? '(no author)', (replaced.get(email ?? '(no author)') ?? 0) + 1),
    };
    const targetProject = await untilAborted(ensureTargetProject(run), signal);
    const total = countCopyTasks(deps.db, copy.id).total;
    // Counted and saved batch by batch, so a run cut off still says what it sent.
    const onBatch = (sent: CopiedCounts | null) => {
      if (sent) record.addPushed({ ...emptyPushStats(), ...sent }, 0);
      progress.items(countCopyTasks(deps.db, copy.id).copied, total);
    };
    try {
      await untilAborted(copyTasks(run, targetProject, authors, onBatch), signal);
    } finally {
      noteReplaced(progress, replaced, connection.user.email);
    }
    finishServerCopy(deps.db, copy.id, formatTimestamp(deps.clock()));
    progress.phase('done');
    return result('completed');
  } catch (error) {
    if (signal?.aborted) return result('cancelled');
    progress.error('copy', messageOf(error));
    return result('failed');
  }
}
