import type { ApiClient } from './client';

/** Sample task data for a config being edited: `sample_task` is the task's `data` object. */
export async function getSampleTaskData(
  client: ApiClient,
  projectId: number,
  labelConfig: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const answer = await client.post<{ sample_task: Record<string, unknown> | null }>(
    `/api/projects/${projectId}/sample-task/`,
    { label_config: labelConfig },
    { signal },
  );
  return answer.sample_task ?? {};
}
