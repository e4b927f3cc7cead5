import { randomUUID } from 'node:crypto';
import {
  insertImportedAnnotation,
  insertImportedPrediction,
  insertImportedTask,
  lastInnerId,
  listAnnotatorEmails,
  type ImportedAnnotationRow,
} from '../../db/repos/importRepo.js';
import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import { isTaskLabeled, refreshTaskCounters } from '../../db/repos/taskCountersRepo.js';
import type { Db } from '../../db/open.js';
import { refreshTaskAgreement } from '../agreement/taskAgreementColumn.js';
import { shortenedQuote } from '../errorQuote.js';
import { pythonStr } from '../pythonText.js';
import { preparePredictionResult, PredictionResultError, type ParsedConfig } from './preparePredictionResult.js';
import type { ValidTask } from './validateTaskItem.js';

/** A problem Label Studio raises while creating (after every item validated): one message, no item list. */
export class CreateError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TRUE_STRINGS = new Set(['t', 'True', 'true', '1', 'y', 'yes', 'on']);
const FALSE_STRINGS = new Set(['f', 'False', 'false', '0', 'n', 'no', 'off', '']);

/** Django's BooleanField.to_python on an imported value, with the serializer's default when absent. */
function toFlag(value: unknown, fallback: boolean): number {
  if (value === undefined || value === null) return fallback ? 1 : 0;
  if (typeof value === 'string') return TRUE_STRINGS.has(value) ? 1 : FALSE_STRINGS.has(value) ? 0 : 1;
  return value ? 1 : 0;
}

function toFloat(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function toImportId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) && Number.isSafeInteger(Number(value))) {
    return Number(value);
  }
  return null;
}

/**
 * Writes validated tasks with their annotations and predictions (BaseTaskSerializerBulk.create):
 * inner ids continue the project's sequence, overlap is the project's maximum_annotations, and the
 * counters are computed here rather than re-read, with the same rule as taskCountersRepo.
 */
export class TaskWriter {
  private nextInnerId: number;
  private members: Map<string, number> | null = null;
  private memberIds: Set<number> | null = null;
  annotationCount = 0;
  predictionCount = 0;
  /** Tasks written labeled (enough annotations already), for counting them once at the end. */
  labeledCount = 0;
  /** The model_version of the last prediction written, for the project's empty model_version. */
  lastModelVersion: string | null = null;
  readonly taskIds: number[] = [];

  constructor(
    private readonly db: Db,
    private readonly project: ProjectRow,
    private readonly userId: number,
    private readonly now: string,
    private readonly config: ParsedConfig,
  ) {
    this.nextInnerId = lastInnerId(db, project.id) + 1;
  }

  /** `_insert_valid_completed_by`: an email of a member, a member's id, or nothing (the importer). */
  private annotator(completedBy: unknown): number {
    if (completedBy === undefined || completedBy === null) return this.userId;
    if (!this.members || !this.memberIds) {
      const rows = listAnnotatorEmails(this.db);
      this.members = new Map(rows.map((row) => [row.email, row.id]));
      this.memberIds = new Set(rows.map((row) => row.id));
    }
    if (isObject(completedBy)) {
      if (!Object.hasOwn(completedBy, 'email')) {
        throw new CreateError("It's expected to have 'email' field in 'completed_by' data in annotations");
      }
      const id = this.members.get(completedBy.email as string);
      if (id === undefined)
        throw new CreateError(`Unknown annotator's email ${shortenedQuote(pythonStr(completedBy.email))}`);
      return id;
    }
    if (typeof completedBy === 'number' && this.memberIds.has(completedBy)) return completedBy;
    throw new CreateError(
      `Import data contains completed_by=${shortenedQuote(pythonStr(completedBy))} which is not a valid annotator's email or ID`,
    );
  }

  write(task: ValidTask): number {
    const annotations: Omit<ImportedAnnotationRow, 'task'>[] = [];
    for (const annotation of task.annotations) {
      if (!isObject(annotation)) continue;
      annotations.push({
        project: this.project.id,
        unique_id: randomUUID(),
        result: JSON.stringify(annotation.result),
        completed_by: this.annotator(annotation.completed_by),
        // The import default is ground truth (Label Studio's `pop('ground_truth', True)`).
        ground_truth: toFlag(annotation.ground_truth, true),
        was_cancelled: toFlag(annotation.was_cancelled, false),
        lead_time: toFloat(annotation.lead_time),
        created_at: this.now,
        import_id: toImportId(annotation.id),
      });
    }
    const predictions: { result: string; score: number | null; model_version: string }[] = [];
    for (const prediction of task.predictions) {
      if (!isObject(prediction)) continue;
      try {
        const result = preparePredictionResult(prediction.result, this.config);
        const version = Object.hasOwn(prediction, 'model_version') ? prediction.model_version : 'undefined';
        const modelVersion = version === null || version === undefined ? 'undefined' : pythonStr(version);
        predictions.push({
          result: JSON.stringify(result),
          score: toFloat(prediction.score),
          model_version: modelVersion,
        });
        this.lastModelVersion = modelVersion;
      } catch (error) {
        // With prediction validation off (1.22 CE) a prediction that cannot be stored is left out.
        if (!(error instanceof PredictionResultError)) throw error;
      }
    }
    const cancelled = annotations.filter((annotation) => annotation.was_cancelled === 1).length;
    const finished = this.project.skip_queue === 'IGNORE_SKIPPED' ? annotations.length : annotations.length - cancelled;
    const taskId = insertImportedTask(this.db, {
      project: this.project.id,
      inner_id: this.nextInnerId,
      data: task.dataText ?? JSON.stringify(task.data),
      meta: JSON.stringify(task.meta ?? {}),
      created_at: this.now,
      is_labeled: finished >= this.project.maximum_annotations ? 1 : 0,
      overlap: this.project.maximum_annotations,
      total_annotations: annotations.length - cancelled,
      cancelled_annotations: cancelled,
      total_predictions: predictions.length,
      file_upload: task.fileUploadId,
      allow_skip: task.allowSkip === null ? null : toFlag(task.allowSkip, true),
    });
    this.nextInnerId += 1;
    this.taskIds.push(taskId);
    for (const annotation of annotations) insertImportedAnnotation(this.db, { ...annotation, task: taskId });
    // Only a task imported with two annotations or more can have an agreement.
    if (annotations.length >= 2) refreshTaskAgreement(this.db, taskId);
    for (const prediction of predictions) {
      insertImportedPrediction(this.db, {
        ...prediction,
        task: taskId,
        project: this.project.id,
        created_at: this.now,
      });
    }
    // Label Studio recounts an imported task's counters from its rows once its annotations are in:
    // is_labeled then counts the people with a finished annotation, not the annotations.
    if (annotations.length > 0) refreshTaskCounters(this.db, taskId);
    const labeled =
      annotations.length > 0 ? isTaskLabeled(this.db, taskId) : finished >= this.project.maximum_annotations;
    if (labeled) this.labeledCount += 1;
    this.annotationCount += annotations.length;
    this.predictionCount += predictions.length;
    return taskId;
  }
}
