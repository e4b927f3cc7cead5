import { useCallback, useId, useRef, useState } from 'react';
import type { LabelingProject } from '../../api/labeling';
import { interactiveBackend, preAnnotationOf, type LabelingBackend } from '../../labeling/preAnnotation';
import type { EditorUser, HostMessage, ParentMessage } from '../../labeling/protocol';
import type { ShortcutAction } from '../../labeling/shortcuts';
import { useInteractiveSuggestions } from '../../labeling/useInteractiveSuggestions';
import { useLabelingKeys } from '../../labeling/useLabelingKeys';
import { useLabelingSession } from '../../labeling/useLabelingSession';
import { useTaskNavigation } from '../../labeling/useTaskNavigation';
import { ConfirmDialog } from '../ConfirmDialog';
import { useToasts } from '../toastContext';
import { EditorFrame, type EditorFrameHandle } from './EditorFrame';
import { InstructionsPanel } from './InstructionsPanel';
import { LabelingToolbar } from './LabelingToolbar';
import { ShortcutsHelp } from './ShortcutsHelp';
import { StreamDone } from './StreamDone';

interface WorkspaceProps {
  project: LabelingProject;
  user: EditorUser;
  backends: readonly LabelingBackend[];
  routeTaskId: number | null;
  shortcuts: Record<ShortcutAction, string>;
}

/** The labeling page below the project navigation: toolbar, instructions, the editor, dialogs. */
export function LabelingWorkspace({ project, user, backends, routeTaskId, shortcuts }: WorkspaceProps) {
  const toasts = useToasts();
  const headingId = useId();
  const navigation = useTaskNavigation(project.id, routeTaskId);
  const session = useLabelingSession({
    project,
    user,
    shortcuts,
    backends,
    navigation: navigation.state,
    onFinished: navigation.afterFinish,
  });
  const frame = useRef<EditorFrameHandle | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(project.show_instruction);
  const [editorError, setEditorError] = useState<string | null>(null);
  const { write, setSelectedAnnotationId } = session;
  const sendToEditor = useCallback((message: ParentMessage) => frame.current?.send(message), []);
  const suggest = useInteractiveSuggestions(
    navigation.state.kind === 'task' ? navigation.state.taskId : null,
    interactiveBackend(backends),
    sendToEditor,
  );

  const runAction = useCallback(
    (action: ShortcutAction) => {
      if (action === 'showHelp') setHelpOpen(true);
      else if (action === 'nextTask' && navigation.canGoNext) navigation.goNext();
      else if (action === 'previousTask' && navigation.canGoPrevious) navigation.goPrevious();
      else if (action === 'submit') frame.current?.send({ type: 'command', name: 'submit' });
      else if (action === 'skip' && project.show_skip_button) frame.current?.send({ type: 'command', name: 'skip' });
    },
    [navigation, project.show_skip_button],
  );
  useLabelingKeys(shortcuts, runAction);

  const onMessage = useCallback(
    (message: HostMessage) => {
      if (message.type === 'shortcut') runAction(message.action);
      else if (message.type === 'select') setSelectedAnnotationId(message.annotationId);
      else if (message.type === 'loaded') setEditorError(null);
      else if (message.type === 'interactive') void suggest(message.requestId, message.result);
      else if (message.type === 'error') {
        setEditorError(message.message);
        toasts.error(`The editor reported a problem: ${message.message}`);
      } else if (message.type !== 'ready') write(message);
    },
    [runAction, setSelectedAnnotationId, toasts, write, suggest],
  );

  const { state } = navigation;
  const { load } = session;
  const instructions = project.expert_instruction?.trim() ?? '';
  return (
    <section className="labeling-page" aria-labelledby={headingId}>
      <LabelingToolbar
        headingId={headingId}
        taskId={state.kind === 'task' ? state.taskId : null}
        stream={routeTaskId === null}
        draftStatus={session.draftStatus}
        preAnnotation={state.kind === 'task' && load.kind === 'ready' ? preAnnotationOf(load.setup) : null}
        canGoPrevious={navigation.canGoPrevious}
        canGoNext={navigation.canGoNext}
        instructionsOpen={instructionsOpen}
        hasInstructions={instructions !== ''}
        canDelete={state.kind === 'task' && session.selectedAnnotationId !== null}
        onPrevious={navigation.goPrevious}
        onNext={navigation.goNext}
        onToggleInstructions={() => setInstructionsOpen((open) => !open)}
        onShowHelp={() => setHelpOpen(true)}
        onDelete={() => setConfirmDelete(true)}
      />
      {editorError && (
        <p className="notice notice--error" role="alert">
          The editor could not show this task: {editorError}
        </p>
      )}
      {state.kind === 'done' && <StreamDone projectId={project.id} />}
      {(state.kind === 'error' || load.kind === 'error') && (
        <p className="notice notice--error" role="alert">
          The task could not be loaded: {state.kind === 'error' ? state.message : load.kind === 'error' && load.message}
        </p>
      )}
      {state.kind === 'task' && load.kind === 'loading' && <p role="status">Loading the task…</p>}
      <div className="labeling-page__body">
        {state.kind === 'task' && load.kind === 'ready' && (
          <EditorFrame
            setup={load.setup}
            title={`Labeling editor, task ${load.task.id}`}
            onMessage={onMessage}
            handleRef={frame}
            className="editor-frame labeling-page__editor"
          />
        )}
        {instructionsOpen && instructions && (
          <InstructionsPanel html={instructions} onClose={() => setInstructionsOpen(false)} />
        )}
      </div>
      <ShortcutsHelp open={helpOpen} shortcuts={shortcuts} onClose={() => setHelpOpen(false)} />
      <ConfirmDialog
        title="Delete this annotation?"
        open={confirmDelete}
        confirmLabel="Delete annotation"
        onConfirm={() => {
          setConfirmDelete(false);
          if (session.selectedAnnotationId !== null) void session.removeAnnotation(session.selectedAnnotationId);
        }}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>The annotation and its regions are removed from this task. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
