import type { z } from 'zod';
import { pageSchema, projectSchema, type Page, type Project } from '../../../shared/api/projects';
import type { ApiClient } from './client';

export type { Page } from '../../../shared/api/projects';

/** The fields the projects page shows, fetched as a sparse fieldset with the counters it needs. */
const projectSummarySchema = projectSchema.pick({
  id: true,
  title: true,
  description: true,
  color: true,
  created_at: true,
  task_number: true,
  finished_task_number: true,
  total_annotations_number: true,
  skipped_annotations_number: true,
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;
const SUMMARY_FIELDS = Object.keys(projectSummarySchema.shape);
const projectSummaryPageSchema = pageSchema(projectSummarySchema);

/** The settings a copy of a project carries over (everything a user chose, nothing computed). */
const COPIED_SETTINGS = [
  'description',
  'color',
  'label_config',
  'expert_instruction',
  'show_instruction',
  'show_skip_button',
  'enable_empty_annotation',
  'show_annotation_history',
  'maximum_annotations',
  'sampling',
  'skip_queue',
  'show_ground_truth_first',
  'show_overlap_first',
  'overlap_cohort_percentage',
  'show_collab_predictions',
  'reveal_preannotations_interactively',
  'min_annotations_to_start_training',
  'evaluate_predictions_automatically',
  'control_weights',
] as const;

export type ProjectDetail = Project;

/** Orderings the page offers, as DRF `ordering=` values the server applies before paginating. */
export const PROJECT_ORDERINGS = {
  newest: '-created_at',
  title: 'title',
  most_tasks: '-task_number',
} as const;

export type ProjectOrdering = keyof typeof PROJECT_ORDERINGS;

/** Label Studio caps project pages at 100. */
export const PROJECT_PAGE_SIZE = 100;

export interface ListProjectsParams {
  page: number;
  title?: string;
  ordering: ProjectOrdering;
  signal?: AbortSignal;
}

export function listProjects(client: ApiClient, params: ListProjectsParams): Promise<Page<ProjectSummary>> {
  return client.get('/api/projects/', {
    signal: params.signal,
    schema: projectSummaryPageSchema,
    query: {
      page: params.page,
      page_size: PROJECT_PAGE_SIZE,
      title: params.title?.trim(),
      ordering: PROJECT_ORDERINGS[params.ordering],
      include: SUMMARY_FIELDS.join(','),
    },
  });
}

export interface NewProject {
  title: string;
  description: string;
  color: string;
  /** A template's config; left out, the server gives its empty default. */
  label_config?: string;
}

export function createProject(client: ApiClient, project: NewProject | Record<string, unknown>) {
  return client.post('/api/projects/', project, { schema: projectSchema });
}

export function deleteProject(client: ApiClient, id: number): Promise<void> {
  return client.delete(`/api/projects/${id}/`);
}

/** Label Studio titles are at most 50 characters: shorten the original so " (copy)" still fits. */
export function copyTitle(title: string | null): string {
  const suffix = ' (copy)';
  const base = (title ?? '').trim() || 'Untitled';
  return `${base.slice(0, 50 - suffix.length).trimEnd()}${suffix}`;
}

/** A new project with the original's settings (not its tasks): reads it whole, posts a copy. */
export async function duplicateProject(client: ApiClient, id: number): Promise<ProjectDetail> {
  const original = await client.get(`/api/projects/${id}/`, { schema: projectSchema });
  const copy: Record<string, unknown> = { title: copyTitle(original.title) };
  for (const key of COPIED_SETTINGS) {
    if (original[key] !== undefined) copy[key] = original[key];
  }
  return createProject(client, copy);
}

/** How many tasks a project has (Label Studio's `task_number` counter), by a one-field read. */
export async function getTaskCount(client: ApiClient, id: number, signal?: AbortSignal): Promise<number> {
  const project = await client.get(`/api/projects/${id}/`, {
    // `include` is Label Studio's sparse-fieldset parameter; `fields` would be ignored.
    query: { include: 'task_number' },
    schema: projectSchema.pick({ task_number: true }),
    signal,
  });
  return project.task_number ?? 0;
}
