import { sampleTaskAnswerSchema } from '../../../shared/api/predictions';
import type { ApiClient } from './client';

/** Sample task data for a config being edited: `sample_task` is the task's `data` object. */
export async function getSampleTaskData(
  client: ApiClient,
  projectId: number,
  labelConfig: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const answer = await client.post(
    `/api/projects/${projectId}/sample-task/`,
    { label_config: labelConfig },
    { signal, schema: sampleTaskAnswerSchema },
  );
  return answer.sample_task;
}
