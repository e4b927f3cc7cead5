import { useId } from 'react';
import type { MlBackend } from '../../api/mlBackends';
import { plural } from './mlText';
import { FieldMessage } from '../settings/FieldMessage';
import type { SectionProps } from '../settings/sectionProps';

interface PredictionSettingsProps extends SectionProps {
  backends: MlBackend[];
  /** Stored predictions per model version. */
  versions: Record<string, number>;
}

/**
 * The project's prediction fields, saved with the rest of the settings: whether predictions
 * pre-label tasks, which ones (a connected model by its title, or a stored version), and when the
 * model is asked to predict or train on its own.
 */
export function PredictionSettings({ settings, errors, onChange, backends, versions }: PredictionSettingsProps) {
  const headingId = useId();
  const versionId = useId();
  const versionMessageId = useId();
  const titles = [...new Set(backends.map((backend) => backend.title?.trim() ?? '').filter(Boolean))];
  const stored = Object.entries(versions).filter(([version]) => version && !titles.includes(version));
  const current = settings.model_version;
  const isListed = current === '' || titles.includes(current) || stored.some(([version]) => version === current);

  return (
    <section className="model-predictions" aria-labelledby={headingId}>
      <h3 id={headingId} className="settings-subtitle">
        Predictions
      </h3>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.show_collab_predictions}
          onChange={(event) => onChange({ show_collab_predictions: event.target.checked })}
        />
        Use predictions to pre-label tasks
      </label>
      <div className="field model-predictions__version">
        <label className="field__label" htmlFor={versionId}>
          Predictions to pre-label with
        </label>
        <select
          id={versionId}
          className="input"
          value={current}
          disabled={!settings.show_collab_predictions}
          aria-invalid={errors.model_version !== undefined}
          aria-describedby={versionMessageId}
          onChange={(event) => onChange({ model_version: event.target.value })}
        >
          <option value="">Any model version (the newest prediction)</option>
          {titles.length > 0 && (
            <optgroup label="Connected models (their current version)">
              {titles.map((title) => (
                <option key={title} value={title}>
                  {title}
                </option>
              ))}
            </optgroup>
          )}
          {stored.length > 0 && (
            <optgroup label="Stored predictions">
              {stored.map(([version, count]) => (
                <option key={version} value={version}>
                  {version} ({plural(count, 'prediction')})
                </option>
              ))}
            </optgroup>
          )}
          {!isListed && <option value={current}>{current}</option>}
        </select>
        <FieldMessage
          id={versionMessageId}
          error={errors.model_version}
          hint="A connected model is asked for a prediction when a task without one opens."
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.evaluate_predictions_automatically}
          onChange={(event) => onChange({ evaluate_predictions_automatically: event.target.checked })}
        />
        Retrieve predictions automatically for the tasks shown in the data manager
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={settings.start_training_on_annotation_update}
          onChange={(event) => onChange({ start_training_on_annotation_update: event.target.checked })}
        />
        Start training the model after every submitted or updated annotation
      </label>
    </section>
  );
}
