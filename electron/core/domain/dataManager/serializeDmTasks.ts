import { basename } from 'node:path';
import type { DmTask } from '../../../../shared/api/dataManager.js';
import {
  readAnnotationFacts,
  readDmTaskRows,
  readPredictionFacts,
  readProjectFacts,
  readTasksWithDrafts,
  type AnnotationFactRow,
  type PredictionFactRow,
} from '../../db/repos/dmTaskFieldsRepo.js';
import { listUserDraftsOfTasks } from '../../db/repos/draftsRepo.js';
import { serializeAnnotations } from '../annotations/serializeAnnotations.js';
import { serializeDraft } from '../drafts/serializeDraft.js';
import { pyFloatOrNull, type WithFloats } from '../export/encode/pyFloat.js';
import type { DomainContext } from '../context.js';
import { serializePredictions } from '../predictions/serializePredictions.js';
import { resolveStorageMedia } from '../storages/resolveStorageMedia.js';
import { resolveCachedMedia } from '../tasks/cachedMedia.js';
import { serializeTaskModelFields } from '../tasks/serializeTask.js';
import { displayList, displayResults } from './displayStrings.js';

/** A task of the list; `fields=all` adds the full annotation and prediction lists. */
/** A Data Manager task as answered: the averages are written as floats, as Label Studio writes them. */
export type SerializedDmTask = WithFloats<DmTask, 'predictions_score' | 'avg_lead_time' | 'agreement'> & {
  annotations?: unknown[];
  predictions?: unknown[];
};

export interface DmTaskOptions {
  /** 'all' adds `annotations`, `predictions` and the caller's `drafts` (empty in 'task_only'). */
  fields: 'all' | 'task_only';
  /** How annotations show `completed_by`: an id (the list) or the expanded user (single task GET). */
  completedBy: 'id' | 'user';
  /** Points references with a sync-cached copy (mirrored projects only) at that copy; see tasks/cachedMedia.ts. */
  resolveUri: boolean;
  /**
   * Leaves `annotations_results` and `predictions_results` empty, as Label Studio's single-task
   * view does (it skips computing them: its api-task-optimizations flag is on in 1.22).
   */
  skipResultStrings?: boolean;
}

interface AnnotationFacts {
  newestCreatedAt: string;
  /** Where the newest so far stands: [made here (1) or mirrored (0), its remote id or local id]. */
  newestRank: [number, number];
  annotators: number[];
  results: string[];
  ids: number[];
  leadTimeSum: number;
  leadTimeCount: number;
}

interface PredictionFacts {
  results: string[];
  versions: string[];
  /** Each prediction's score and model version, for the project's score. */
  scores: { score: number | null; version: string }[];
}

function groupAnnotations(rows: readonly AnnotationFactRow[]): Map<number, AnnotationFacts> {
  const byTask = new Map<number, AnnotationFacts>();
  for (const row of rows) {
    let facts = byTask.get(row.task);
    if (!facts) {
      facts = {
        newestCreatedAt: row.created_at,
        newestRank: [-1, -1],
        annotators: [],
        results: [],
        ids: [],
        leadTimeSum: 0,
        leadTimeCount: 0,
      };
      byTask.set(row.task, facts);
    }
    // Label Studio's completed_at takes the annotation with the highest id. A mirrored one is
    // ranked by the server's id (pulls may create them here out of the server's order); one made
    // here, not yet there, is newer than anything pulled.
    const rank: [number, number] = row.remote_order === null ? [1, row.id] : [0, row.remote_order];
    if (rank[0] > facts.newestRank[0] || (rank[0] === facts.newestRank[0] && rank[1] > facts.newestRank[1])) {
      facts.newestRank = rank;
      facts.newestCreatedAt = row.created_at;
    }
    if (row.completed_by !== null && !facts.annotators.includes(row.completed_by))
      facts.annotators.push(row.completed_by);
    facts.results.push(row.result);
    facts.ids.push(row.id);
    if (row.lead_time !== null) {
      facts.leadTimeSum += row.lead_time;
      facts.leadTimeCount += 1;
    }
  }
  return byTask;
}

function groupPredictions(rows: readonly PredictionFactRow[]): Map<number, PredictionFacts> {
  const byTask = new Map<number, PredictionFacts>();
  for (const row of rows) {
    let facts = byTask.get(row.task);
    if (!facts) {
      facts = { results: [], versions: [], scores: [] };
      byTask.set(row.task, facts);
    }
    facts.results.push(row.result);
    facts.versions.push(row.model_version);
    facts.scores.push({ score: row.score, version: row.model_version });
  }
  return byTask;
}

/**
 * Label Studio's `predictions_score`: the mean score of the predictions of the project's chosen
 * model version (with its model-version dropdown flag off, as in 1.22), null when none has one.
 */
function predictionsScore(facts: PredictionFacts | undefined, modelVersion: string): number | null {
  const scores = (facts?.scores ?? [])
    .filter((entry) => entry.version === modelVersion && entry.score !== null)
    .map((entry) => entry.score!);
  return scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : null;
}

function parseDataTypes(text: string | undefined): Record<string, string> {
  try {
    const parsed = JSON.parse(text ?? '{}') as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The Data Manager task serializer (docs/label-studio-compatibility.md#task-lists) for many tasks,
 * in the order of `taskIds` (unknown ids are skipped). Keys follow Label Studio's order. Every
 * computed column is always present, even where Label Studio leaves out the ones it did not
 * compute: clients treat keys as optional and a complete object is cheaper to reason about. The
 * whole page costs a fixed number of queries (tasks, annotations, predictions, drafts, projects;
 * plus the full annotation and prediction lists for 'all'), never one per task.
 */
export function serializeDmTasks(
  ctx: DomainContext,
  userId: number,
  taskIds: number[],
  options: DmTaskOptions,
): SerializedDmTask[] {
  if (taskIds.length === 0) return [];
  const db = ctx.db;
  const now = ctx.clock();
  const rows = new Map(readDmTaskRows(db, taskIds).map((row) => [row.id, row]));
  const found = taskIds.filter((id) => rows.has(id));
  const annotations = groupAnnotations(readAnnotationFacts(db, found));
  const predictions = groupPredictions(readPredictionFacts(db, found));
  const withDrafts = new Set(readTasksWithDrafts(db, found));
  const projectIds = [...new Set([...rows.values()].map((row) => row.project))];
  const projects = readProjectFacts(db, projectIds);
  const dataTypes = new Map([...projects].map(([id, facts]) => [id, parseDataTypes(facts.data_types)]));
  const all = options.fields === 'all';
  const drafts = new Map<number, Record<string, unknown>[]>();
  if (all) {
    for (const draft of listUserDraftsOfTasks(db, found, userId)) {
      const list = drafts.get(draft.task) ?? [];
      list.push(serializeDraft(draft, now));
      drafts.set(draft.task, list);
    }
  }
  const fullAnnotations = all
    ? serializeAnnotations(db, found, { completedBy: options.completedBy, includeCancelled: true, now })
    : null;
  const fullPredictions = all ? serializePredictions(db, found, now) : null;

  const tasks = found.map((id) => {
    const row = rows.get(id)!;
    const annotated = annotations.get(id);
    const predicted = predictions.get(id);
    const model = serializeTaskModelFields(row, dataTypes.get(row.project) ?? {});
    // Spelled out rather than spread: spreading the model's fields made this the page's costliest step.
    const task: SerializedDmTask = {
      id: model.id,
      data: model.data,
      meta: model.meta,
      created_at: model.created_at,
      updated_at: model.updated_at,
      is_labeled: model.is_labeled,
      overlap: model.overlap,
      inner_id: model.inner_id,
      total_annotations: model.total_annotations,
      cancelled_annotations: model.cancelled_annotations,
      total_predictions: model.total_predictions,
      comment_count: model.comment_count,
      unresolved_comment_count: model.unresolved_comment_count,
      last_comment_updated_at: model.last_comment_updated_at,
      project: model.project,
      // Outpost has no comments.
      comment_authors: [],
      allow_skip: row.allow_skip === null ? null : row.allow_skip !== 0,
      file_upload: row.file_upload_name ? basename(row.file_upload_name) : null,
      storage_filename: row.storage_filename,
      annotators: [...(annotated?.annotators ?? [])].sort((a, b) => a - b),
      drafts: drafts.get(id) ?? [],
      updated_by: row.updated_by === null ? [] : [{ user_id: row.updated_by }],
      completed_at: row.is_labeled !== 0 && annotated ? annotated.newestCreatedAt : null,
      annotations_results: options.skipResultStrings ? '' : displayResults(annotated?.results ?? []),
      predictions_results: options.skipResultStrings ? '' : displayResults(predicted?.results ?? []),
      predictions_score: pyFloatOrNull(predictionsScore(predicted, projects.get(row.project)?.model_version ?? '')),
      annotations_ids: displayList(annotated?.ids ?? [], true),
      predictions_model_versions: displayList(predicted?.versions ?? [], true),
      avg_lead_time: pyFloatOrNull(
        annotated && annotated.leadTimeCount > 0 ? annotated.leadTimeSum / annotated.leadTimeCount : null,
      ),
      draft_exists: withDrafts.has(id),
    };
    // The stored agreement (a column of Label Studio Enterprise, not of 1.22) goes only to Data
    // Manager pages (`task_only`), so the full task Label Studio clients read is exactly 1.22's.
    if (!all) task.agreement = pyFloatOrNull(row.agreement);
    if (fullAnnotations && fullPredictions) {
      task.annotations = fullAnnotations.get(id) ?? [];
      task.predictions = fullPredictions.get(id) ?? [];
    }
    return task;
  });
  if (options.resolveUri) {
    resolveCachedMedia(db, tasks);
    // Cloud URIs not cached by a sync go through the storage proxy, as in Label Studio.
    resolveStorageMedia(db, tasks);
  }
  return tasks;
}
