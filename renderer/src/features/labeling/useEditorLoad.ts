import { useCallback, useEffect, useState } from 'react';
import { editorLoadTimeoutMs, readableEditorError } from './editorLoad';
import type { EditorSetup, HostMessage } from './protocol';
import { useFrameRestart } from './useFrameRestart';

export type EditorLoadPhase =
  | { kind: 'loading' }
  | { kind: 'loaded' }
  /** Not loaded after the wait; it may still come, and then the editor shows. */
  | { kind: 'slow'; waitedMs: number }
  | { kind: 'failed'; message: string };

export interface EditorLoad {
  phase: EditorLoadPhase;
  /** Changes on every retry: the frame's key, so a retry starts a fresh frame. */
  attempt: number;
  retry(): void;
  /**
   * Reads the frame's message: `loaded` and errors before it change the phase. Returns whether
   * the caller should handle the message too (an error after loading is the caller's to show).
   */
  track(message: HostMessage): boolean;
}

/**
 * Whether the editor frame came up for a setup: never an endless spinner. A new setup (another
 * task), another editor (`editorKey`) or a retry starts the wait again; an error before `loaded`
 * or the wait running out ends it.
 */
export function useEditorLoad(setup: EditorSetup, editorKey: string | null, frameId = 0): EditorLoad {
  const [phase, setPhase] = useState<EditorLoadPhase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // Another setup, editor or attempt is another wait: back to loading at once, in this render.
  const [waitingFor, setWaitingFor] = useState({ setup, editorKey, attempt });
  if (waitingFor.setup !== setup || waitingFor.editorKey !== editorKey || waitingFor.attempt !== attempt) {
    setWaitingFor({ setup, editorKey, attempt });
    setPhase({ kind: 'loading' });
  }

  useEffect(() => {
    const waitMs = editorLoadTimeoutMs(window.localStorage);
    const timer = window.setTimeout(
      () => setPhase((current) => (current.kind === 'loading' ? { kind: 'slow', waitedMs: waitMs } : current)),
      waitMs,
    );
    return () => window.clearTimeout(timer);
  }, [setup, editorKey, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // The frame's React key in the stage: another editor, a retry or a cached editor's next task is
  // another frame, whose first `ready` is no restart.
  const noticeRestart = useFrameRestart(setup, `${editorKey ?? 'bundled'}/${attempt}/${frameId}`);

  const track = useCallback(
    (message: HostMessage) => {
      noticeRestart(message);
      if (message.type === 'loaded') {
        setPhase({ kind: 'loaded' });
        return true;
      }
      if (message.type !== 'error') return true;
      if (phase.kind === 'loaded') return true;
      setPhase({ kind: 'failed', message: readableEditorError(message.message) });
      return false;
    },
    [phase.kind, noticeRestart],
  );

  return { phase, attempt, retry, track };
}
