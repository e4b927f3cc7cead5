import { useId } from 'react';
import { tagList } from '../labeling/configReadiness';
import { editorName } from '../labeling/editorChoice';
import { unsupportedTags } from '../labeling/editorTags';
import { EditorStage } from '../labeling/EditorStage';
import type { ValidationState } from './useConfigValidation';
import { useConfigPreview } from './useConfigPreview';
import '../../styles/labeling.css';

interface ConfigPreviewProps {
  projectId: number;
  config: string;
  validation: ValidationState;
}

/**
 * The config being edited, shown on a sample task by the editor that labels this project (the
 * bundled one or a remote's cached one), with a line saying which that is and whether it knows
 * every tag as typed.
 */
export function ConfigPreview({ projectId, config, validation }: ConfigPreviewProps) {
  const headingId = useId();
  const { editor, fallBack, preview, onMessage, isStale: stale } = useConfigPreview(projectId, config, validation);

  // As typed, before the preview catches up: whether the editor knows every tag.
  const missing = editor ? unsupportedTags(config, editor.tags) : [];
  return (
    <section className="config-preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="field__label">
        Preview
      </h3>
      {editor && (
        <p className="muted config-preview__editor" data-testid="preview-editor">
          {`This project labels with the ${editorName(editor)}. `}
          {missing.length === 0 ? 'It can show every tag of this config.' : `It cannot show ${tagList(missing)}.`}
        </p>
      )}
      {editor?.notice && (
        <p className="notice notice--warning" role="status" data-testid="editor-notice">
          {editor.notice}
        </p>
      )}
      {stale && (
        <p className="config-preview__message" data-testid="preview-message">
          The preview shows the last valid config. Fix the config to update it.
        </p>
      )}
      {preview.kind !== 'ready' && (
        <p className="config-preview__message" role="status" data-testid="preview-message">
          {preview.message}
        </p>
      )}
      {preview.kind === 'ready' && (
        <EditorStage
          // A fresh frame per config: the 1.4.0 editor leaves reactions behind when rebuilt in place.
          key={preview.config}
          setup={preview.setup}
          editorKey={editor?.key ?? null}
          onEditorFilesFailed={fallBack}
          title="Preview of the labeling interface"
          onMessage={onMessage}
          className="config-preview__frame"
        />
      )}
    </section>
  );
}
