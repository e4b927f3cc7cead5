import { preAnnotationText, type PreAnnotation } from './preAnnotation';
import { skipDateText } from './skippedTask';
import type { DraftStatus } from './useLabelingSession';

interface LabelingToolbarProps {
  headingId: string;
  taskId: number | null;
  stream: boolean;
  draftStatus: DraftStatus;
  /** The prediction the new annotation started from, if any. */
  preAnnotation: PreAnnotation | null;
  /** When I skipped this task, if I did and have not labeled it since. */
  skippedAt: Date | null;
  /** Which editor labels, said quietly: "Bundled editor 1.4.0". */
  editorCaption: string;
  canGoPrevious: boolean;
  canGoNext: boolean;
  instructionsOpen: boolean;
  hasInstructions: boolean;
  canDelete: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onToggleInstructions: () => void;
  onShowHelp: () => void;
  onDelete: () => void;
}

function draftText(status: DraftStatus): string {
  switch (status.kind) {
    case 'saving':
      return 'Saving draft…';
    case 'saved':
      return `Draft saved at ${status.at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
    case 'failed':
      return 'Draft not saved';
    default:
      return '';
  }
}

/** The line above the editor: which task, where the draft stands, and the page's own actions. */
export function LabelingToolbar(props: LabelingToolbarProps) {
  const { taskId, stream, draftStatus } = props;
  return (
    <div className="labeling-toolbar">
      <div className="labeling-toolbar__title">
        <h1 id={props.headingId} className="page__title">
          {taskId === null ? 'Label stream' : `Task ${taskId}`}
        </h1>
        {stream && taskId !== null && <span className="labeling-badge">Label stream</span>}
        {props.skippedAt && (
          <span className="labeling-badge labeling-badge--skipped" data-testid="skipped-mark">
            You skipped this task on{' '}
            <time dateTime={props.skippedAt.toISOString()}>{skipDateText(props.skippedAt)}</time>
          </span>
        )}
        {props.preAnnotation && (
          <span className="labeling-badge labeling-badge--model" data-testid="pre-annotation">
            {preAnnotationText(props.preAnnotation)}
          </span>
        )}
        <span className="muted labeling-toolbar__draft" role="status" data-testid="draft-status">
          {draftText(draftStatus)}
        </span>
        <span className="muted labeling-toolbar__editor" title={props.editorCaption} data-testid="editor-caption">
          {props.editorCaption}
        </span>
      </div>
      <div className="labeling-toolbar__actions">
        <button
          type="button"
          className="button button--small"
          disabled={!props.canGoPrevious}
          onClick={props.onPrevious}
        >
          ← Previous task
        </button>
        <button type="button" className="button button--small" disabled={!props.canGoNext} onClick={props.onNext}>
          Next task →
        </button>
        {props.hasInstructions && (
          <button
            type="button"
            className="button button--small"
            aria-pressed={props.instructionsOpen}
            onClick={props.onToggleInstructions}
          >
            Instructions
          </button>
        )}
        <button type="button" className="button button--small" onClick={props.onShowHelp} aria-keyshortcuts="?">
          Shortcuts
        </button>
        <button
          type="button"
          className="button button--small button--danger-quiet"
          disabled={!props.canDelete}
          onClick={props.onDelete}
        >
          Delete annotation
        </button>
      </div>
    </div>
  );
}
