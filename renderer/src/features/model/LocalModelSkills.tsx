import { useCallback } from 'react';
import { useApi } from '../../api/apiContext';
import { getLocalModelStatus, type LocalModelStatus } from '../../api/localModel';
import { queryKeys } from '../../api/queryKeys';
import { usePolling } from '../sync/usePolling';
import { skillLine, SUPPORTED_CONFIGS_TEXT } from './localModelText';

/**
 * What the built-in model does for each control of this config, one line each; or, where it can
 * do nothing with the config, why not and which configs it works with.
 */
export function LocalModelSkills({ status }: { status: LocalModelStatus }) {
  if (!status.supported) {
    return (
      <div className="model-card__error" data-testid="local-model-unsupported">
        <p>Why it cannot work with this project: {status.reason ?? 'its labeling config is not supported.'}</p>
        <p>{SUPPORTED_CONFIGS_TEXT}</p>
      </div>
    );
  }
  return (
    <div className="model-local__skills">
      <p className="model-local__skills-title">What it does for this config</p>
      <ul data-testid="local-model-skills">
        {status.controls.map((control) => (
          <li key={control.name}>{skillLine(control, status.detector)}</li>
        ))}
      </ul>
    </div>
  );
}

/** Never polled again by itself: the status changes when the config does, which reloads the section. */
const noPolling = () => null;

/**
 * Before the built-in model is connected: what it would do for this config, so the choice to use
 * it (or the reason it cannot be used) is seen before the button is pressed.
 */
export function LocalModelOffer({ projectId }: { projectId: number }) {
  const client = useApi();
  const load = useCallback(
    (signal: AbortSignal) => getLocalModelStatus(client, projectId, signal),
    [client, projectId],
  );
  const { state } = usePolling([...queryKeys.localModel(projectId), 'offer'], load, noPolling);
  if (state.status !== 'ready' || state.value.kind !== 'ready') return null;
  return (
    <div className="model-local model-local--offer" data-testid="local-model-offer">
      <p className="model-local__skills-title">The built-in offline model</p>
      <LocalModelSkills status={state.value.status} />
    </div>
  );
}
