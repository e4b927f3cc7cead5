import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import { updateProjectColumns } from '../../db/repos/projectsRepo.js';
import { insertTasksCountingOnce } from '../../db/repos/importRepo.js';
import { formatTimestamp } from '../clock.js';
import type { DomainContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { updateTaskStatesAfterTaskCountChange } from '../projects/rearrangeOverlapCohort.js';
import { journalTasksCreated } from '../sync/journal.js';
import { importError } from './importContext.js';
import type { ItemList } from './importItems.js';
import { preannotateTask } from './preannotateTask.js';
import type { ParsedConfig } from './preparePredictionResult.js';
import { CreateError, TaskWriter } from './taskWriter.js';
import { formatItemError, validateTaskItem } from './validateTaskItem.js';

export interface WriteOptions {
  /** `?preannotated_from_fields=`: null when not given. */
  preannotatedFields: readonly string[] | null;
}

export interface WriteOutcome {
  taskIds: number[];
  annotationCount: number;
  predictionCount: number;
}

/** The per-item list holds `{}` for every item that passed (one shared object; it is only serialized). */
const PASSED: Readonly<Record<string, never>> = Object.freeze({});
const MAX_LISTED_ERRORS = 100;

function projectConfig(project: ProjectRow) {
  return {
    dataTypes: JSON.parse(project.data_types) as Record<string, string>,
    config: JSON.parse(project.parsed_label_config) as ParsedConfig,
  };
}

/**
 * Validates and writes every item in one pass; the caller holds the transaction. Writing stops at
 * the first problem but validation goes on, so the error Label Studio would report wins, in its
 * order: the per-item list (`{}` for items that passed, capped at 100 entries with `...`), then
 * creation errors such as an unknown annotator. Any error rolls back.
 */
export function writeItems(
  ctx: DomainContext,
  project: ProjectRow,
  userId: number,
  items: ItemList,
  options: WriteOptions,
): WriteOutcome {
  const outcome =
    items.count < COUNT_ONCE_FROM
      ? writeEachItem(ctx, project, userId, items, options)
      : insertTasksCountingOnce(ctx.db, project.id, () => writeEachItem(ctx, project, userId, items, options));
  // With the task counter trigger back: the cohort's overlaps move the project's finished count.
  if (outcome.taskIds.length > 0) updateTaskStatesAfterTaskCountChange(ctx.db, project);
  return outcome;
}

/**
 * From this many items the project's task counters are added to once for the whole import rather
 * than by their trigger per task (which costs as much as the insert); below, setting the trigger
 * aside would cost more than it saves.
 */
const COUNT_ONCE_FROM = 500;

function writeEachItem(
  ctx: DomainContext,
  project: ProjectRow,
  userId: number,
  items: ItemList,
  options: WriteOptions,
): WriteOutcome & { inserted: number; labeled: number } {
  const { dataTypes, config } = projectConfig(project);
  const writer = new TaskWriter(ctx.db, project, userId, formatTimestamp(ctx.clock()), config);
  const listed: (string | Readonly<Record<string, never>>)[] = [];
  let hasItemError = false;
  let createError: string | null = null;
  for (let index = 0; index < items.count; index += 1) {
    const item = items.get(index);
    let task = item.task;
    let fileUploadId = item.fileUploadId;
    if (options.preannotatedFields) {
      task = preannotateTask(task, options.preannotatedFields, config);
      fileUploadId = null;
    }
    const valid = validateTaskItem(task, dataTypes, item.source, fileUploadId);
    if (typeof valid === 'string') {
      hasItemError = true;
      listed.push(formatItemError(index, valid, task));
      if (listed.length >= MAX_LISTED_ERRORS) {
        listed[MAX_LISTED_ERRORS - 1] = '...';
        break;
      }
      continue;
    }
    listed.push(PASSED);
    if (hasItemError || createError !== null) continue;
    try {
      writer.write(valid);
    } catch (error) {
      if (!(error instanceof CreateError)) throw error;
      createError = error.message;
    }
  }
  if (hasItemError) throw new ValidationError({ non_field_errors: listed });
  if (createError !== null) throw importError(createError);
  if (!project.model_version && writer.lastModelVersion !== null) {
    updateProjectColumns(ctx.db, project.id, { model_version: writer.lastModelVersion });
  }
  journalTasksCreated(ctx.db, project.id, writer.taskIds, formatTimestamp(ctx.clock()));
  return {
    taskIds: writer.taskIds,
    annotationCount: writer.annotationCount,
    predictionCount: writer.predictionCount,
    inserted: writer.taskIds.length,
    labeled: writer.labeledCount,
  };
}

/** With commit_to_project=false nothing is validated or written. */
export function countItems(items: ItemList): number {
  return items.count;
}
