import { useId } from 'react';
import { isLocalModel, type MlBackend } from '../../api/mlBackends';
import { plainText, stateTone } from './mlText';
import { LocalModelFacts } from './LocalModelFacts';

export type BackendAction = 'test' | 'versions' | 'train' | 'edit' | 'delete';

interface BackendCardProps {
  backend: MlBackend;
  projectId: number;
  /** The action under way on this backend, if any: its button shows it and the others wait. */
  busy: BackendAction | null;
  onAction: (action: BackendAction, backend: MlBackend) => void;
  /** The backend's record may have changed on the server (the built-in model finished training). */
  onChanged: () => void;
}

export function backendName(backend: Pick<MlBackend, 'title' | 'url'>): string {
  return backend.title?.trim() || backend.url;
}

/** The state in words on a colored chip: the color is never the only sign. */
export function StateChip({ backend }: { backend: Pick<MlBackend, 'state' | 'readable_state'> }) {
  return (
    <span className={`model-chip model-chip--${stateTone(backend.state)}`} data-testid="model-state">
      {backend.readable_state}
    </span>
  );
}

/** One connected model: what it is, how it is doing, and what can be done with it. */
export function BackendCard({ backend, projectId, busy, onAction, onChanged }: BackendCardProps) {
  const headingId = useId();
  const local = isLocalModel(backend);
  const name = backendName(backend);
  const button = (action: BackendAction, label: string, busyLabel: string, extra = '') => (
    <button
      type="button"
      className={`button button--small ${extra}`}
      aria-label={`${label} ${name}`}
      disabled={busy !== null}
      onClick={() => onAction(action, backend)}
    >
      {busy === action ? busyLabel : label}
    </button>
  );
  return (
    <article className="model-card" aria-labelledby={headingId}>
      <header className="model-card__header">
        <h3 id={headingId} className="model-card__title">
          {name}
        </h3>
        <StateChip backend={backend} />
        {backend.is_interactive && <span className="model-chip">Interactive</span>}
      </header>
      {local ? (
        <LocalModelFacts projectId={projectId} backend={backend} onTrained={onChanged} />
      ) : (
        <dl className="model-facts">
          <div>
            <dt>URL</dt>
            <dd className="model-facts__url">{backend.url}</dd>
          </div>
          <div>
            <dt>Model version</dt>
            <dd data-testid="model-version">{backend.model_version || '—'}</dd>
          </div>
          <div>
            <dt>Authentication</dt>
            <dd>{backend.auth_method === 'BASIC_AUTH' ? `Basic Auth as ${backend.basic_auth_user ?? '?'}` : 'None'}</dd>
          </div>
          <div>
            <dt>Prediction timeout</dt>
            <dd>{backend.timeout} s</dd>
          </div>
        </dl>
      )}
      {backend.description && <p className="model-card__description">{backend.description}</p>}
      {backend.error_message && (
        <p className="model-card__error" data-testid="model-error">
          {plainText(backend.error_message)}
        </p>
      )}
      <div className="model-card__actions">
        {button('test', 'Test', 'Testing…')}
        {button('versions', 'Versions', 'Loading…')}
        {button('train', 'Start training', 'Starting…')}
        {!local && button('edit', 'Edit', 'Edit')}
        {button('delete', 'Remove', 'Removing…', 'button--danger-quiet')}
      </div>
    </article>
  );
}
