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

export type DraftStatus = { kind: 'none' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed' };

export type TaskLoad =
  | { kind: 'loading' }
  | { kind: 'ready'; task: LabelingTask; setup: EditorSetup; version: number }
  | { kind: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const NO_DRAFT: DraftStatus = { kind: 'none' };

const FINISHED: Partial<Record<HostMessage['type'], string>> = {
  submit: 'Annotation submitted.',
  update: 'Annotation updated.',
  skip: 'Task skipped.',
};

interface SessionInput {
  project: LabelingProject;
  user: EditorUser;
  shortcuts: Record<ShortcutAction, string>;
  backends: readonly LabelingBackend[];
  navigation: NavigationState;
  /** Called after a submit or skip was saved. */
  onFinished: () => void;
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
export function useLabelingSession({ project, user, shortcuts, backends, navigation, onFinished }: SessionInput) {
  const client = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const taskId = navigation.kind === 'task' ? navigation.taskId : null;
  const query = useQuery({
    queryKey: queryKeys.labelingTask(taskId ?? 0),
    queryFn: ({ signal }) => getLabelingTask(client, taskId ?? 0, signal),
    enabled: taskId !== null,
    staleTime: Infinity,
    // Another task shown: this one is read afresh if it comes back.
    gcTime: 0,
  });
  const task = query.data;
  const version = query.dataUpdatedAt;
  const setup = useMemo(
    () => task && labelingSetup({ project, task, user, shortcuts, backends }),
    [task, project, user, shortcuts, backends],
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
      if (isDraft && session.closed) return;
      const showDraft = (status: DraftStatus) => setDraft({ version, status });
      if (!isDraft) session.closed = true;
      else showDraft({ kind: 'saving' });
      const run = async () => {
        for (const call of callsFor(taskId, message, session.drafts)) {
          const saved = await sendApiCall<{ id?: number } | null>(client, call);
          if (isDraft && call.method === 'POST' && saved?.id) {
            session.drafts = [...session.drafts, { id: saved.id, annotationId: message.annotationId }];
          }
        }
      };
      queue.current = queue.current.then(run).then(
        () => {
          if (isDraft) return showDraft({ kind: 'saved', at: new Date() });
          toasts.success(FINISHED[message.type] ?? 'Saved.');
          if (message.type === 'update') reload();
          else onFinished();
        },
        (error: unknown) => {
          if (isDraft) showDraft({ kind: 'failed' });
          else session.closed = false;
          toasts.error(isDraft ? `The draft was not saved: ${messageOf(error)}` : messageOf(error));
        },
      );
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
  return { load, draftStatus, selectedAnnotationId, setSelectedAnnotationId, write, removeAnnotation };
}
