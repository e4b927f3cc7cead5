import {
  EXPORT_TASK_CONDITIONS,
  type ExportAnnotationRow,
  type ExportTaskSelection,
} from '../../../db/repos/exportTasksRepo.js';
import type { TaskCondition } from '../../../db/repos/taskQuery.js';
import { findView } from '../../../db/repos/viewsRepo.js';
import type { DomainContext } from '../../context.js';
import { compileTaskQuery } from '../../dataManager/resolveTaskQuery.js';
import { viewPrepareParams } from '../../dataManager/viewFields.js';
import type { ExportSerialization } from '../tasks/serializeExportTasks.js';
import type { AnnotationFilterOptions, SerializationOptions, TaskFilterOptions } from './snapshotFields.js';

function onlyOrExclude(value: string | null | undefined, condition: TaskCondition): TaskCondition[] {
  if (value === 'only') return [condition];
  if (value === 'exclude') return [{ op: 'not', of: condition }];
  return [];
}

/** `_get_filtered_tasks`: a Data Manager tab's filters, then the skipped/finished/annotated rules. */
export function snapshotTaskSelection(
  ctx: DomainContext,
  project: number,
  options: TaskFilterOptions | null | undefined,
): ExportTaskSelection {
  const conditions: TaskCondition[] = [];
  if (options) {
    const view = options.view ? findView(ctx.db, options.view) : undefined;
    // An unknown view is ignored (Label Studio logs "Incorrect view params" and goes on).
    if (view && view.project === project) {
      const query = compileTaskQuery(ctx, viewPrepareParams(view), false);
      conditions.push(...(query.matchesNothing ? [{ op: 'nothing' } as const] : query.set.conditions));
    }
    conditions.push(...onlyOrExclude(options.skipped, EXPORT_TASK_CONDITIONS.hasSkipped));
    conditions.push(...onlyOrExclude(options.finished, EXPORT_TASK_CONDITIONS.isLabeled));
    conditions.push(...onlyOrExclude(options.annotated, EXPORT_TASK_CONDITIONS.hasSubmitted));
    if (options.only_with_annotations) conditions.push(EXPORT_TASK_CONDITIONS.hasAnnotations);
  }
  return { project, ids: null, conditions };
}

/**
 * `_get_filtered_annotations_queryset`: without options every annotation; with them (usual
 * defaults to true) the OR of usual (neither skipped nor ground truth), ground truth and skipped.
 */
export function snapshotAnnotationFilter(
  options: AnnotationFilterOptions | null | undefined,
): ((row: ExportAnnotationRow) => boolean) | null {
  if (!options) return null;
  const usual = options.usual === undefined ? true : Boolean(options.usual);
  const groundTruth = Boolean(options.ground_truth);
  const skipped = Boolean(options.skipped);
  if (!usual && !groundTruth && !skipped) return null;
  return (row) =>
    (usual && row.was_cancelled === 0 && row.ground_truth === 0) ||
    (groundTruth && row.ground_truth !== 0) ||
    (skipped && row.was_cancelled !== 0);
}

/**
 * `_get_export_serializer_option`: drafts, predictions and authors are expanded only when their
 * option is present without `only_id` (no options at all: ids everywhere).
 */
export function snapshotSerialization(
  options: SerializationOptions | null | undefined,
  annotationFilter: AnnotationFilterOptions | null | undefined,
  dataTypes: Record<string, string>,
  now: Date,
): ExportSerialization {
  const expands = (option: { only_id?: boolean | null } | undefined) => option !== undefined && !option.only_id;
  return {
    completedBy: expands(options?.annotations__completed_by) ? 'user' : 'id',
    drafts: expands(options?.drafts) ? 'object' : 'id',
    predictions: expands(options?.predictions) ? 'object' : 'id',
    keepAnnotation: snapshotAnnotationFilter(annotationFilter),
    dataTypes,
    now,
  };
}
