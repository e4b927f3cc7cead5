import { useCallback } from 'react';
import { useApi } from '../../api/apiContext';
import { interactiveAnnotating } from '../../api/mlBackends';
import { useToasts } from '../../components/toastContext';
import { suggestionsOf, type LabelingBackend } from './preAnnotation';
import type { ParentMessage, ResultItem } from './protocol';

/**
 * The page's half of interactive pre-annotation: the editor asks with the regions just drawn, the
 * interactive model answers through the local server, and the answer goes back to the editor
 * (always, even empty, so it stops waiting).
 */
export function useInteractiveSuggestions(
  taskId: number | null,
  backend: LabelingBackend | null,
  send: (message: ParentMessage) => void,
) {
  const client = useApi();
  const toasts = useToasts();
  return useCallback(
    async (requestId: number, result: ResultItem[]) => {
      let suggested: ResultItem[] = [];
      if (backend && taskId !== null) {
        try {
          const answer = suggestionsOf(await interactiveAnnotating(client, backend.id, taskId, { result }));
          if (answer.error) toasts.error(`The model made no suggestion: ${answer.error}`);
          suggested = answer.result;
        } catch (error) {
          toasts.error(`The model made no suggestion: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      send({ type: 'suggestions', requestId, result: suggested });
    },
    [client, toasts, backend, taskId, send],
  );
}
