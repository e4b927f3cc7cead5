import { ApiError, type ApiClient } from './client';

/** Tasks read and imported per round: one Data Manager page each way. */
const PAGE_SIZE = 500;

interface TaskPage {
  tasks: { data: unknown }[];
}

/**
 * Copies a project's task data (not its annotations, predictions or drafts) into another project,
 * a page of tasks at a time through the ordinary task list and import. Answers how many were copied.
 */
export async function copyTaskData(client: ApiClient, fromProjectId: number, toProjectId: number): Promise<number> {
  let copied = 0;
  for (let page = 1; ; page += 1) {
    let answer: TaskPage;
    try {
      answer = await client.get<TaskPage>('/api/tasks/', {
        query: { project: fromProjectId, page, page_size: PAGE_SIZE, fields: 'task_only' },
      });
    } catch (error) {
      // Past the last page the task list answers 404, as Label Studio's does.
      if (error instanceof ApiError && error.status === 404) return copied;
      throw error;
    }
    if (answer.tasks.length === 0) return copied;
    await client.post(
      `/api/projects/${toProjectId}/import`,
      answer.tasks.map((task) => ({ data: task.data })),
    );
    copied += answer.tasks.length;
    if (answer.tasks.length < PAGE_SIZE) return copied;
  }
}
