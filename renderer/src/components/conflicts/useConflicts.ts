import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { fetchConflicts, resolveConflict, type Conflict, type Resolution } from '../../api/conflicts';
import { useToasts } from '../toastContext';
import { RESOLUTION_DONE } from './conflictWords';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type ConflictsLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; open: Conflict[]; resolved: Conflict[] };

/**
 * A project's open and resolved conflicts, and the action that answers one. An answer moves the
 * conflict to the resolved list at once, from the server's reply: a task deleted by "keep
 * theirs" takes its conflict row with it, so the reply is the only record left of it.
 */
export function useConflicts(projectId: number) {
  const client = useApi();
  const toasts = useToasts();
  const [load, setLoad] = useState<ConflictsLoad>({ status: 'loading' });
  const [pending, setPending] = useState<Record<number, Resolution>>({});

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      fetchConflicts(client, projectId, false, controller.signal),
      fetchConflicts(client, projectId, true, controller.signal),
    ]).then(
      ([open, resolved]) => setLoad({ status: 'ready', open, resolved }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [client, projectId]);

  const resolve = useCallback(
    async (conflict: Conflict, resolution: Resolution) => {
      setPending((current) => ({ ...current, [conflict.id]: resolution }));
      try {
        const done = await resolveConflict(client, conflict.id, resolution);
        setLoad((current) =>
          current.status === 'ready'
            ? {
                status: 'ready',
                open: current.open.filter((item) => item.id !== done.id),
                resolved: [done, ...current.resolved.filter((item) => item.id !== done.id)],
              }
            : current,
        );
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
    [client, toasts],
  );

  return { load, pending, resolve };
}
