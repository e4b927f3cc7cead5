import { findAnnotationById } from '../db/repos/annotationsRepo.js';
import { findProjectById } from '../db/repos/projectsRepo.js';
import { findTaskById } from '../db/repos/tasksRepo.js';
import { ALL_FIELDS } from '../domain/flexFields.js';
import { getProject } from '../domain/projects/getProject.js';
import { serializeBaseTask } from '../domain/tasks/serializeTask.js';
import type { MlDeps } from './mlDeps.js';

/*
 * The objects a model server's /webhook receives, in the shapes Label Studio's webhooks send
 * (its serializers_for_hooks: every column of the row, the project with its counters), not in the
 * API's shapes: model servers written for Label Studio read these. Checked against the real
 * server by test/interop/ml.
 */

/** `value` without the given keys. */
export function withoutKeys(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** API fields of a project that are not columns of Label Studio's project model. */
const PROJECT_API_ONLY = [
  'created_by',
  'start_training_on_annotation_update',
  'config_has_control_tags',
  'queue_total',
  'queue_done',
  'config_suitable_for_bulk_annotation',
  'state',
];

/**
 * ProjectWebhookSerializer. Columns Outpost does not keep are null: the label config's hash
 * (Python's per-process string hash in Label Studio), the invite-link token, and the soft-delete,
 * task-lock and search columns; `result_count` is never counted in Label Studio, so 0.
 */
export function webhookProject(deps: MlDeps, projectId: number): Record<string, unknown> {
  const row = findProjectById(deps.db, projectId);
  if (!row) return { id: projectId };
  const api = getProject(deps, row.created_by ?? 0, projectId, ALL_FIELDS) as unknown as Record<string, unknown>;
  return {
    ...withoutKeys(api, PROJECT_API_ONLY),
    label_config_hash: null,
    token: null,
    result_count: 0,
    data_types: JSON.parse(row.data_types) as unknown,
    updated_at: row.updated_at,
    custom_task_lock_ttl: null,
    deleted_at: null,
    purge_at: null,
    search_vector: null,
    created_by: row.created_by,
    deleted_by: null,
  };
}

/** TaskWebhookSerializer: the task's columns. */
export function webhookTask(deps: MlDeps, taskId: number): Record<string, unknown> | null {
  const row = findTaskById(deps.db, taskId);
  if (!row) return null;
  const dataTypes = JSON.parse(findProjectById(deps.db, row.project)?.data_types ?? '{}') as Record<string, string>;
  return { ...serializeBaseTask(row, dataTypes), precomputed_agreement: null };
}

/**
 * An annotation as Label Studio's serializers that dump every column show it (its webhooks, and
 * the export serializer of interactive-annotating), from the annotation's API shape: without the
 * API's display fields, with the three the API leaves out. `prediction` (the prediction the
 * annotator saw) is not kept by Outpost; Label Studio's default is an empty object.
 */
export function annotationColumns(deps: MlDeps, annotation: Record<string, unknown>): Record<string, unknown> {
  const row = findAnnotationById(deps.db, annotation.id as number);
  return {
    ...withoutKeys(annotation, ['created_username', 'created_ago']),
    prediction: {},
    result_count: row?.result_count ?? 0,
    unique_id: row?.unique_id ?? null,
  };
}
