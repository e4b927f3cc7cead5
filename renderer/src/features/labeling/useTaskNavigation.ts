import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getNeighbourTaskId, getNextTaskId } from '../../api/labeling';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { useToasts } from '../../components/toastContext';
import { routes } from '../../router';
import {
  arrive,
  back,
  canGoBack,
  canGoForward,
  currentTask,
  EMPTY_TRAIL,
  forward,
  parseTrail,
  serializeTrail,
  trailKey,
} from './streamHistory';
import type { StreamTrail } from './streamHistory';

export type NavigationState =
  | { kind: 'loading' }
  | { kind: 'task'; taskId: number }
  /** The stream has nothing left for me. */
  | { kind: 'done' }
  | { kind: 'error'; message: string };

export interface TaskNavigation {
  state: NavigationState;
  canGoPrevious: boolean;
  canGoNext: boolean;
  goPrevious(): void;
  goNext(): void;
  /** After a submit or skip: the stream moves on; a task opened from the data is read again. */
  afterFinish(): void;
}

/** Where the stream is: its trail, and what it shows (a task of the trail, the end, a failure). */
interface StreamPlace {
  trail: StreamTrail;
  state: NavigationState;
}

/** The place after arriving at `next` (null: the stream has nothing left). */
function arrival(from: StreamTrail, next: number | null): StreamPlace {
  return next === null ? { trail: from, state: { kind: 'done' } } : atTask(arrive(from, next));
}

function atTask(trail: StreamTrail): StreamPlace {
  const id = currentTask(trail);
  return { trail, state: id === null ? { kind: 'loading' } : { kind: 'task', taskId: id } };
}

/** The picked task to show after those of `from`, in the order they were picked in, each once. */
function nextPicked(selectedKey: string, from: StreamTrail): number | null {
  const next = selectedKey
    .split(',')
    .map(Number)
    .find((id) => !from.visited.includes(id));
  return next ?? null;
}

/**
 * Which task the page shows and where "previous" and "next" lead. In the label stream
 * (`taskId` null) they walk the trail of tasks the stream gave (see streamHistory.ts) and the
 * server's `/next` extends it; for a task opened from the data they go by task id, the Data
 * Manager's default order.
 */
export function useTaskNavigation(
  projectId: number,
  routeTaskId: number | null,
  selectedTasks?: readonly number[],
): TaskNavigation {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const stream = routeTaskId === null;
  // A stream over picked tasks keeps its own trail: it starts afresh each time tasks are picked.
  const storageKey = selectedTasks ? `${trailKey(projectId)}.selected` : trailKey(projectId);
  const selectedKey = selectedTasks?.join(',');
  // The whole stream carries on where it was; picked tasks start from the first of them.
  const [startTrail] = useState(() =>
    stream && selectedKey === undefined ? parseTrail(sessionStorage.getItem(storageKey)) : EMPTY_TRAIL,
  );

  // Where the stream starts: the server's next task, asked once per visit (never again by itself).
  const start = useQuery({
    queryKey: queryKeys.labelStreamStart(projectId),
    queryFn: ({ signal }) => getNextTaskId(client, projectId, signal),
    enabled: stream && selectedKey === undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
  const started = useMemo((): StreamPlace => {
    if (selectedKey !== undefined) return arrival(startTrail, nextPicked(selectedKey, startTrail));
    if (start.isError) return { trail: startTrail, state: { kind: 'error', message: errorMessage(start.error) } };
    return start.isSuccess ? arrival(startTrail, start.data) : { trail: startTrail, state: { kind: 'loading' } };
  }, [selectedKey, startTrail, start.isError, start.error, start.isSuccess, start.data]);
  // Once the annotator moves, the place is theirs.
  const [moved, setMoved] = useState<StreamPlace | null>(null);
  const { trail, state: streamState } = moved ?? started;

  // Kept per project for the tab's life, so a reload carries on along the same trail.
  useEffect(() => {
    if (stream && trail.visited.length > 0) sessionStorage.setItem(storageKey, serializeTrail(trail));
  }, [stream, storageKey, trail]);

  const pullNext = useCallback(
    (from: StreamTrail) => {
      if (selectedKey !== undefined) return setMoved(arrival(from, nextPicked(selectedKey, from)));
      getNextTaskId(client, projectId).then(
        (id) => setMoved(arrival(from, id)),
        (error: unknown) => setMoved({ trail: from, state: { kind: 'error', message: errorMessage(error) } }),
      );
    },
    [client, projectId, selectedKey],
  );

  // A task opened from the data: its neighbours by id. Without them the buttons simply stay off.
  const neighbours = useQuery({
    queryKey: queryKeys.taskNeighbours(projectId, routeTaskId ?? 0),
    queryFn: async ({ signal }) => {
      const [previous, next] = await Promise.all([
        getNeighbourTaskId(client, projectId, routeTaskId ?? 0, 'previous', signal),
        getNeighbourTaskId(client, projectId, routeTaskId ?? 0, 'next', signal),
      ]);
      return { previous, next };
    },
    enabled: !stream,
  });
  // Told once per failed load: the effect runs again only for another error.
  useEffect(() => {
    if (neighbours.error) toasts.error(`The neighbouring tasks could not be found: ${errorMessage(neighbours.error)}`);
  }, [neighbours.error, toasts]);

  if (stream) {
    const done = streamState.kind === 'done';
    return {
      state: streamState,
      // From the "all done" screen, previous reopens the last task of the trail.
      canGoPrevious: done ? trail.visited.length > 0 : canGoBack(trail),
      canGoNext: !done && canGoForward(trail),
      goPrevious: () => setMoved(atTask(done ? { ...trail, position: trail.visited.length - 1 } : back(trail))),
      goNext: () => setMoved(atTask(forward(trail))),
      afterFinish: () => pullNext(trail),
    };
  }
  const open = (id: number | null | undefined) => {
    if (id !== null && id !== undefined) window.location.hash = routes.labelTask(projectId, id);
  };
  return {
    state: { kind: 'task', taskId: routeTaskId },
    canGoPrevious: (neighbours.data?.previous ?? null) !== null,
    canGoNext: (neighbours.data?.next ?? null) !== null,
    goPrevious: () => open(neighbours.data?.previous),
    goNext: () => open(neighbours.data?.next),
    // The task stays; what was just saved shows once it is read again.
    afterFinish: () => void queryClient.invalidateQueries({ queryKey: queryKeys.labelingTask(routeTaskId) }),
  };
}
