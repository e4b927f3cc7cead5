import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { LabelingProject } from '../../api/labeling';
import type { ProjectEditor } from '../../api/projectEditor';
import { configReadiness } from './configReadiness';
import { editorCaption } from './editorChoice';
import { readableEditorError } from './editorLoad';
import { interactiveBackend, preAnnotationOf, type LabelingBackend } from './preAnnotation';
import type { EditorUser, HostMessage, ParentMessage } from './protocol';
import type { ShortcutAction } from './shortcuts';
import { mySkip } from './skippedTask';
import { useInteractiveSuggestions } from './useInteractiveSuggestions';
import { useLabelingKeys } from './useLabelingKeys';
import { useLabelingSession, type ReadyLoad } from './useLabelingSession';
import { useTaskNavigation } from './useTaskNavigation';
import { routes } from '../../router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EditorStage, type EditorStageHandle } from './EditorStage';
import { EditorUnavailable } from './EditorUnavailable';
import { InstructionsPanel } from './InstructionsPanel';
import { LabelingToolbar } from './LabelingToolbar';
import { RemoteEditorLink } from './RemoteEditorLink';
import { ShortcutsHelp } from './ShortcutsHelp';
import { StreamDone } from './StreamDone';
import { UnsavedWorkNotice } from './UnsavedWorkNotice';

interface WorkspaceProps {
  project: LabelingProject;
  /** The editor that labels; the bundled one, with a notice, once a cached one failed to load. */
  editor: ProjectEditor;
  onEditorFilesFailed: (reason: string) => void;
  user: EditorUser;
  backends: readonly LabelingBackend[];
  routeTaskId: number | null;
  selectedTasks?: readonly number[];
  view?: number;
  /** After a submit or skip, the stream shows the next task at once (else on "next"). */
  autoAdvance: boolean;
  shortcuts: Record<ShortcutAction, string>;
}

/** The labeling page below the project navigation: toolbar, instructions, the editor, dialogs. */
export function LabelingWorkspace(props: WorkspaceProps) {
  const { project, editor, onEditorFilesFailed, user, backends, routeTaskId, shortcuts } = props;
  const headingId = useId();
  const navigation = useTaskNavigation(project.id, routeTaskId, props.selectedTasks, props.view, props.autoAdvance);
  const session = useLabelingSession({
    project,
    user,
    shortcuts,
    backends,
    navigation: navigation.state,
    aheadTask: navigation.aheadTask,
    inStream: routeTaskId === null,
    onFinished: navigation.afterFinish,
  });
  const frame = useRef<EditorStageHandle | null>(null);
  // Checked before the editor loads: a config it cannot render would leave it hanging.
  const readiness = useMemo(() => configReadiness(project.label_config, editor.tags), [project.label_config, editor]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(project.show_instruction);
  const [editorError, setEditorError] = useState<string | null>(null);
  const { write, setSelectedAnnotationId } = session;
  // The editor stays while the next task loads (it is swapped in by message, not a new frame),
  // showing the last task it had, inert, until then.
  const [stageLoad, setStageLoad] = useState<ReadyLoad | null>(null);
  if (session.load.kind === 'ready' && session.load.setup !== stageLoad?.setup) setStageLoad(session.load);
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
      // Errors before the editor loaded are the stage's; later ones leave it working, so a notice says so.
      else if (message.type === 'error') setEditorError(readableEditorError(message.message));
      else if (message.type !== 'ready') write(message);
    },
    [runAction, setSelectedAnnotationId, write, suggest],
  );

  const { state } = navigation;
  const { load } = session;
  const instructions = project.expert_instruction?.trim() ?? '';
  const taskId = state.kind === 'task' ? state.taskId : null;
  const waiting = load.kind !== 'ready' || state.kind !== 'task';
  const showStage = stageLoad !== null && (state.kind === 'task' || state.kind === 'loading') && load.kind !== 'error';
  const skippedAt = load.kind === 'ready' && readiness.kind === 'ready' ? mySkip(load.task, user.id) : null;
  const fallback = (
    <>
      <a className="button" href={routes.projectSettings(project.id)}>
        Edit the labeling config
      </a>
      {taskId !== null && <RemoteEditorLink taskId={taskId} />}
    </>
  );
  return (
    <section className="labeling-page" aria-labelledby={headingId}>
      <LabelingToolbar
        headingId={headingId}
        taskId={taskId}
        stream={routeTaskId === null}
        draftStatus={session.draftStatus}
        preAnnotation={state.kind === 'task' && load.kind === 'ready' ? preAnnotationOf(load.setup) : null}
        skippedAt={skippedAt}
        editorCaption={editorCaption(editor)}
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
      {editor.notice && (
        <p className="notice notice--warning" role="status" data-testid="editor-notice">
          {editor.notice}
        </p>
      )}
      {editorError && (
        <div className="notice notice--error" role="alert">
          <p>The editor reported a problem with this task: {editorError}</p>
          <button type="button" className="button button--small" onClick={() => frame.current?.reload()}>
            Reload the editor
          </button>
        </div>
      )}
      <UnsavedWorkNotice projectId={project.id} unsaved={session.unsaved} />
      {state.kind === 'done' && <StreamDone projectId={project.id} view={props.view} />}
      {(state.kind === 'error' || load.kind === 'error') && (
        <p className="notice notice--error" role="alert">
          The task could not be loaded: {state.kind === 'error' ? state.message : load.kind === 'error' && load.message}
        </p>
      )}
      {state.kind === 'task' && load.kind === 'loading' && <p role="status">Loading the task…</p>}
      <div className="labeling-page__body">
        {state.kind === 'task' && readiness.kind !== 'ready' && (
          <EditorUnavailable readiness={readiness} editor={editor} projectId={project.id} taskId={taskId} />
        )}
        {showStage && readiness.kind === 'ready' && (
          <EditorStage
            setup={stageLoad.setup}
            editorKey={editor.key}
            onEditorFilesFailed={onEditorFilesFailed}
            title={`Labeling editor, task ${stageLoad.task.id}`}
            onMessage={onMessage}
            handleRef={frame}
            className="labeling-page__editor"
            fillHeight
            waiting={waiting}
            nextSetup={session.nextSetup}
            fallback={fallback}
          />
        )}
        {instructionsOpen && instructions && (
          <InstructionsPanel html={instructions} onClose={() => setInstructionsOpen(false)} />
        )}
      </div>
      <ShortcutsHelp
        open={helpOpen}
        shortcuts={shortcuts}
        config={project.label_config}
        onClose={() => setHelpOpen(false)}
      />
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
