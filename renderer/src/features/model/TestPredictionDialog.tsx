import type { PredictTestAnswer } from '../../api/mlBackends';
import { plainText, plural, predictionSummaries } from './mlText';
import { Dialog } from '../../components/Dialog';
import { FormError } from '../../components/FormError';

export type Asked<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'error'; message: string };

interface TestPredictionDialogProps {
  modelName: string;
  answer: Asked<PredictTestAnswer> | null;
  onClose: () => void;
}

function taskPreview(data: unknown): string {
  const text = JSON.stringify(data ?? {});
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}

/** What the model predicted for one random task, readable first, with the exchange as JSON below. */
export function TestPredictionDialog({ modelName, answer, onClose }: TestPredictionDialogProps) {
  const summaries = answer?.kind === 'ready' ? predictionSummaries(answer.value.response) : [];
  return (
    <Dialog
      title={`Test of ${modelName}`}
      open={answer !== null}
      onClose={onClose}
      onSubmit={onClose}
      className="model-dialog"
      actions={
        <button type="submit" className="button button--primary">
          Close
        </button>
      }
    >
      {answer?.kind === 'loading' && <p role="status">Asking the model for a prediction on a random task…</p>}
      {answer?.kind === 'error' && <FormError>{plainText(answer.message)}</FormError>}
      {answer?.kind === 'ready' && (
        <div className="model-test" data-testid="model-test">
          <p>
            Task {String(answer.value.task?.id ?? '?')}:{' '}
            <code className="model-test__data">{taskPreview(answer.value.task?.data)}</code>
          </p>
          {summaries.length === 0 && <p className="muted">The model answered without a prediction.</p>}
          {summaries.map((summary, index) => (
            <div key={index} className="model-test__prediction">
              <p className="model-test__meta">
                Prediction{summary.modelVersion ? ` of version ${summary.modelVersion}` : ''}
                {summary.score !== null ? `, score ${summary.score.toFixed(2)}` : ''}
                {summary.regions > 0 ? `, ${plural(summary.regions, 'region')}` : ''}
              </p>
              {summary.lines.length > 0 ? (
                <ul className="model-test__lines">
                  {summary.lines.map((line, at) => (
                    <li key={at}>{line}</li>
                  ))}
                </ul>
              ) : (
                <p className="muted">An empty result: nothing labeled.</p>
              )}
            </div>
          ))}
          <details className="model-test__raw">
            <summary>Request and answer as JSON</summary>
            <pre>
              {JSON.stringify(
                { url: answer.value.url, request: answer.value.request, response: answer.value.response },
                null,
                2,
              )}
            </pre>
          </details>
        </div>
      )}
    </Dialog>
  );
}
