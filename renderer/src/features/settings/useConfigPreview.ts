import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '../../api/apiContext';
import { getSampleTaskData } from '../../api/labelingPreview';
import { errorMessage } from '../../api/queryLoad';
import { queryKeys } from '../../api/queryKeys';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { configReadiness, unsupportedNextSteps, unsupportedSentence } from '../labeling/configReadiness';
import { readableEditorError } from '../labeling/editorLoad';
import { previewSetup } from '../labeling/editorSetup';
import type { EditorSetup, HostMessage } from '../labeling/protocol';
import { DEFAULT_SHORTCUTS } from '../labeling/shortcuts';
import { useProjectEditor } from '../labeling/useProjectEditor';
import type { ValidationState } from './useConfigValidation';

export type Preview =
  | { kind: 'waiting'; message: string }
  /** `config`: what the setup shows; a new one is a new frame. */
  | { kind: 'ready'; setup: EditorSetup; config: string }
  | { kind: 'problem'; message: string };

/** What the editor can make of a valid config: a sample task to show it on, or why not. */
type Sample = { kind: 'ready'; config: string; data: Record<string, unknown> } | { kind: 'problem'; message: string };

/**
 * The preview of the config being edited, by the editor that labels the project. It follows the
 * config once typing pauses and the config is valid; while it is not, the last valid config's
 * preview stays (the previous query's answer).
 */
export function useConfigPreview(projectId: number, config: string, validation: ValidationState) {
  const client = useApi();
  const { editor, fallBack } = useProjectEditor(projectId);
  const settled = useDebouncedValue(config, 500);
  const valid = validation.status === 'valid' && settled === config;
  const sample = useQuery({
    queryKey: [...queryKeys.configSample(projectId, settled), editor?.key ?? null],
    queryFn: async ({ signal }): Promise<Sample> => {
      // Said before loading: the editor would hang on a tag it has no model for.
      const readiness = configReadiness(settled, editor?.tags);
      if (readiness.kind === 'unsupported' && editor) {
        return {
          kind: 'problem',
          message: `${unsupportedSentence(readiness.tags, editor)} ${unsupportedNextSteps(editor)}`,
        };
      }
      if (readiness.kind === 'empty') {
        return { kind: 'problem', message: 'Nothing to preview yet: choose a template or write the config.' };
      }
      return { kind: 'ready', config: settled, data: await getSampleTaskData(client, projectId, settled, signal) };
    },
    enabled: valid && editor !== null,
    placeholderData: keepPreviousData,
  });

  // An error the editor reported once it had loaded, about the config it showed.
  const [editorError, setEditorError] = useState<{ config: string; message: string } | null>(null);
  const shown = sample.data;
  const preview = useMemo((): Preview => {
    if (sample.isError)
      return { kind: 'problem', message: `No sample task for this config: ${errorMessage(sample.error)}` };
    if (!shown) return { kind: 'waiting', message: 'Preparing the preview…' };
    if (shown.kind === 'problem') return shown;
    if (editorError?.config === shown.config) return { kind: 'problem', message: editorError.message };
    return { kind: 'ready', setup: previewSetup(shown.config, shown.data, DEFAULT_SHORTCUTS), config: shown.config };
  }, [sample.isError, sample.error, shown, editorError]);

  // Errors before the editor loaded show in the stage, with a Retry; later ones replace it.
  const previewConfig = preview.kind === 'ready' ? preview.config : null;
  const onMessage = useCallback(
    (message: HostMessage) => {
      if (message.type === 'error' && previewConfig !== null) {
        const reason = `The editor cannot show this config: ${readableEditorError(message.message)}`;
        setEditorError({ config: previewConfig, message: reason });
      }
    },
    [previewConfig],
  );

  return { editor, fallBack, preview, onMessage, isStale: !valid && validation.status !== 'checking' };
}
