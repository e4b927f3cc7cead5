import type { BackendVersions } from '../../api/mlBackends';
import { plainText } from './mlText';
import { Dialog } from '../../components/Dialog';
import type { Asked } from './TestPredictionDialog';
import { FormError } from '../../components/FormError';

interface VersionsDialogProps {
  modelName: string;
  /** The version the backend uses now, marked in the list. */
  current: string | null;
  answer: Asked<BackendVersions> | null;
  onClose: () => void;
}

/** The versions the model server says it has. */
export function VersionsDialog({ modelName, current, answer, onClose }: VersionsDialogProps) {
  return (
    <Dialog
      title={`Versions of ${modelName}`}
      open={answer !== null}
      onClose={onClose}
      onSubmit={onClose}
      className="dialog--narrow"
      actions={
        <button type="submit" className="button button--primary">
          Close
        </button>
      }
    >
      {answer?.kind === 'loading' && <p role="status">Asking the model server…</p>}
      {answer?.kind === 'error' && <FormError>{plainText(answer.message)}</FormError>}
      {answer?.kind === 'ready' && (
        <>
          {answer.value.versions.length === 0 ? (
            <p className="muted">The model server lists no versions.</p>
          ) : (
            <ul className="model-versions" data-testid="model-versions">
              {answer.value.versions.map((version) => (
                <li key={version}>
                  <code>{version}</code>
                  {version === current && <span className="model-chip model-chip--ok">In use</span>}
                </li>
              ))}
            </ul>
          )}
          {answer.value.message && <p className="muted">{plainText(answer.value.message)}</p>}
        </>
      )}
    </Dialog>
  );
}
