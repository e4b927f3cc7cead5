import { useCallback, useEffect, useRef } from 'react';
import { useApi } from '../../api/apiContext';
import { getLocalModelStatus, type LocalModelLoad } from '../../api/localModel';
import { queryKeys } from '../../api/queryKeys';
import type { MlBackend } from '../../api/mlBackends';
import {
  accuracyText,
  hasLearningSkill,
  localStateLabel,
  localStateTone,
  localVersionText,
  metricLines,
} from './localModelText';
import { LocalModelSkills } from './LocalModelSkills';
import { plural } from './mlText';
import { formatDateTime } from '../sync/timeText';
import { usePolling } from '../sync/usePolling';

/** While it trains the status moves quickly; otherwise it changes only when the card is shown again. */
const delayFor = (load: LocalModelLoad) => (load.kind === 'ready' && load.status.state === 'training' ? 2_000 : null);

/**
 * The built-in model's own report: what it does for each control of this config, and for the skills
 * that learn, how far its training is, on how many annotations, and how accurate it measured itself.
 */
interface LocalModelFactsProps {
  projectId: number;
  backend: MlBackend;
  /** A training ended: the backend's own record (its model version) is out of date. */
  onTrained: () => void;
}

export function LocalModelFacts({ projectId, backend, onTrained }: LocalModelFactsProps) {
  const client = useApi();
  const load = useCallback(
    (signal: AbortSignal) => getLocalModelStatus(client, projectId, signal),
    [client, projectId],
  );
  // A new backend record (trained, refreshed) is a new key, which asks again.
  const { state } = usePolling([...queryKeys.localModel(projectId), backend.updated_at], load, delayFor);
  const lastState = useRef<string | null>(null);
  const current = state.status === 'ready' && state.value.kind === 'ready' ? state.value.status.state : null;
  useEffect(() => {
    if (lastState.current === 'training' && current === 'ready') onTrained();
    if (current !== null) lastState.current = current;
  }, [current, onTrained]);

  const status = state.status !== 'loading' && state.value?.kind === 'ready' ? state.value.status : null;
  const note =
    state.status === 'loading'
      ? 'Reading the built-in model’s status…'
      : state.status === 'error' && !status
        ? `The built-in model’s status could not be read: ${state.message}`
        : !status
          ? 'This version of Outpost does not report the built-in model’s training yet.'
          : status.supported
            ? status.reason
            : null;
  const metrics = status ? metricLines(status.metrics) : [];
  // Training, annotations and accuracy mean something only for skills that learn (not OCR or a detector file).
  const learns = status !== null && hasLearningSkill(status);
  return (
    <div className="model-local" data-testid="local-model-status">
      {status && <LocalModelSkills status={status} />}
      <dl className="model-facts">
        <div>
          <dt>Runs</dt>
          <dd>On this computer, offline</dd>
        </div>
        <div>
          <dt>Model version</dt>
          <dd data-testid="model-version">{status ? localVersionText(status) : backend.model_version || '—'}</dd>
        </div>
        {learns && (
          <div>
            <dt>Training</dt>
            <dd>
              <span className={`model-chip model-chip--${localStateTone(status.state)}`}>
                {localStateLabel(status.state)}
              </span>
            </dd>
          </div>
        )}
        {learns && (
          <div>
            <dt>Learned from</dt>
            <dd>
              {plural(status.annotation_count, 'annotation')}
              {status.trained_at ? `, ${formatDateTime(status.trained_at)}` : ''}
            </dd>
          </div>
        )}
        {learns && (
          <div className="model-facts__wide">
            <dt>Measured accuracy</dt>
            <dd data-testid="local-model-accuracy">
              {accuracyText(status)}
              {metrics.length > 0 && (
                <ul className="model-local__metrics">
                  {metrics.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        )}
      </dl>
      {note && <p className="muted model-local__note">{note}</p>}
    </div>
  );
}
