import {
  listProjectDataKeys,
  readTaskMarks,
  type DataKeyFirstSeen,
  type TaskMarks,
} from '../../db/repos/dmProjectRepo.js';
import { readDatabaseStamp } from '../../db/repos/taskListRepo.js';
import type { Db } from '../../db/open.js';

/*
 * The data keys of a project's tasks, in order of first appearance. Finding them reads every
 * task's JSON (about a second at 1M tasks), so they are kept per project across writes that do
 * not touch task data (labeling, views, other projects). New tasks are read alone (ids above the
 * last seen); a deletion (the old tasks no longer all there) or an edit of task data (`task_data_versions`) reads all.
 */

interface Entry {
  stamp: string;
  marks: TaskMarks;
  firstSeen: Map<string, DataKeyFirstSeen>;
  keys: string[];
}

const caches = new WeakMap<Db, Map<number, Entry>>();
const PROJECT_LIMIT = 16;

function ordered(firstSeen: Map<string, DataKeyFirstSeen>): string[] {
  return [...firstSeen.values()].sort((a, b) => a.task - b.task || a.position - b.position).map((seen) => seen.key);
}

function merge(firstSeen: Map<string, DataKeyFirstSeen>, rows: DataKeyFirstSeen[]): Map<string, DataKeyFirstSeen> {
  const merged = new Map(firstSeen);
  for (const row of rows) {
    const known = merged.get(row.key);
    // The same independent minimums a full scan's GROUP BY gives.
    merged.set(
      row.key,
      known
        ? { key: row.key, task: Math.min(known.task, row.task), position: Math.min(known.position, row.position) }
        : row,
    );
  }
  return merged;
}

export function projectDataKeys(db: Db, project: number): string[] {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const stamp = readDatabaseStamp(db);
  const cached = cache.get(project);
  if (cached && cached.stamp === stamp) return cached.keys;

  const marks = readTaskMarks(db, project, cached?.marks.maxId ?? 0);
  let firstSeen: Map<string, DataKeyFirstSeen>;
  // The tasks seen last time are all still there, unedited, when only the new ids explain the count.
  const sameTasks =
    cached && marks.count - marks.added === cached.marks.count && marks.dataVersion === cached.marks.dataVersion;
  if (cached && sameTasks) {
    const newer = marks.added > 0 ? listProjectDataKeys(db, project, cached.marks.maxId) : [];
    firstSeen = newer.length > 0 ? merge(cached.firstSeen, newer) : cached.firstSeen;
  } else {
    firstSeen = merge(new Map(), listProjectDataKeys(db, project));
  }
  const keys = firstSeen === cached?.firstSeen ? cached.keys : ordered(firstSeen);
  if (!cache.has(project) && cache.size >= PROJECT_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(project, { stamp, marks, firstSeen, keys });
  return keys;
}
