import { useCallback, useEffect, useId, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getSampleTaskData } from '../../api/labelingPreview';
import { previewSetup } from '../../labeling/editorSetup';
import { configReadiness, unsupportedSentence } from '../../labeling/configReadiness';
import { readableEditorError } from '../../labeling/editorLoad';
import type { EditorSetup, HostMessage } from '../../labeling/protocol';
import { DEFAULT_SHORTCUTS } from '../../labeling/shortcuts';
import { useDebouncedValue } from '../../pages/useDebouncedValue';
import type { ValidationState } from '../../pages/useConfigValidation';
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

/** The config being edited, shown by the labeling editor itself on a sample task. */
export function ConfigPreview({ projectId, config, validation }: ConfigPreviewProps) {
  const client = useApi();
  const headingId = useId();
  const settled = useDebouncedValue(config, 500);
  const [preview, setPreview] = useState<Preview>({ kind: 'waiting', message: 'Preparing the preview…' });
  const valid = validation.status === 'valid' && settled === config;

  useEffect(() => {
    if (!valid) return;
    // Said before loading: the editor would hang on a tag it has no model for.
    const readiness = configReadiness(settled);
    if (readiness.kind === 'unsupported') {
      setPreview({ kind: 'problem', message: unsupportedSentence(readiness.tags) });
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
  }, [client, projectId, settled, valid]);

  // Errors before the editor loaded show in the stage, with a Retry; later ones replace it.
  const onMessage = useCallback((message: HostMessage) => {
    if (message.type === 'error')
      setPreview({
        kind: 'problem',
        message: `The editor cannot show this config: ${readableEditorError(message.message)}`,
      });
  }, []);

  const stale = !valid && validation.status !== 'checking';
  return (
    <section className="config-preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="field__label">
        Preview
      </h3>
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
          title="Preview of the labeling interface"
          onMessage={onMessage}
          className="config-preview__frame"
        />
      )}
    </section>
  );
}
