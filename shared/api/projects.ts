import { z } from 'zod';
import { userSimpleSchema } from './users.js';

/*
 * Label Studio 1.22's projects as Outpost serves them: `ProjectSerializer` (`/api/projects/{id}/`,
 * and the items of `/api/projects/` pages, which callers usually thin out with `include=`), and
 * DRF's page envelope.
 */

export const SAMPLING_OPTIONS = ['Sequential sampling', 'Uniform sampling'] as const;
export const SKIP_QUEUE_OPTIONS = ['REQUEUE_FOR_OTHERS', 'REQUEUE_FOR_ME', 'IGNORE_SKIPPED'] as const;
export type SkipQueue = (typeof SKIP_QUEUE_OPTIONS)[number];

/** Null when the counters were not computed (Label Studio's create answer has none). */
const counter = z.number().nullable();

export const projectSchema = z.strictObject({
  id: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  label_config: z.string(),
  expert_instruction: z.string().nullable(),
  show_instruction: z.boolean(),
  show_skip_button: z.boolean(),
  enable_empty_annotation: z.boolean(),
  show_annotation_history: z.boolean(),
  organization: z.number(),
  color: z.string(),
  maximum_annotations: z.number(),
  is_published: z.boolean(),
  model_version: z.string().nullable(),
  is_draft: z.boolean(),
  created_by: userSimpleSchema.nullable(),
  created_at: z.string(),
  min_annotations_to_start_training: z.number(),
  start_training_on_annotation_update: z.boolean(),
  show_collab_predictions: z.boolean(),
  num_tasks_with_annotations: counter,
  task_number: counter,
  useful_annotation_number: counter,
  ground_truth_number: counter,
  skipped_annotations_number: counter,
  total_annotations_number: counter,
  total_predictions_number: counter,
  /** Label Studio also knows "Uncertainty sampling", so any text. */
  sampling: z.string(),
  show_ground_truth_first: z.boolean(),
  show_overlap_first: z.boolean(),
  overlap_cohort_percentage: z.number(),
  task_data_login: z.string().nullable(),
  task_data_password: z.string().nullable(),
  control_weights: z.unknown(),
  parsed_label_config: z.record(z.string(), z.unknown()),
  evaluate_predictions_automatically: z.boolean(),
  config_has_control_tags: z.boolean(),
  /** One of SKIP_QUEUE_OPTIONS when written here; a synced project keeps what its server had. */
  skip_queue: z.string(),
  reveal_preannotations_interactively: z.boolean(),
  pinned_at: z.string().nullable(),
  finished_task_number: counter,
  queue_total: z.number(),
  queue_done: z.number(),
  config_suitable_for_bulk_annotation: z.boolean(),
  /** Label Studio's FSM state, off in Community Edition. */
  state: z.null(),
});
export type Project = z.infer<typeof projectSchema>;

/** DRF's PageNumberPagination envelope around a list of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type Page<T> = Omit<z.infer<ReturnType<typeof pageSchema>>, 'results'> & { results: T[] };
