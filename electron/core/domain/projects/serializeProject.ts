import type { Project } from '../../../../shared/api/projects.js';
import type { ProjectRow } from '../../db/repos/projectsRepo.js';
import { findUserById, type UserRow } from '../../db/repos/usersRepo.js';
import type { DomainContext } from '../context.js';
import { applyFieldset, isFieldVisible, type Fieldset } from '../flexFields.js';
import { toUserSimple } from '../users/serializeUser.js';
import { parseJsonKeepingFloats } from '../export/encode/pyFloat.js';
import {
  COUNTER_FIELDS,
  computeCounters,
  computeQueues,
  type CounterField,
  type Counters,
  type QueueNumbers,
} from './projectCounters.js';

export type ProjectWire = Record<string, unknown>;

interface Extras {
  counters: Counters | undefined;
  queue: QueueNumbers | undefined;
  createdBy: UserRow | undefined;
}

const flag = (value: number) => value !== 0;

/**
 * Label Studio's ProjectSerializer output, keys in its field order (1.22: no
 * `annotator_evaluation_enabled`; `state` is there, null, since the FSM flags are off in CE).
 */
function toWire(row: ProjectRow, extras: Extras): Project {
  const parsed = JSON.parse(row.parsed_label_config) as Record<string, unknown>;
  const counter = (field: CounterField) => extras.counters?.[field] ?? null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    label_config: row.label_config,
    expert_instruction: row.expert_instruction,
    show_instruction: flag(row.show_instruction),
    show_skip_button: flag(row.show_skip_button),
    enable_empty_annotation: flag(row.enable_empty_annotation),
    show_annotation_history: flag(row.show_annotation_history),
    organization: row.organization,
    color: row.color,
    maximum_annotations: row.maximum_annotations,
    is_published: flag(row.is_published),
    model_version: row.model_version,
    is_draft: flag(row.is_draft),
    created_by: extras.createdBy ? toUserSimple(extras.createdBy) : null,
    created_at: row.created_at,
    min_annotations_to_start_training: row.min_annotations_to_start_training,
    start_training_on_annotation_update: row.min_annotations_to_start_training !== 0,
    show_collab_predictions: flag(row.show_collab_predictions),
    num_tasks_with_annotations: counter('num_tasks_with_annotations'),
    task_number: counter('task_number'),
    useful_annotation_number: counter('useful_annotation_number'),
    ground_truth_number: counter('ground_truth_number'),
    skipped_annotations_number: counter('skipped_annotations_number'),
    total_annotations_number: counter('total_annotations_number'),
    total_predictions_number: counter('total_predictions_number'),
    sampling: row.sampling,
    show_ground_truth_first: flag(row.show_ground_truth_first),
    show_overlap_first: flag(row.show_overlap_first),
    overlap_cohort_percentage: row.overlap_cohort_percentage,
    task_data_login: row.task_data_login,
    task_data_password: row.task_data_password,
    control_weights: parseJsonKeepingFloats(row.control_weights),
    parsed_label_config: parsed,
    evaluate_predictions_automatically: flag(row.evaluate_predictions_automatically),
    config_has_control_tags: Object.keys(parsed).length > 0,
    skip_queue: row.skip_queue,
    reveal_preannotations_interactively: flag(row.reveal_preannotations_interactively),
    pinned_at: row.pinned_at,
    finished_task_number: counter('finished_task_number'),
    queue_total: extras.queue?.queue_total ?? 0,
    queue_done: extras.queue?.queue_done ?? 0,
    config_suitable_for_bulk_annotation: flag(row.config_suitable_for_bulk_annotation),
    state: null,
  } satisfies Project;
}

export interface PresentOptions {
  /** The requesting user, for queue_total and queue_done. */
  userId: number;
  fieldset: Fieldset;
  /**
   * Whether the counters are computed. Label Studio's create response has none (its instance was
   * not loaded through with_counts()), so they are null there.
   */
  withCounters: boolean;
}

/** Serializes a page of projects with only the extra queries its visible fields need. */
export function presentProjects(ctx: DomainContext, rows: readonly ProjectRow[], options: PresentOptions) {
  const { fieldset } = options;
  const ids = rows.map((row) => row.id);
  const counterFields = new Set(
    options.withCounters ? COUNTER_FIELDS.filter((field) => isFieldVisible(fieldset, field)) : [],
  );
  const counters = computeCounters(ctx.db, ids, counterFields);
  const wantsQueue = isFieldVisible(fieldset, 'queue_total') || isFieldVisible(fieldset, 'queue_done');
  const queues = wantsQueue ? computeQueues(ctx.db, rows, options.userId) : new Map<number, QueueNumbers>();
  const users = new Map<number, UserRow | undefined>();
  if (isFieldVisible(fieldset, 'created_by')) {
    for (const row of rows) {
      if (row.created_by !== null && !users.has(row.created_by)) {
        users.set(row.created_by, findUserById(ctx.db, row.created_by));
      }
    }
  }
  return rows.map((row) => {
    const extras: Extras = {
      counters: counters.get(row.id),
      queue: queues.get(row.id),
      createdBy: row.created_by === null ? undefined : users.get(row.created_by),
    };
    return applyFieldset(toWire(row, extras), fieldset);
  });
}

/** `ProjectCountsSerializer`: the id and the eight counters. */
export function presentProjectCounts(ctx: DomainContext, ids: readonly number[], fieldset: Fieldset) {
  const counterFields = new Set(COUNTER_FIELDS.filter((field) => isFieldVisible(fieldset, field)));
  const counters = computeCounters(ctx.db, ids, counterFields);
  return ids.map((id) => {
    const values = counters.get(id) ?? {};
    const item: Record<string, unknown> = { id };
    for (const field of COUNTER_FIELDS) item[field] = values[field] ?? null;
    return applyFieldset(item, fieldset);
  });
}
