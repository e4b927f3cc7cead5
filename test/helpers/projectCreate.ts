import { expect } from 'vitest';
import type { TestApp } from './testApp.js';

/* A project made through POST /api/projects/ with every writable field, for the project contract tests. */

export const json = { 'Content-Type': 'application/json' };
const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

/** A create with every writable field set, request and (complete) response, as Label Studio answers it. */
export const CREATE_REQUEST = {
  title: 'Sentiment',
  description: 'demo',
  label_config: CONFIG,
  expert_instruction: '<b>Be careful</b>',
  show_instruction: true,
  color: '#FF0000',
  maximum_annotations: 1,
  sampling: 'Sequential sampling',
};

export function expectedCreated(t: TestApp, id: number) {
  return {
    id,
    title: 'Sentiment',
    description: 'demo',
    label_config: CONFIG,
    expert_instruction: '<b>Be careful</b>',
    show_instruction: true,
    show_skip_button: true,
    enable_empty_annotation: true,
    show_annotation_history: false,
    organization: 1,
    color: '#FF0000',
    maximum_annotations: 1,
    is_published: false,
    model_version: '',
    is_draft: false,
    created_by: {
      id: t.userId,
      first_name: '',
      last_name: '',
      email: 'annotator@outpost.local',
      avatar: null,
    },
    created_at: '2026-01-15T10:00:00.000000Z',
    min_annotations_to_start_training: 0,
    start_training_on_annotation_update: false,
    show_collab_predictions: true,
    num_tasks_with_annotations: null,
    task_number: null,
    useful_annotation_number: null,
    ground_truth_number: null,
    skipped_annotations_number: null,
    total_annotations_number: null,
    total_predictions_number: null,
    sampling: 'Sequential sampling',
    show_ground_truth_first: false,
    show_overlap_first: false,
    overlap_cohort_percentage: 100,
    task_data_login: null,
    task_data_password: null,
    control_weights: { label: { overall: 1.0, type: 'Choices', labels: { pos: 1.0, neg: 1.0 } } },
    parsed_label_config: {
      label: {
        type: 'Choices',
        to_name: ['text'],
        inputs: [{ type: 'Text', valueType: null, value: 'text' }],
        labels: ['pos', 'neg'],
        labels_attrs: { pos: { value: 'pos' }, neg: { value: 'neg' } },
      },
    },
    evaluate_predictions_automatically: false,
    config_has_control_tags: true,
    skip_queue: 'REQUEUE_FOR_OTHERS',
    reveal_preannotations_interactively: false,
    pinned_at: null,
    finished_task_number: null,
    queue_total: 0,
    queue_done: 0,
    config_suitable_for_bulk_annotation: true,
    state: null,
  };
}

export async function createProjectFromSpec(t: TestApp, body: unknown = CREATE_REQUEST) {
  const response = await t.withToken('/api/projects/', { method: 'POST', body: JSON.stringify(body), headers: json });
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: number };
}
