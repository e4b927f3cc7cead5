import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/queryKeys';

/**
 * The project's tasks changed here (a bulk action, retrieved predictions, a storage sync): every
 * task list starts over, and what the tasks bring with them is read again: the columns (new data
 * keys), the authors, the counts on the project cards.
 */
export function useTasksChanged(projectId: number): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    // Reset, not invalidated: rows cached before the change (a deleted task) must not show again.
    void queryClient.resetQueries({ queryKey: queryKeys.dmTasks(projectId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.dmMeta(projectId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.users });
    void queryClient.invalidateQueries({ queryKey: queryKeys.taskCount(projectId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projectLists });
  }, [queryClient, projectId]);
}
