import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/apiContext';
import { getLabelingTask, getNextTaskId, type LabelingTask } from '../../api/labeling';
import { taskMediaOnce } from './mediaPrefetch';

/** What the look ahead found: the next task, and its data (its media go to the media cache). */
interface Ahead {
  next: number | null | undefined;
  task?: LabelingTask;
}

const aheadKey = (projectId: number) => ['labeling', 'ahead', projectId] as const;

/**
 * The data of `taskId` if the stream just fetched it ahead. Kept only while the look ahead that
 * found it is in use (its query goes as soon as the stream moves), so never older than the task
 * before it: what was fetched ahead and then passed by is read afresh.
 */
export function taskFetchedAhead(queryClient: QueryClient, projectId: number, taskId: number | null) {
  if (taskId === null) return undefined;
  const found = queryClient
    .getQueriesData<Ahead>({ queryKey: aheadKey(projectId) })
    .find(([, ahead]) => ahead?.next === taskId);
  return found?.[1]?.task;
}

interface LookaheadInput {
  projectId: number;
  /** The task on screen; null: nothing to look past. */
  taskId: number | null;
  /** Where the stream goes after it when the page knows already (picked tasks); undefined: ask the server. */
  known?: number | null;
  /** The Data Manager tab the stream walks. */
  view?: number;
  /** Tasks whose submit is still being saved (the server would offer them again), read when asking. */
  saving: { readonly current: ReadonlySet<number> };
}

export interface StreamLookahead {
  /** The task after the one on screen, once it is fetched ahead. */
  task: LabelingTask | undefined;
  /**
   * The task after the one on screen once it is fetched ahead (waiting for the look ahead if it is
   * still on its way); null when the stream has nothing after it, undefined when that is not known.
   */
  settle(): Promise<number | null | undefined>;
}

/**
 * The task the label stream shows after the one on screen, asked for while the annotator works on
 * it (the server passes over the tasks named in `exclude`), and fetched ahead with its media: a
 * submit then shows the next task at once. When the stream has nothing after this task, the page
 * asks again once the task is saved (a skipped task may still come back).
 */
export function useStreamLookahead({ projectId, taskId, known, view, saving }: LookaheadInput): StreamLookahead {
  const client = useApi();
  const queryClient = useQueryClient();
  const options = queryOptions({
    queryKey: [...aheadKey(projectId), taskId ?? 0, known ?? 'server', view ?? 'project'],
    queryFn: async ({ signal }): Promise<Ahead> => {
      // Not part of the key: a save ending must not ask again.
      const exclude = [taskId ?? 0, ...saving.current];
      const next = known !== undefined ? known : await getNextTaskId(client, projectId, { view, exclude, signal });
      // A server that does not know `exclude` offers the task on screen again: nothing learned.
      if (next === null || exclude.includes(next)) return { next: next === null ? null : undefined };
      const task = await getLabelingTask(client, next, signal);
      await taskMediaOnce(task.data, location.origin);
      return { next, task };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const { data } = useQuery({ ...options, enabled: taskId !== null });
  return {
    task: data?.task,
    // Still on its way when the annotator is done: worth waiting for, it is the faster path.
    settle: () =>
      taskId === null
        ? Promise.resolve(undefined)
        : queryClient.ensureQueryData(options).then(
            (ahead) => ahead.next,
            () => undefined,
          ),
  };
}
