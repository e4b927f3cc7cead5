import type { Db } from '../open.js';
import { statement } from '../statement.js';

/*
 * The `media_cache` table: one row per (remote, original reference) a mirrored task names, with
 * the file it was downloaded to (relative to <data>/media/remote/<remote>/) once it is `done`.
 */

export type MediaCacheStatus = 'pending' | 'done' | 'failed';

export interface MediaCacheRow {
  remote: number;
  url: string;
  path: string | null;
  size: number | null;
  status: MediaCacheStatus;
  error: string | null;
  updated_at: string;
}

export function findMediaCacheRow(db: Db, remote: number, url: string): MediaCacheRow | undefined {
  return statement(db, 'SELECT * FROM media_cache WHERE remote = ? AND url = ?').get(remote, url) as
    MediaCacheRow | undefined;
}

/** The row of a downloaded file by its name in the remote's folder (what the local URL names). */
export function findDoneMediaByPath(db: Db, remote: number, path: string): MediaCacheRow | undefined {
  return statement(db, "SELECT * FROM media_cache WHERE remote = ? AND path = ? AND status = 'done'").get(
    remote,
    path,
  ) as MediaCacheRow | undefined;
}

/** Creates or updates the row of one reference (a retry keeps its key and moves its state). */
export function saveMediaCacheRow(db: Db, row: MediaCacheRow): void {
  statement(
    db,
    `INSERT INTO media_cache (remote, url, path, size, status, error, updated_at)
     VALUES (@remote, @url, @path, @size, @status, @error, @updated_at)
     ON CONFLICT (remote, url) DO UPDATE SET path = excluded.path, size = excluded.size,
       status = excluded.status, error = excluded.error, updated_at = excluded.updated_at`,
  ).run(row);
}

/** Of `urls`, the ones downloaded from `remote`, with their file names. */
export function findDoneMediaPaths(db: Db, remote: number, urls: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  // SQLite caps bound parameters; 500 a query stays well below every build's limit.
  for (let start = 0; start < urls.length; start += 500) {
    const chunk = urls.slice(start, start + 500);
    const rows = db
      .prepare(
        `SELECT url, path FROM media_cache
         WHERE remote = ? AND status = 'done' AND path IS NOT NULL AND url IN (${chunk.map(() => '?').join(',')})`,
      )
      .all(remote, ...chunk) as { url: string; path: string }[];
    for (const row of rows) found.set(row.url, row.path);
  }
  return found;
}

export interface MirroredTaskData {
  remoteTaskId: number;
  /** The task's data as stored (JSON text). */
  data: string;
}

/** The data of every mirrored task of these local projects, one at a time (projects can be large). */
export function iterateMirroredTaskData(
  db: Db,
  remote: number,
  projects: readonly number[],
): Iterable<MirroredTaskData> {
  if (projects.length === 0) return [];
  return db
    .prepare(
      `SELECT rt.remote_task_id AS remoteTaskId, t.data AS data
       FROM tasks t JOIN remote_tasks rt ON rt.task = t.id
       WHERE rt.remote = ? AND t.project IN (${projects.map(() => '?').join(',')})
       ORDER BY t.id`,
    )
    .iterate(remote, ...projects) as Iterable<MirroredTaskData>;
}
