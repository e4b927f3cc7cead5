import type { Annotation as AnnotationFields, CompletedByUser } from '../../../../shared/api/annotations.js';
import { pyFloatOrNull, type WithFloats } from '../export/encode/pyFloat.js';
import type { AnnotationRow } from '../../db/repos/annotationsRepo.js';
import { listAnnotationsOfTasks } from '../../db/repos/annotationsRepo.js';
import type { Db } from '../../db/open.js';
import { timesince } from '../timesince.js';
import { serverUserIdsOfProject, type ServerUserId } from '../users/serverUserIds.js';

export interface AnnotationSerializeOptions {
  /** 'id' is the plain AnnotationSerializer; 'user' is `expand=completed_by` (CompletedByDMSerializer). */
  completedBy: 'id' | 'user';
  /** Skipped annotations: the task GET and DM list show them, the task's annotation list does not. */
  includeCancelled: boolean;
  /** The "now" of `created_ago`; the system time when not given. */
  now?: Date;
  /** The ids `created_username` names users by (a mirrored project's are the server's); looked up when absent. */
  serverUserId?: ServerUserId;
}

/** Label Studio's User.get_initials. */
function initials(email: string, firstName: string, lastName: string): string {
  if (!firstName && !lastName) return email.slice(0, 2);
  return `${firstName.slice(0, 1)}${lastName.slice(0, 1)}`;
}

/** `get_created_username`: "<first> <last> <email>, <id>", with a leading space when names are empty. */
function createdUsername(row: AnnotationRow, serverUserId: ServerUserId): string {
  if (row.completed_by === null || row.author_email === null) return '';
  let name = row.author_first_name ?? '';
  if (row.author_last_name) name += ` ${row.author_last_name}`;
  return `${name} ${row.author_email}, ${serverUserId(row.completed_by)}`;
}

/** An annotation as answered: its lead time is written as a float, as Label Studio writes it. */
export type Annotation = WithFloats<AnnotationFields, 'lead_time'>;

function completedBy(row: AnnotationRow, mode: 'id' | 'user'): Annotation['completed_by'] {
  if (mode === 'id' || row.completed_by === null || row.author_email === null) return row.completed_by;
  const firstName = row.author_first_name ?? '';
  const lastName = row.author_last_name ?? '';
  return {
    id: row.completed_by,
    first_name: firstName,
    last_name: lastName,
    avatar: row.author_avatar,
    email: row.author_email,
    initials: initials(row.author_email, firstName, lastName),
  } satisfies CompletedByUser;
}

/**
 * AnnotationSerializer, keys in Label Studio's order: `prediction` and `result_count`
 * are excluded, `unique_id` is write-only, and `state` is absent with the FSM flags off.
 */
export function serializeAnnotation(db: Db, row: AnnotationRow, options: AnnotationSerializeOptions): Annotation {
  const serverUserId = options.serverUserId ?? serverUserIdsOfProject(db, row.project);
  return {
    id: row.id,
    result: JSON.parse(row.result) as Annotation['result'],
    created_username: createdUsername(row, serverUserId),
    created_ago: timesince(row.created_at, options.now ?? new Date()),
    completed_by: completedBy(row, options.completedBy),
    was_cancelled: row.was_cancelled !== 0,
    ground_truth: row.ground_truth !== 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    draft_created_at: row.draft_created_at,
    lead_time: pyFloatOrNull(row.lead_time),
    import_id: row.import_id,
    last_action: row.last_action,
    bulk_created: row.bulk_created !== 0,
    task: row.task,
    project: row.project,
    updated_by: row.updated_by,
    parent_prediction: row.parent_prediction,
    parent_annotation: row.parent_annotation,
    last_created_by: row.last_created_by,
  } satisfies Annotation;
}

/**
 * The annotations of many tasks with one query: every requested task id is a key (an empty list
 * when it has none), each list ordered by annotation id.
 */
export function serializeAnnotations(
  db: Db,
  taskIds: number[],
  options: AnnotationSerializeOptions,
): Map<number, Record<string, unknown>[]> {
  const byTask = new Map<number, Record<string, unknown>[]>(taskIds.map((id) => [id, []]));
  const now = options.now ?? new Date();
  // Looked up once per project (the tasks asked for usually share one).
  const serverUserIds = new Map<number, ServerUserId>();
  for (const row of listAnnotationsOfTasks(db, taskIds, options.includeCancelled)) {
    let serverUserId = serverUserIds.get(row.project);
    if (!serverUserId) serverUserIds.set(row.project, (serverUserId = serverUserIdsOfProject(db, row.project)));
    byTask.get(row.task)?.push(serializeAnnotation(db, row, { ...options, now, serverUserId }));
  }
  return byTask;
}
