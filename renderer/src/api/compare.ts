import { annotationSchema, type Annotation } from '../../../shared/api/annotations';
import type { ApiClient } from './client';
import { getLabelingTask, type LabelingTask } from './labeling';

/*
 * What the compare view reads and writes: the task with all its annotations (the same
 * `GET /api/tasks/{id}/` the labeling page reads) and one annotation's ground-truth mark.
 */

export type CompareTask = LabelingTask;

export function fetchCompareTask(client: ApiClient, taskId: number, signal?: AbortSignal): Promise<CompareTask> {
  return getLabelingTask(client, taskId, signal);
}

/**
 * Marks an annotation as the task's ground truth. The server, like Label Studio, takes the mark
 * off the task's other annotations in the same write, so one request moves it.
 */
export function markGroundTruth(client: ApiClient, annotationId: number): Promise<Annotation> {
  return client.request('PATCH', `/api/annotations/${annotationId}/`, {
    body: { ground_truth: true },
    schema: annotationSchema,
  });
}
