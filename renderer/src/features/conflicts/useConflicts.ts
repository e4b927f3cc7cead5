import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { fetchConflicts, resolveConflict, type Conflict, type Resolution } from '../../api/conflicts';
import { useToasts } from '../../components/toastContext';
import { RESOLUTION_DONE } from './conflictWords';

export type ConflictsLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; open: Conflict[]; resolved: Conflict[] };

type Lists = { open: Conflict[]; resolved: Conflict[] };

/**
 * A project's open and resolved conflicts, and the action that answers one. An answer moves the
 * conflict to the resolved list at once, from the server's reply: a task deleted by "keep
 * theirs" takes its conflict row with it, so the reply is the only record left of it.
 */
export function useConflicts(projectId: number) {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Record<number, Resolution>>({});
  const query = useQuery({
    queryKey: queryKeys.conflicts(projectId),
    queryFn: async ({ signal }): Promise<Lists> => {
      const [open, resolved] = await Promise.all([
        fetchConflicts(client, projectId, false, signal),
        fetchConflicts(client, projectId, true, signal),
      ]);
      return { open, resolved };
    },
  });

  const resolve = useCallback(
    async (conflict: Conflict, resolution: Resolution) => {
      setPending((current) => ({ ...current, [conflict.id]: resolution }));
      try {
        const done = await resolveConflict(client, conflict.id, resolution);
        queryClient.setQueryData<Lists>(queryKeys.conflicts(projectId), (current) =>
          current
            ? {
                open: current.open.filter((item) => item.id !== done.id),
                resolved: [done, ...current.resolved.filter((item) => item.id !== done.id)],
              }
            : current,
        );
        // The project's badges and its pages' "N conflicts" link count open conflicts.
        void queryClient.invalidateQueries({ queryKey: queryKeys.mirrors });
        void queryClient.invalidateQueries({ queryKey: queryKeys.conflictCounts });
        toasts.success(`${RESOLUTION_DONE[resolution]} for task ${conflict.task}.`);
      } catch (error) {
        toasts.error(`The conflict on task ${conflict.task} was not resolved: ${errorMessage(error)}`);
      } finally {
        setPending((current) => {
          const next = { ...current };
          delete next[conflict.id];
          return next;
        });
      }
    },
    [client, toasts, queryClient, projectId],
  );

  const load: ConflictsLoad = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', message: errorMessage(query.error) }
      : { status: 'ready', ...query.data };
  return { load, pending, resolve };
}
