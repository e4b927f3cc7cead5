import type { Db } from '../../db/open.js';
import { deleteMirrorAnnotation, findMirrorAnnotation } from '../../db/repos/syncMirrorRepo.js';
import {
  findRemoteOfProject,
  listJournalAnnotationsOfTasks,
  listTaskIdsOfProject,
} from '../../db/repos/syncOutboxRepo.js';
import { journalAnnotationCreated, journalDeletion } from './journal.js';

/**
 * Journals what a bulk change (a Data Manager action) did to the annotations of the given tasks,
 * by comparing them before and after, inside the caller's transaction: annotations that went
 * (deleted, or with their task) are deletions, new ones are creates, and one moved to another
 * task (remove_duplicates) is a deletion of its remote twin plus a create on its new task.
 * `taskIds` null means every task of the project. Deleting a task deletes no remote task (the
 * outbox has no such kind): only the annotations on it are deleted there.
 */
export function journalAnnotationChanges<T>(
  db: Db,
  project: number,
  taskIds: readonly number[] | null,
  now: string,
  change: () => T,
): T {
  const remote = findRemoteOfProject(db, project);
  if (remote === undefined) return change();
  const tasks = taskIds ?? listTaskIdsOfProject(db, project);
  const before = listJournalAnnotationsOfTasks(db, tasks).map((annotation) => ({
    annotation,
    mapping: findMirrorAnnotation(db, annotation.id),
  }));
  const result = change();
  const after = new Map(listJournalAnnotationsOfTasks(db, tasks).map((annotation) => [annotation.id, annotation]));
  const known = new Set(before.map(({ annotation }) => annotation.id));
  for (const { annotation, mapping } of before) {
    const current = after.get(annotation.id);
    if (current && current.task === annotation.task) continue;
    journalDeletion(db, remote, annotation, mapping, now);
    if (current) {
      deleteMirrorAnnotation(db, annotation.id);
      journalAnnotationCreated(db, annotation.id, now);
    }
  }
  for (const id of after.keys()) if (!known.has(id)) journalAnnotationCreated(db, id, now);
  return result;
}
