import { ApiError, type ApiClient } from './client';
import { deleteProject, duplicateProject, type ProjectDetail } from './projects';

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

/**
 * Duplicates a project with its task data, all or nothing: when a page of tasks cannot be copied,
 * the copy is deleted again, since a copy holding some of the tasks would pass for a whole one.
 */
export async function duplicateProjectWithTasks(
  client: ApiClient,
  id: number,
): Promise<{ copy: ProjectDetail; tasks: number }> {
  const copy = await duplicateProject(client, id);
  try {
    return { copy, tasks: await copyTaskData(client, id, copy.id) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    try {
      await deleteProject(client, copy.id);
    } catch {
      throw new Error(`${reason} The incomplete copy (project ${copy.id}) could not be removed: delete it.`);
    }
    throw error;
  }
}
