import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getLabelingTask, type LabelingProject, type LabelingTask } from '../../api/labeling';
import { deleteAnnotation, sendApiCall } from '../../api/labelingWrites';
import { queryKeys } from '../../api/queryKeys';
import { useToasts } from '../../components/toastContext';
import { callsFor, type DraftRef } from './editorActions';
import { labelingSetup } from './editorSetup';
import type { LabelingBackend } from './preAnnotation';
import type { EditorSetup, EditorUser, HostMessage } from './protocol';
import type { ShortcutAction } from './shortcuts';
import type { NavigationState } from './useTaskNavigation';
import { taskFetchedAhead } from './useStreamLookahead';

export type DraftStatus = { kind: 'none' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed' };

export interface ReadyLoad {
  kind: 'ready';
  task: LabelingTask;
  setup: EditorSetup;
  version: number;
}

export type TaskLoad = { kind: 'loading' } | ReadyLoad | { kind: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const NO_DRAFT: DraftStatus = { kind: 'none' };

const FINISHED = {
  submit: 'Annotation submitted.',
  update: 'Annotation updated.',
  skip: 'Task skipped.',
} as const;

/** A submit or skip the annotator is done with: the page moves on while it saves. */
export interface FinishedTask {
  taskId: number;
  /** Whether it was saved; a failed one stays in `unsaved` until a retry saves it. */
  saved: Promise<boolean>;
}

/** A submit or skip whose save failed: kept, shown, and sent again on request. */
export interface UnsavedWork {
  key: number;
  taskId: number;
  kind: 'submit' | 'skip';
  error: string;
  retry(): void;
}

interface SessionInput {
  project: LabelingProject;
  user: EditorUser;
  shortcuts: Record<ShortcutAction, string>;
  backends: readonly LabelingBackend[];
  navigation: NavigationState;
  /** The task the stream goes to next, fetched ahead: its setup is made beforehand too. */
  aheadTask?: LabelingTask;
  /** Whether the tasks come from the label stream rather than one opened by itself. */
  inStream: boolean;
  /** Called as soon as a submit or skip is sent, not once it is saved: the next task need not wait. */
  onFinished: (finished: FinishedTask) => void;
}

/** What one load of the task started with: its drafts, and whether its annotation was sent. */
interface LoadedSession {
  version: number;
  drafts: DraftRef[];
  /** Set once the annotation is sent: late draft saves from that editor are dropped. */
  closed: boolean;
}

/**
 * One task in the editor: loading it, saving what the editor reports, drafts as work goes on.
 * The task is read when shown and again after a write here (its query is invalidated), never by
 * itself: each read starts the editor afresh.
 */
export function useLabelingSession(input: SessionInput) {
  const { project, user, shortcuts, backends, navigation, aheadTask, inStream, onFinished } = input;
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const taskId = navigation.kind === 'task' ? navigation.taskId : null;
  const query = useQuery({
    queryKey: queryKeys.labelingTask(taskId ?? 0),
    queryFn: ({ signal }) => getLabelingTask(client, taskId ?? 0, signal),
    enabled: taskId !== null,
    // Fetched just before by the stream's look ahead, else read when shown; again only when this
    // page says so: each read starts the editor afresh.
    initialData: () => taskFetchedAhead(queryClient, project.id, taskId),
    staleTime: Infinity,
    // Another task shown: this one is read afresh if it comes back.
    gcTime: 0,
  });
  const task = query.data;
  const version = query.dataUpdatedAt;
  const setup = useMemo(
    () => task && labelingSetup({ project, task, user, shortcuts, backends, inStream }),
    [task, project, user, shortcuts, backends, inStream],
  );
  const nextSetup = useMemo(
    () => aheadTask && labelingSetup({ project, task: aheadTask, user, shortcuts, backends, inStream }),
    [aheadTask, project, user, shortcuts, backends, inStream],
  );
  // While the task is read again the editor goes, so the next one starts from a fresh frame.
  const load: TaskLoad = query.isError
    ? { kind: 'error', message: messageOf(query.error) }
    : task && setup && !query.isFetching
      ? { kind: 'ready', task, setup, version }
      : { kind: 'loading' };

  const [draft, setDraft] = useState<{ version: number; status: DraftStatus }>({ version, status: NO_DRAFT });
  const [selectedAnnotationId, setSelectedAnnotationId] = useState<number | null>(null);
  const loaded = useRef<LoadedSession>({ version: -1, drafts: [], closed: false });
  // Writes go one after another, so a draft is created once and a submit knows its id.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [unsaved, setUnsaved] = useState<UnsavedWork[]>([]);
  const unsavedKey = useRef(0);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.labelingTask(taskId ?? 0) }),
    [queryClient, taskId],
  );

  const write = useCallback(
    (message: HostMessage) => {
      if (taskId === null || !task) return;
      // The first write of a load starts from the drafts it came with.
      if (loaded.current.version !== version) {
        const drafts = (task.drafts ?? []).map((item) => ({ id: item.id, annotationId: item.annotation ?? null }));
        loaded.current = { version, drafts, closed: false };
      }
      const session = loaded.current;
      const isDraft = message.type === 'draft';
      // A ground-truth mark is not the end of the annotator's work on the task: drafts go on.
      const isMark = message.type === 'groundTruth';
      if (isDraft && session.closed) return;
      const showDraft = (status: DraftStatus) => setDraft({ version, status });
      if (!isDraft && !isMark) session.closed = true;
      else showDraft({ kind: 'saving' });
      const run = async () => {
        for (const call of callsFor(taskId, message, session.drafts)) {
          const saved = await sendApiCall<{ id?: number } | null>(client, call);
          if (isDraft && call.method === 'POST' && saved?.id) {
            session.drafts = [...session.drafts, { id: saved.id, annotationId: message.annotationId }];
          }
        }
      };
      if (isMark) {
        queue.current = queue.current
          .then(run)
          .catch((error: unknown) => toasts.error(`The ground truth mark was not saved: ${messageOf(error)}`));
        return;
      }
      if (isDraft || message.type === 'update') {
        queue.current = queue.current.then(run).then(
          () => {
            if (isDraft) return showDraft({ kind: 'saved', at: new Date() });
            toasts.success(FINISHED.update);
            reload();
          },
          (error: unknown) => {
            if (isDraft) showDraft({ kind: 'failed' });
            else session.closed = false;
            toasts.error(isDraft ? `The draft was not saved: ${messageOf(error)}` : messageOf(error));
          },
        );
        return;
      }
      if (message.type !== 'submit' && message.type !== 'skip') return;
      const kind = message.type;
      const key = ++unsavedKey.current;
      // Sent again from the editor: this work replaces what failed before.
      setUnsaved((list) => list.filter((item) => item.taskId !== taskId));
      const forget = () => setUnsaved((list) => list.filter((item) => item.key !== key));
      // The same calls until they go through: the work is the annotator's, whatever the server said.
      const attempt = (): Promise<boolean> => {
        const saved = queue.current.then(run).then(
          () => {
            forget();
            toasts.success(FINISHED[kind]);
            return true;
          },
          (error: unknown) => {
            const item: UnsavedWork = { key, taskId, kind, error: messageOf(error), retry: () => void attempt() };
            setUnsaved((list) => [...list.filter((other) => other.key !== key), item]);
            // Still on screen (the page had nowhere to go yet): the editor can send it again.
            session.closed = false;
            toasts.error(`Task ${taskId} was not saved: ${messageOf(error)}`);
            return false;
          },
        );
        queue.current = saved;
        return saved;
      };
      onFinished({ taskId, saved: attempt() });
    },
    [client, taskId, task, version, toasts, onFinished, reload],
  );

  const removeAnnotation = useCallback(
    async (annotationId: number) => {
      try {
        await deleteAnnotation(client, annotationId);
        toasts.success('Annotation deleted.');
        reload();
      } catch (error) {
        toasts.error(`The annotation was not deleted: ${messageOf(error)}`);
      }
    },
    [client, toasts, reload],
  );

  // A draft's status is about the load it was saved from.
  const draftStatus = draft.version === version ? draft.status : NO_DRAFT;
  return {
    load,
    nextSetup,
    draftStatus,
    selectedAnnotationId,
    setSelectedAnnotationId,
    write,
    removeAnnotation,
    unsaved,
  };
}
