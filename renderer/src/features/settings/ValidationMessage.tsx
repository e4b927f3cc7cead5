import type { ValidationState } from './useConfigValidation';

interface ValidationMessageProps {
  id: string;
  validation: ValidationState;
  saveError: string | undefined;
}

/** The validator's verdict under the editor; a problem with a location names its line. */
export function ValidationMessage({ id, validation, saveError }: ValidationMessageProps) {
  return (
    <div id={id} className="validation" aria-live="polite" data-testid="config-validation">
      {validation.status === 'checking' && <p className="validation__checking">Checking…</p>}
      {validation.status === 'valid' && <p className="validation__ok">✓ The config is valid.</p>}
      {validation.status === 'unavailable' && (
        <p className="field__error">The config could not be checked: {validation.message}</p>
      )}
      {validation.status === 'invalid' && (
        <ul className="validation__problems">
          {validation.problems.map((problem, index) => (
            <li key={index} className="field__error" title={problem.original}>
              {problem.message}
            </li>
          ))}
        </ul>
      )}
      {/* A config the validator refuses is why the save failed: its problems above already say it. */}
      {saveError && validation.status !== 'invalid' && <p className="field__error">Not saved: {saveError}</p>}
    </div>
  );
}
