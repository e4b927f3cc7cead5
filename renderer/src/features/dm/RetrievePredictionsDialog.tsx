import { progressFraction, progressText, runSummary } from '../model/predictionRunText';
import { Dialog } from '../../components/Dialog';
import type { PredictionRun } from './usePredictionRun';
import { formatCount } from '../../../../shared/text/counts';
import { FormError } from '../../components/FormError';

interface RetrievePredictionsDialogProps {
  run: PredictionRun;
  selected: number;
  onStart: () => void;
  onCancel: () => void;
  onClose: () => void;
}

const plainCount = formatCount;

/** Asks, shows the run's progress with a way to stop it, then what came of it. */
export function RetrievePredictionsDialog({
  run,
  selected,
  onStart,
  onCancel,
  onClose,
}: RetrievePredictionsDialogProps) {
  const running = run.phase === 'running' ? run : null;
  const fraction = progressFraction(running?.job ?? null);
  const summary = run.phase === 'done' ? runSummary(run.result) : null;

  const actions =
    run.phase === 'confirm' ? (
      <>
        <button type="button" className="button" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button type="submit" className="button button--primary">
          Retrieve predictions ({plainCount(selected)})
        </button>
      </>
    ) : running ? (
      <button type="button" className="button" disabled={!running.job || running.cancelling} onClick={onCancel}>
        {running.cancelling ? 'Stopping…' : 'Cancel'}
      </button>
    ) : (
      <button type="submit" className="button button--primary">
        Close
      </button>
    );

  return (
    <Dialog
      title="Retrieve predictions"
      open={run.phase !== 'closed'}
      onClose={onClose}
      onSubmit={run.phase === 'confirm' ? onStart : onClose}
      className="dm-predict-dialog"
      actions={actions}
    >
      {run.phase === 'confirm' && (
        <p>
          Sends the selected tasks to the project’s model and stores what it predicts. Tasks that already have a
          prediction of the model’s current version are skipped. You can stop the run while it goes.
        </p>
      )}
      {running && (
        <div className="dm-predict-progress" data-testid="prediction-progress">
          <progress
            className="dm-predict-progress__bar"
            aria-label="Prediction progress"
            max={1}
            value={fraction ?? undefined}
          />
          <p className="muted" role="status">
            {running.cancelling ? 'Stopping after the batch in flight…' : progressText(running.job)}
          </p>
        </div>
      )}
      {summary && (
        <div className="dm-predict-summary" data-testid="prediction-summary" role="status">
          <p className="dm-predict-summary__headline">{summary.headline}</p>
          <dl className="dm-predict-summary__counts">
            <div>
              <dt>Created</dt>
              <dd>{plainCount(summary.created)}</dd>
            </div>
            <div>
              <dt>Skipped (already predicted)</dt>
              <dd>{plainCount(summary.skipped)}</dd>
            </div>
            <div>
              <dt>Failed</dt>
              <dd>{plainCount(summary.failed)}</dd>
            </div>
          </dl>
          {summary.detail && <p>{summary.detail}</p>}
          {summary.errors.length > 0 && (
            <ul className="dm-predict-summary__errors">
              {summary.errors.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
              {summary.moreErrors > 0 && <li>…and {plainCount(summary.moreErrors)} more.</li>}
            </ul>
          )}
        </div>
      )}
      {run.phase === 'failed' && <FormError>The predictions could not be retrieved: {run.message}</FormError>}
    </Dialog>
  );
}
