import type { StoredControlModel } from './controlModels.js';
import type { ControlMetrics } from './heldOutEvaluation.js';

/*
 * The JSON the built-in model keeps in `local_models.model` and `.metrics`. `format` lets a later
 * Outpost recognise (and retrain instead of misreading) a model written in an older shape.
 */

export const MODEL_FORMAT = 1;

export interface StoredLocalModel {
  format: number;
  /** By control name. */
  controls: Record<string, StoredControlModel>;
}

export interface StoredMetrics {
  /** Annotated tasks held back from the evaluation's training. */
  held_out: number;
  /** The mean of the controls' headline figures (accuracy, or F1 for spans), null when none was measured. */
  accuracy: number | null;
  controls: Record<string, ControlMetrics>;
  /** Why some controls were not trained. */
  problems: string[];
  /** What the model was trained on (trainingFingerprint): another one means it is out of date. */
  fingerprint: string;
}

export function readStoredMetrics(value: unknown): StoredMetrics {
  const metrics = (typeof value === 'object' && value !== null ? value : {}) as Partial<StoredMetrics>;
  return {
    held_out: metrics.held_out ?? 0,
    accuracy: metrics.accuracy ?? null,
    controls: metrics.controls ?? {},
    problems: metrics.problems ?? [],
    fingerprint: metrics.fingerprint ?? '',
  };
}

export function readStoredModel(value: unknown): StoredLocalModel | null {
  const model = value as Partial<StoredLocalModel> | null;
  if (model?.format !== MODEL_FORMAT || typeof model.controls !== 'object' || model.controls === null) return null;
  return model as StoredLocalModel;
}

export function modelVersionName(version: number | null): string {
  return version === null ? 'local-untrained' : `local-v${version}`;
}
