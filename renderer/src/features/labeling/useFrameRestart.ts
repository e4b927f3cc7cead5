import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { queryKeys } from '../../api/queryKeys';
import type { EditorSetup, HostMessage } from './protocol';

/**
 * Notices an editor frame that started over by itself and brings the annotator's saved work back.
 *
 * A frame says `ready` once per start. A second `ready` from the same frame (the same `frameKey`)
 * means it restarted on its own: it crashed, or something inside it reloaded it. The frame keeps
 * nothing across that (its origin is opaque: no storage), and the page answers its `ready` with
 * the setup the task was opened with, whose draft is the one saved before that opening, not the
 * work saved since. So the task is read again from the server: the labeling page then starts a
 * fresh editor from it, with the latest saved draft. A preview has no task to read again.
 */
export function useFrameRestart(setup: EditorSetup, frameKey: string): (message: HostMessage) => void {
  const queryClient = useQueryClient();
  const readyFrame = useRef<string | null>(null);
  const taskId = setup.preview ? null : setup.task.id;
  return useCallback(
    (message: HostMessage) => {
      if (message.type !== 'ready') return;
      const restarted = readyFrame.current === frameKey;
      readyFrame.current = frameKey;
      if (restarted && taskId !== null)
        void queryClient.invalidateQueries({ queryKey: queryKeys.labelingTask(taskId) });
    },
    [queryClient, frameKey, taskId],
  );
}
