import { findAnnotationById } from '../../db/repos/annotationsRepo.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { findTaskById } from '../../db/repos/tasksRepo.js';
import { findUserById } from '../../db/repos/usersRepo.js';
import { serializeAnnotation } from '../annotations/serializeAnnotations.js';
import type { DomainContext } from '../context.js';
import { encodeJson, markPlainJson, PY_JSON_ASCII, type JsonStyle } from '../export/encode/pyJson.js';
import { pyFloatOrNull } from '../export/encode/pyFloat.js';
import { serializeTaskModelFields } from '../tasks/serializeTask.js';
import type { StorageType } from './storageSpecs.js';

/*
 * The object an export storage holds for one annotation (Label Studio's
 * StorageAnnotationSerializer): the annotation with its author ({id, first_name, last_name,
 * email}) and its task (without annotations) right after the author, named by the annotation's
 * id. Local folders get it from `json.dump(..., indent=2)`; buckets and Redis from `json.dumps`,
 * on one line.
 */

/** `json.dump(x, f, indent=2)`: ASCII only, `,` between items once lines break. */
const INDENTED_JSON: JsonStyle = { ...PY_JSON_ASCII, indent: 2, itemSeparator: ',' };

function jsonStyleOf(type: StorageType): JsonStyle {
  return type === 'localfiles' ? INDENTED_JSON : PY_JSON_ASCII;
}

/** The object's name in the storage (ExportStorageLink.get_key with 1.22's flags off). */
export function storageKeyOfAnnotation(annotation: number): string {
  return String(annotation);
}

/** The object's text, or null when the annotation is gone. */
export function storageObjectOfAnnotation(ctx: DomainContext, annotationId: number, type: StorageType): string | null {
  const row = findAnnotationById(ctx.db, annotationId);
  const task = row && findTaskById(ctx.db, row.task);
  const project = task && findProjectById(ctx.db, task.project);
  if (!row || !task || !project) return null;
  const wire = serializeAnnotation(ctx.db, row, { completedBy: 'id', includeCancelled: true, now: ctx.clock() });
  const author = row.completed_by === null ? undefined : findUserById(ctx.db, row.completed_by);
  const dataTypes = JSON.parse(project.data_types) as Record<string, string>;
  const fields = serializeTaskModelFields(task, dataTypes);
  // TaskSerializer's order: allow_skip after is_labeled, precomputed_agreement after the counters.
  const taskWire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'comment_count') taskWire.precomputed_agreement = null;
    taskWire[key] = value;
    if (key === 'is_labeled') taskWire.allow_skip = task.allow_skip === null ? null : task.allow_skip !== 0;
  }
  Object.assign(taskWire, { updated_by: task.updated_by, file_upload: task.file_upload, comment_authors: [] });
  const ordered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wire)) {
    if (key === 'task') continue;
    if (key === 'result') ordered.result = markPlainJson(value);
    else if (key === 'lead_time') ordered.lead_time = pyFloatOrNull(row.lead_time);
    else ordered[key] = value;
    if (key === 'completed_by') {
      ordered.completed_by = author
        ? { id: author.id, first_name: author.first_name, last_name: author.last_name, email: author.email }
        : null;
      ordered.task = { ...taskWire, data: markPlainJson(taskWire.data), meta: markPlainJson(taskWire.meta) };
    }
  }
  return encodeJson(ordered, jsonStyleOf(type));
}
