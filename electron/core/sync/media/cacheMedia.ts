import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { OWNER_ONLY_DIR } from '../../db/fileModes.js';
import { findMediaCacheRow, iterateMirroredTaskData, saveMediaCacheRow } from '../../db/repos/mediaCacheRepo.js';
import { formatTimestamp } from '../../domain/clock.js';
import { remoteMediaDir } from '../../domain/tasks/cachedMedia.js';
import type { FetchLike } from '../remoteClient.js';
import type { SyncContext } from '../syncTypes.js';
import { downloadFile } from './downloadFile.js';
import { cacheFileName, referencesOfTask, type MediaRef } from './mediaRefs.js';
import { openerFor } from './openMedia.js';

/*
 * The media step of a sync: download what the mirrored tasks reference into
 * <data>/media/remote/<remote>/, a few files at a time. Each reference has a `media_cache` row:
 * pending while it downloads, then done (with its file and size) or failed (with the error). A
 * done file is never fetched again; anything else is tried again on the next run, resuming a
 * partial download where it stopped.
 */

export interface CacheMediaOptions {
  /** Downloads at once (default 4). */
  concurrency?: number;
  /** For URLs that are not the remote's (default: the global fetch). */
  fetch?: FetchLike;
}

export interface CacheMediaResult {
  /** Files downloaded by this run. */
  downloaded: number;
  failed: number;
  bytes: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The references of these projects' tasks that still need a download, each once. */
function pendingReferences(ctx: SyncContext, projects: readonly number[], dir: string): MediaRef[] {
  const refs = new Map<string, MediaRef>();
  for (const task of iterateMirroredTaskData(ctx.db, ctx.remoteId, projects)) {
    for (const ref of referencesOfTask(task.data, ctx.remoteUrl, task.remoteTaskId)) {
      if (!refs.has(ref.url)) refs.set(ref.url, ref);
    }
  }
  return [...refs.values()].filter((ref) => {
    const row = findMediaCacheRow(ctx.db, ctx.remoteId, ref.url);
    // A done row whose file was deleted by hand is downloaded again.
    return !(row?.status === 'done' && row.path !== null && existsSync(join(dir, row.path)));
  });
}

export async function cacheMedia(
  ctx: SyncContext,
  projects: readonly number[],
  options: CacheMediaOptions = {},
): Promise<CacheMediaResult> {
  const dir = remoteMediaDir(ctx.dataDir, ctx.remoteId);
  const todo = pendingReferences(ctx, projects, dir);
  const result: CacheMediaResult = { downloaded: 0, failed: 0, bytes: 0 };
  if (todo.length === 0) return result;
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  const fetchImpl = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const now = () => formatTimestamp(ctx.clock());
  let finished = 0;
  const report = () => ctx.progress.items(finished, todo.length, result.bytes);
  report();

  const downloadOne = async (ref: MediaRef) => {
    const path = cacheFileName(ref.url);
    const row = { remote: ctx.remoteId, url: ref.url, path, size: null, error: null };
    saveMediaCacheRow(ctx.db, { ...row, status: 'pending', updated_at: now() });
    try {
      const downloaded = await downloadFile(openerFor(ref, ctx, fetchImpl), join(dir, path), (count) => {
        result.bytes += count;
      });
      saveMediaCacheRow(ctx.db, { ...row, size: downloaded.size, status: 'done', updated_at: now() });
      result.downloaded += 1;
    } catch (error) {
      // A cancelled run leaves the row pending: the next run simply goes on with it.
      if (ctx.signal?.aborted) throw error;
      saveMediaCacheRow(ctx.db, { ...row, status: 'failed', error: messageOf(error), updated_at: now() });
      result.failed += 1;
      ctx.progress.error(`media ${ref.url}`, messageOf(error));
    }
    finished += 1;
    report();
  };

  // A fixed number of workers take the next reference until none is left.
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      if (ctx.signal?.aborted) throw ctx.signal.reason ?? new Error('cancelled');
      await downloadOne(todo[next++]!);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, todo.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return result;
}
