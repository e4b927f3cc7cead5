import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getLabelingTask, type LabelingProject, type LabelingTask } from '../../api/labeling';
import { deleteAnnotation, sendApiCall } from '../../api/labelingWrites';
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

/** One task in the editor: loading it, saving what the editor reports, drafts as work goes on. */
export function useLabelingSession({ project, user, shortcuts, backends, navigation, onFinished }: SessionInput) {
  const client = useApi();
  const toasts = useToasts();
  const [load, setLoad] = useState<TaskLoad>({ kind: 'loading' });
  const [draftStatus, setDraftStatus] = useState<DraftStatus>({ kind: 'none' });
  const [selectedAnnotationId, setSelectedAnnotationId] = useState<number | null>(null);
  const drafts = useRef<DraftRef[]>([]);
  // Writes go one after another, so a draft is created once and a submit knows its id.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Set once the annotation is sent: late draft saves from that editor are dropped.
  const closed = useRef(false);
  const [reloads, setReloads] = useState(0);
  const loads = useRef(0);
  const taskId = navigation.kind === 'task' ? navigation.taskId : null;

  useEffect(() => {
    if (taskId === null) return;
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    getLabelingTask(client, taskId, controller.signal).then(
      (task) => {
        drafts.current = (task.drafts ?? []).map((draft) => ({ id: draft.id, annotationId: draft.annotation ?? null }));
        closed.current = false;
        setDraftStatus({ kind: 'none' });
        loads.current += 1;
        const setup = labelingSetup({ project, task, user, shortcuts, backends });
        setLoad({ kind: 'ready', task, setup, version: loads.current });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ kind: 'error', message: messageOf(error) });
      },
    );
    return () => controller.abort();
    // `navigation` itself (not only the id) is a dependency: the same task shown again reloads.
  }, [client, taskId, navigation, project, user, shortcuts, backends, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const write = useCallback(
    (message: HostMessage) => {
      if (taskId === null) return;
      const isDraft = message.type === 'draft';
      if (isDraft && closed.current) return;
      if (!isDraft) closed.current = true;
      else setDraftStatus({ kind: 'saving' });
      const run = async () => {
        for (const call of callsFor(taskId, message, drafts.current)) {
          const saved = await sendApiCall<{ id?: number } | null>(client, call);
          if (isDraft && call.method === 'POST' && saved?.id) {
            drafts.current = [...drafts.current, { id: saved.id, annotationId: message.annotationId }];
          }
        }
      };
      queue.current = queue.current.then(run).then(
        () => {
          if (isDraft) return setDraftStatus({ kind: 'saved', at: new Date() });
          toasts.success(FINISHED[message.type] ?? 'Saved.');
          if (message.type === 'update') reload();
          else onFinished();
        },
        (error: unknown) => {
          if (isDraft) setDraftStatus({ kind: 'failed' });
          else closed.current = false;
          toasts.error(isDraft ? `The draft was not saved: ${messageOf(error)}` : messageOf(error));
        },
      );
    },
    [client, taskId, toasts, onFinished, reload],
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

  return { load, draftStatus, selectedAnnotationId, setSelectedAnnotationId, write, removeAnnotation };
}
