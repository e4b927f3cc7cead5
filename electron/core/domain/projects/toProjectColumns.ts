import type { ProjectColumns } from '../../db/repos/projectsRepo.js';
import type { ProjectInput } from './projectFields.js';

const BOOLEAN_FIELDS = [
  'show_instruction',
  'show_skip_button',
  'enable_empty_annotation',
  'show_annotation_history',
  'is_published',
  'is_draft',
  'show_collab_predictions',
  'show_ground_truth_first',
  'show_overlap_first',
  'evaluate_predictions_automatically',
  'reveal_preannotations_interactively',
] as const;

const PLAIN_FIELDS = [
  'title',
  'description',
  'expert_instruction',
  'color',
  'maximum_annotations',
  'model_version',
  'min_annotations_to_start_training',
  'sampling',
  'overlap_cohort_percentage',
  'task_data_login',
  'task_data_password',
  'skip_queue',
  'pinned_at',
] as const;

/**
 * The columns a validated write sets directly. label_config and control_weights go through
 * deriveConfigColumns; organization and created_by are never taken from a request.
 */
export function toProjectColumns(input: ProjectInput): Partial<ProjectColumns> {
  const columns: Record<string, unknown> = {};
  for (const field of PLAIN_FIELDS) if (input[field] !== undefined) columns[field] = input[field];
  for (const field of BOOLEAN_FIELDS) if (input[field] !== undefined) columns[field] = input[field] ? 1 : 0;
  // Label Studio applies this after the fields, so it wins over min_annotations_to_start_training.
  if (input.start_training_on_annotation_update !== undefined) {
    columns.min_annotations_to_start_training = input.start_training_on_annotation_update;
  }
  return columns as Partial<ProjectColumns>;
}
