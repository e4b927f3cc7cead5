import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useEditorFrames } from './useEditorFrames';
import { secondsText } from './editorLoad';
import type { EditorSetup, HostMessage, ParentMessage } from './protocol';
import { useEditorLoad, type EditorLoadPhase } from './useEditorLoad';
import { EditorFrame, type EditorFrameHandle } from './EditorFrame';
import { useFillHeight } from './useFillHeight';

export interface EditorStageHandle {
  send(message: ParentMessage): void;
  /** Starts the editor again in a fresh frame. */
  reload(): void;
}

interface EditorStageProps {
  setup: EditorSetup;
  /** The cached editor to load (`ProjectEditor.key`), null for the bundled one; another key is another frame. */
  editorKey: string | null;
  /**
   * A cached editor's files did not load (the frame's `editor-files` error): the caller switches
   * to the bundled editor. Without it, that is a failure like any other.
   */
  onEditorFilesFailed?: (reason: string) => void;
  title: string;
  /** Every message of the frame, except errors before it loaded (the stage shows those itself). */
  onMessage: (message: HostMessage) => void;
  handleRef?: { current: EditorStageHandle | null };
  /** Sizes the stage (the frame fills it). */
  className: string;
  /** Offered beside Retry when the editor does not come up, e.g. a way to change the config. */
  fallback?: ReactNode;
  /** Takes all the page's height below it (the labeling page), rather than the size its class gives. */
  fillHeight?: boolean;
  /** The page is getting the next setup: the editor shows the last one, inert, meanwhile. */
  waiting?: boolean;
  /**
   * The setup most likely shown next (the stream's next task, fetched ahead). When the frame on
   * screen will not take it (a cached editor's never does, see `arrangeFrames`), it is built
   * beforehand in a frame out of sight and swapped in when the page moves to it.
   */
  nextSetup?: EditorSetup;
}

const ignoreMessage = () => undefined;

/**
 * The editor frame with what happens around it: while it loads, nothing but its own "Loading";
 * when it fails, or takes longer than the wait, a message that says so and a Retry that starts
 * it again in a fresh frame. A slow editor that comes up after all replaces the message.
 */
export function EditorStage(props: EditorStageProps) {
  const {
    setup,
    editorKey,
    onEditorFilesFailed,
    title,
    onMessage,
    handleRef,
    className,
    fallback,
    fillHeight,
    waiting,
  } = props;
  const stage = useRef<HTMLDivElement>(null);
  const room = useFillHeight(stage);
  const frames = useEditorFrames(editorKey, setup, props.nextSetup);
  const load = useEditorLoad(setup, editorKey, frames.shownId);
  const frame = useRef<EditorFrameHandle | null>(null);
  const { track, retry } = load;

  useEffect(() => {
    if (!handleRef) return;
    handleRef.current = { send: (message) => frame.current?.send(message), reload: retry };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, retry]);

  const onFrameMessage = useCallback(
    (message: HostMessage) => {
      if (message.type === 'error' && message.kind === 'editor-files' && editorKey !== null && onEditorFilesFailed) {
        onEditorFilesFailed(message.message);
        return;
      }
      if (track(message)) onMessage(message);
    },
    [track, onMessage, editorKey, onEditorFilesFailed],
  );
  const { replay } = frames;
  // What the frame built ahead said while out of sight is heard once it is on screen.
  useEffect(() => replay(onFrameMessage), [replay, onFrameMessage]);

  const failed = load.phase.kind === 'failed';
  return (
    <div
      ref={stage}
      className={`editor-stage ${className}`}
      data-editor-phase={load.phase.kind}
      aria-busy={waiting || load.phase.kind === 'loading'}
      inert={waiting}
      style={fillHeight && room !== null ? { height: `${room}px` } : undefined}
    >
      {!failed &&
        frames.slots.map((slot) => {
          if (!slot) return null;
          const shown = slot.id === frames.shownId;
          return (
            <EditorFrame
              key={`${editorKey === null ? 'bundled' : `cached:${editorKey}`}/${load.attempt}/${slot.id}`}
              setup={slot.setup}
              editorKey={editorKey}
              title={shown ? title : slot.retired ? 'The task just left' : 'The next task, made ready out of sight'}
              // What the task just left says now is of no use: its work was sent when it was left.
              onMessage={shown ? onFrameMessage : slot.retired ? ignoreMessage : frames.holderFor(slot.id)}
              handleRef={shown ? frame : undefined}
              className={shown ? 'editor-frame' : 'editor-frame editor-frame--ahead'}
              ahead={!shown}
            />
          );
        })}
      {(failed || load.phase.kind === 'slow') && (
        <EditorTrouble phase={load.phase} onRetry={retry}>
          {fallback}
        </EditorTrouble>
      )}
    </div>
  );
}

function EditorTrouble({
  phase,
  onRetry,
  children,
}: {
  phase: EditorLoadPhase;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const slow = phase.kind === 'slow';
  return (
    <div className="editor-trouble" role="alert">
      <p className="editor-trouble__title">
        {slow ? 'The editor is taking too long to load' : 'The editor could not start'}
      </p>
      <p>
        {slow
          ? `It has not finished loading after ${secondsText(phase.waitedMs)}. It may still come up; Retry starts it again.`
          : phase.kind === 'failed' && phase.message}
      </p>
      <div className="editor-trouble__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Retry
        </button>
        {children}
      </div>
    </div>
  );
}
