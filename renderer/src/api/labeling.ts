import { z } from 'zod';
import { annotationSchema, draftSchema } from '../../../shared/api/annotations';
import { dmTaskPageSchema, taskModelFieldsSchema } from '../../../shared/api/dataManager';
import { predictionSchema } from '../../../shared/api/predictions';
import { projectSchema } from '../../../shared/api/projects';
import { whoAmISchema, type WhoAmI } from '../../../shared/api/users';
import type { ApiClient } from './client';

/** The project settings the labeling page reads, as a sparse fieldset of the project. */
const labelingProjectSchema = projectSchema.pick({
  id: true,
  title: true,
  label_config: true,
  expert_instruction: true,
  show_instruction: true,
  show_skip_button: true,
  show_annotation_history: true,
  enable_empty_annotation: true,
  /** Which predictions pre-label: a connected model's title or a stored model version; empty for all. */
  model_version: true,
  show_collab_predictions: true,
});
export type LabelingProject = z.infer<typeof labelingProjectSchema>;

export type { Annotation as AnnotationWire, Draft as DraftWire } from '../../../shared/api/annotations';

/**
 * The parts of `GET /api/tasks/{id}/` the labeling page reads; the rest of the Data Manager's task
 * fields pass unchecked, the annotations and drafts are checked strictly.
 */
const labelingTaskSchema = z.looseObject({
  id: z.number(),
  data: z.record(z.string(), z.unknown()),
  annotations: z.array(annotationSchema),
  predictions: z.array(predictionSchema),
  drafts: z.array(draftSchema),
  allow_skip: z.boolean().nullable().optional(),
});
export type LabelingTask = z.infer<typeof labelingTaskSchema>;

/** The next task of the stream: the labeling page opens it by id and reads the rest there. */
const nextTaskSchema = z.looseObject(taskModelFieldsSchema.pick({ id: true }).shape);

export type { WhoAmI } from '../../../shared/api/users';

export function getLabelingProject(client: ApiClient, projectId: number, signal?: AbortSignal) {
  // `include` is Label Studio's sparse-fieldset parameter; `fields` would be ignored.
  const include = Object.keys(labelingProjectSchema.shape).join(',');
  return client.get(`/api/projects/${projectId}/`, { query: { include }, signal, schema: labelingProjectSchema });
}

export function getLabelingTask(client: ApiClient, taskId: number, signal?: AbortSignal) {
  return client.get(`/api/tasks/${taskId}/`, { signal, schema: labelingTaskSchema });
}

export function whoAmI(client: ApiClient, signal?: AbortSignal): Promise<WhoAmI> {
  return client.get('/api/current-user/whoami', { signal, schema: whoAmISchema });
}

/** Which part of the label stream to ask for. */
export interface StreamQuery {
  /** A Data Manager tab: the stream walks its filters and order, as Label Studio's does. */
  view?: number;
  /** Tasks to pass over (this server's own extension): the one on screen, those still being saved. */
  exclude?: readonly number[];
  signal?: AbortSignal;
}

/** The next task of my label stream, or null when none is left (the server answers 404). */
export async function getNextTaskId(
  client: ApiClient,
  projectId: number,
  { view, exclude = [], signal }: StreamQuery = {},
): Promise<number | null> {
  const query: Record<string, string> = {};
  if (view !== undefined) query.view = String(view);
  if (exclude.length > 0) query.exclude = exclude.join(',');
  try {
    return (await client.get(`/api/projects/${projectId}/next/`, { query, signal, schema: nextTaskSchema })).id;
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) return null;
    throw error;
  }
}

/**
 * The task beside `taskId` in task-id order (the Data Manager's default order), or null at
 * either end: one Data Manager page of one task, filtered by id.
 */
export async function getNeighbourTaskId(
  client: ApiClient,
  projectId: number,
  taskId: number,
  direction: 'next' | 'previous',
  signal?: AbortSignal,
): Promise<number | null> {
  const query = {
    filters: {
      conjunction: 'and',
      items: [
        {
          filter: 'filter:tasks:id',
          operator: direction === 'next' ? 'greater' : 'less',
          type: 'Number',
          value: taskId,
        },
      ],
    },
    ordering: [direction === 'next' ? 'tasks:id' : '-tasks:id'],
  };
  const page = await client.get('/api/tasks/', {
    query: { project: projectId, page: 1, page_size: 1, fields: 'task_only', query: JSON.stringify(query) },
    signal,
    schema: dmTaskPageSchema,
  });
  return page.tasks[0]?.id ?? null;
}
