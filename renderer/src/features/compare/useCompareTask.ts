import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { fetchCompareTask, markGroundTruth, type CompareTask } from '../../api/compare';
import { getLabelingProject, type LabelingProject } from '../../api/labeling';
import { queryKeys } from '../../api/queryKeys';
import { listUsers } from '../../api/users';
import type { User } from '../../../../shared/api/users';

export interface CompareData {
  task: CompareTask;
  project: LabelingProject;
  /** Who the annotations name; empty when the list could not be read (names fall back to the annotation's). */
  users: User[];
}

/** The task, its project's config and the people who annotated it: one load for the compare page. */
export function useCompareTask(projectId: number, taskId: number) {
  const client = useApi();
  return useQuery({
    queryKey: queryKeys.compareTask(projectId, taskId),
    queryFn: async ({ signal }): Promise<CompareData> => {
      const [task, project, users] = await Promise.all([
        fetchCompareTask(client, taskId, signal),
        getLabelingProject(client, projectId, signal),
        listUsers(client, signal).catch((): User[] => []),
      ]);
      return { task, project, users };
    },
  });
}

/**
 * "Use as ground truth": the mark moves on screen as soon as the server answers (the server takes
 * it off the task's other annotations), then everything of the project is read again, so the
 * dashboard's accuracy and the Data Manager show the new ground truth.
 */
export function useMarkGroundTruth(projectId: number, taskId: number) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (annotationId: number) => markGroundTruth(client, annotationId),
    onSuccess: (saved) => {
      queryClient.setQueryData<CompareData>(queryKeys.compareTask(projectId, taskId), (data) =>
        data
          ? {
              ...data,
              task: {
                ...data.task,
                annotations: data.task.annotations.map((a) => ({ ...a, ground_truth: a.id === saved.id })),
              },
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
    },
  });
}
