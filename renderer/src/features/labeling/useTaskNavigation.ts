import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getNeighbourTaskId, getNextTaskId } from '../../api/labeling';
import { useToasts } from '../../components/toastContext';
import { routes } from '../../router';
import {
  arrive,
  back,
  canGoBack,
  canGoForward,
  currentTask,
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
  /** After a submit or skip: the stream moves on; a task opened from the data stays put. */
  afterFinish(): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
  const stream = routeTaskId === null;
  // A stream over picked tasks keeps its own trail: it starts afresh each time tasks are picked.
  const storageKey = selectedTasks ? `${trailKey(projectId)}.selected` : trailKey(projectId);
  const selectedKey = selectedTasks?.join(',');
  const [trail, setTrailState] = useState<StreamTrail>(() =>
    stream && !selectedTasks ? parseTrail(sessionStorage.getItem(storageKey)) : { visited: [], position: -1 },
  );
  const [state, setState] = useState<NavigationState>(
    stream ? { kind: 'loading' } : { kind: 'task', taskId: routeTaskId },
  );
  const [neighbours, setNeighbours] = useState<{ previous: number | null; next: number | null }>({
    previous: null,
    next: null,
  });

  const setTrail = useCallback(
    (next: StreamTrail) => {
      sessionStorage.setItem(storageKey, serializeTrail(next));
      setTrailState(next);
      const id = currentTask(next);
      if (id !== null) setState({ kind: 'task', taskId: id });
    },
    [storageKey],
  );

  const pullNext = useCallback(
    (from: StreamTrail) => {
      if (selectedKey !== undefined) {
        // The picked tasks in the order they were picked in, each once.
        const next = selectedKey
          .split(',')
          .map(Number)
          .find((id) => !from.visited.includes(id));
        return next === undefined ? setState({ kind: 'done' }) : setTrail(arrive(from, next));
      }
      getNextTaskId(client, projectId).then(
        (id) => (id === null ? setState({ kind: 'done' }) : setTrail(arrive(from, id))),
        (error: unknown) => setState({ kind: 'error', message: messageOf(error) }),
      );
    },
    [client, projectId, setTrail, selectedKey],
  );

  useEffect(() => {
    if (!stream) return;
    // Picked tasks start from the first of them; the whole stream carries on where it was.
    pullNext(
      selectedKey !== undefined ? { visited: [], position: -1 } : parseTrail(sessionStorage.getItem(storageKey)),
    );
  }, [stream, pullNext, storageKey, selectedKey]);

  useEffect(() => {
    if (stream || routeTaskId === null) return;
    let live = true;
    Promise.all([
      getNeighbourTaskId(client, projectId, routeTaskId, 'previous'),
      getNeighbourTaskId(client, projectId, routeTaskId, 'next'),
    ]).then(
      ([previous, next]) => live && setNeighbours({ previous, next }),
      (error: unknown) => live && toasts.error(`The neighbouring tasks could not be found: ${messageOf(error)}`),
    );
    return () => {
      live = false;
    };
  }, [client, projectId, routeTaskId, stream, toasts]);

  const done = state.kind === 'done';
  if (stream) {
    return {
      state,
      // From the "all done" screen, previous reopens the last task of the trail.
      canGoPrevious: done ? trail.visited.length > 0 : canGoBack(trail),
      canGoNext: !done && canGoForward(trail),
      goPrevious: () => (done ? setTrail({ ...trail, position: trail.visited.length - 1 }) : setTrail(back(trail))),
      goNext: () => setTrail(forward(trail)),
      afterFinish: () => pullNext(trail),
    };
  }
  const open = (id: number | null) => {
    if (id !== null) window.location.hash = routes.labelTask(projectId, id);
  };
  return {
    state,
    canGoPrevious: neighbours.previous !== null,
    canGoNext: neighbours.next !== null,
    goPrevious: () => open(neighbours.previous),
    goNext: () => open(neighbours.next),
    afterFinish: () => setState({ kind: 'task', taskId: routeTaskId ?? 0 }),
  };
}
