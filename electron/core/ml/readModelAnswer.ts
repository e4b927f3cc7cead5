import type { ParsedLabelConfig } from '../../../shared/label-config/index.js';
import { validatePrediction } from '../../../shared/label-config/index.js';
import type { ModelPrediction } from '../domain/ml/modelPredictions.js';

/*
 * A model server's /predict answer, read without trusting it (MLBackend._get_predictions_from_ml_backend):
 * `{"results": [...]}` with one entry per task in order, each a prediction or a list of them.
 * Every prediction must fit the labeling config; one that does not is refused for its task, with
 * the reasons, and the others are kept. An entry `{"error": "..."}` is the model's own reason for
 * not predicting that task.
 */

export interface TaskFailure {
  task: number;
  error: string;
}

export type ModelAnswer =
  | { kind: 'predictions'; predictions: ModelPrediction[]; failures: TaskFailure[] }
  /** Fewer answers than tasks, exactly one: the server does not batch (ask again task by task). */
  | { kind: 'one-at-a-time' }
  /** The answer as a whole is unusable; the reason applies to every task asked about. */
  | { kind: 'unusable'; error: string };

function scoreOf(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  return Number(value);
}

function readTaskAnswer(
  config: ParsedLabelConfig,
  task: number,
  answer: unknown,
  defaultVersion: string,
): { predictions: ModelPrediction[]; failures: TaskFailure[] } {
  const items = Array.isArray(answer) ? answer : [answer];
  const predictions: ModelPrediction[] = [];
  const failures: TaskFailure[] = [];
  for (const item of items) {
    // `{error}` instead of a prediction: the model says why it has none for this task.
    const refusal = item as { result?: unknown; error?: unknown } | null;
    if (refusal && typeof refusal === 'object' && !('result' in refusal) && typeof refusal.error === 'string') {
      failures.push({ task, error: `The model made no prediction for this task: ${refusal.error}` });
      continue;
    }
    const errors = validatePrediction(config, item);
    if (errors.length > 0) {
      failures.push({ task, error: `The model's prediction does not fit the labeling config: ${errors.join('; ')}` });
      continue;
    }
    const record = item as { result: unknown[]; score?: unknown; model_version?: unknown };
    const version = record.model_version;
    predictions.push({
      task,
      result: record.result,
      score: scoreOf(record.score),
      model_version: version === undefined || version === null ? defaultVersion : String(version),
    });
  }
  return { predictions, failures };
}

export function readModelAnswer(
  config: ParsedLabelConfig,
  taskIds: readonly number[],
  body: unknown,
  defaultVersion: string,
): ModelAnswer {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('results' in body)) {
    return { kind: 'unusable', error: "The model server's answer is not an object with a 'results' list." };
  }
  const results = (body as { results: unknown }).results;
  if (!Array.isArray(results) || results.length === 0) {
    return { kind: 'unusable', error: "The model server's 'results' must be a list with at least one item." };
  }
  if (results.length !== taskIds.length) {
    if (results.length === 1) return { kind: 'one-at-a-time' };
    return {
      kind: 'unusable',
      error: `The model server answered ${results.length} results for ${taskIds.length} tasks, so none can be matched to its task.`,
    };
  }
  const predictions: ModelPrediction[] = [];
  const failures: TaskFailure[] = [];
  taskIds.forEach((task, index) => {
    const read = readTaskAnswer(config, task, results[index], defaultVersion);
    predictions.push(...read.predictions);
    failures.push(...read.failures);
  });
  return { kind: 'predictions', predictions, failures };
}
