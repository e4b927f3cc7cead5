import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getNeighbourTaskId, getNextTaskId, type LabelingTask } from '../../api/labeling';
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
import type { FinishedTask } from './useLabelingSession';
import { useStreamLookahead } from './useStreamLookahead';

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
  /**
   * After a submit or skip is sent: the stream moves on at once to the task it fetched ahead (else
   * once the save is through); a task opened from the data is read again once saved.
   */
  afterFinish(finished: FinishedTask): void;
  /** The task the stream goes to next, already fetched (a cached editor builds it beforehand). */
  aheadTask?: LabelingTask;
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
  view?: number,
  autoAdvance = true,
): TaskNavigation {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const stream = routeTaskId === null;
  // A stream over picked tasks keeps its own trail: it starts afresh each time tasks are picked.
  const storageKey = selectedTasks
    ? `${trailKey(projectId)}.selected`
    : `${trailKey(projectId)}${view === undefined ? '' : `.view${view}`}`;
  const selectedKey = selectedTasks?.join(',');
  // The whole stream carries on where it was; picked tasks start from the first of them.
  const [startTrail] = useState(() =>
    stream && selectedKey === undefined ? parseTrail(sessionStorage.getItem(storageKey)) : EMPTY_TRAIL,
  );

  // Where the stream starts: the server's next task, asked once per visit (never again by itself).
  const start = useQuery({
    queryKey: queryKeys.labelStreamStart(projectId, view),
    queryFn: ({ signal }) => getNextTaskId(client, projectId, { view, signal }),
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

  // Without auto-advance, the task just finished stays until "next", which then goes where the
  // stream would have gone.
  const [finishedHere, setFinishedHere] = useState<number | null>(null);
  // Submits still being saved: the stream passes over them when it looks ahead.
  const saving = useRef(new Set<number>());
  const shownTask = streamState.kind === 'task' ? streamState.taskId : null;
  const ahead = useStreamLookahead({
    projectId,
    taskId: stream ? shownTask : null,
    known: selectedKey === undefined ? undefined : nextPicked(selectedKey, trail),
    view,
    saving,
  });

  const pullNext = useCallback(
    (from: StreamTrail) => {
      if (selectedKey !== undefined) return setMoved(arrival(from, nextPicked(selectedKey, from)));
      getNextTaskId(client, projectId, { view, exclude: [...saving.current] }).then(
        (id) => setMoved(arrival(from, id)),
        (error: unknown) => setMoved({ trail: from, state: { kind: 'error', message: errorMessage(error) } }),
      );
    },
    [client, projectId, selectedKey, view],
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

  /** Leaves the finished task for the one fetched ahead, else for the server's next once it is saved. */
  const moveOn = (taskId: number, saved: Promise<boolean>) => {
    const settled = ahead.settle();
    void settled.then((next) => {
      if (typeof next === 'number') setMoved(arrival(trail, next));
    });
    void Promise.all([saved, settled]).then(([ok, next]) => {
      saving.current.delete(taskId);
      // Nothing fetched ahead (or the end, where a skipped task may come back): asked once saved.
      if (ok && typeof next !== 'number') pullNext(trail);
    });
  };

  if (stream) {
    const done = streamState.kind === 'done';
    return {
      state: streamState,
      // From the "all done" screen, previous reopens the last task of the trail.
      canGoPrevious: done ? trail.visited.length > 0 : canGoBack(trail),
      canGoNext: !done && (canGoForward(trail) || finishedHere === shownTask),
      goPrevious: () => setMoved(atTask(done ? { ...trail, position: trail.visited.length - 1 } : back(trail))),
      goNext: () => {
        if (canGoForward(trail)) setMoved(atTask(forward(trail)));
        else if (shownTask !== null && finishedHere === shownTask) moveOn(shownTask, Promise.resolve(true));
      },
      aheadTask: ahead.task,
      afterFinish: ({ taskId, saved }) => {
        if (taskId !== shownTask) return;
        saving.current.add(taskId);
        if (!autoAdvance) {
          setFinishedHere(taskId);
          // It stays: read again once saved, it opens on what was just submitted.
          void saved.then((ok) => {
            saving.current.delete(taskId);
            if (ok) void queryClient.invalidateQueries({ queryKey: queryKeys.labelingTask(taskId) });
          });
          return;
        }
        moveOn(taskId, saved);
      },
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
    afterFinish: ({ saved }) =>
      void saved.then((ok) => {
        if (ok) void queryClient.invalidateQueries({ queryKey: queryKeys.labelingTask(routeTaskId) });
      }),
  };
}
