import { useCallback, useEffect, useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getSampleTaskData } from '../../api/labelingPreview';
import { previewSetup } from '../labeling/editorSetup';
import { configReadiness, tagList, unsupportedNextSteps, unsupportedSentence } from '../labeling/configReadiness';
import { editorName } from '../labeling/editorChoice';
import { readableEditorError } from '../labeling/editorLoad';
import { unsupportedTags } from '../labeling/editorTags';
import type { EditorSetup, HostMessage } from '../labeling/protocol';
import { DEFAULT_SHORTCUTS } from '../labeling/shortcuts';
import { useProjectEditor } from '../labeling/useProjectEditor';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import type { ValidationState } from './useConfigValidation';
import { EditorStage } from '../labeling/EditorStage';
import '../../styles/labeling.css';

type Preview =
  | { kind: 'waiting'; message: string }
  | { kind: 'ready'; setup: EditorSetup; version: number }
  | { kind: 'problem'; message: string };

interface ConfigPreviewProps {
  projectId: number;
  config: string;
  validation: ValidationState;
}

let versions = 0;

/**
 * The config being edited, shown on a sample task by the editor that labels this project (the
 * bundled one or a remote's cached one), with a line saying which that is and whether it knows
 * every tag as typed.
 */
export function ConfigPreview({ projectId, config, validation }: ConfigPreviewProps) {
  const client = useApi();
  const headingId = useId();
  const { editor, fallBack } = useProjectEditor(projectId);
  const settled = useDebouncedValue(config, 500);
  const [preview, setPreview] = useState<Preview>({ kind: 'waiting', message: 'Preparing the preview…' });
  const valid = validation.status === 'valid' && settled === config;

  useEffect(() => {
    if (!valid || !editor) return;
    // Said before loading: the editor would hang on a tag it has no model for.
    const readiness = configReadiness(settled, editor.tags);
    if (readiness.kind === 'unsupported') {
      const message = `${unsupportedSentence(readiness.tags, editor)} ${unsupportedNextSteps(editor)}`;
      setPreview({ kind: 'problem', message });
      return;
    }
    if (readiness.kind === 'empty') {
      setPreview({ kind: 'problem', message: 'Nothing to preview yet: choose a template or write the config.' });
      return;
    }
    const controller = new AbortController();
    getSampleTaskData(client, projectId, settled, controller.signal).then(
      (data) =>
        setPreview({ kind: 'ready', setup: previewSetup(settled, data, DEFAULT_SHORTCUTS), version: ++versions }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setPreview({ kind: 'problem', message: `No sample task for this config: ${message}` });
      },
    );
    return () => controller.abort();
  }, [client, projectId, settled, valid, editor]);

  // Errors before the editor loaded show in the stage, with a Retry; later ones replace it.
  const onMessage = useCallback((message: HostMessage) => {
    if (message.type === 'error')
      setPreview({
        kind: 'problem',
        message: `The editor cannot show this config: ${readableEditorError(message.message)}`,
      });
  }, []);

  const stale = !valid && validation.status !== 'checking';
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
          key={preview.version}
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
