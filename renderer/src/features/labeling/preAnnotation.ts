/**
 * Which of a task's predictions the editor gets, which one pre-labels a new annotation, and
 * whether interactive pre-annotation is on. Pure, for unit tests.
 */
import type { Prediction } from '../../../../shared/api/predictions';
import type { LabelingProject } from '../../api/labeling';
import type { InteractiveAnswer, MlBackend } from '../../api/mlBackends';
import type { EditorSetup, ResultItem } from './protocol';

/** What the labeling page needs to know of the project's connected models. */
export type LabelingBackend = Pick<MlBackend, 'id' | 'title' | 'model_version' | 'is_interactive'>;

/**
 * The model version a prediction needs to pre-label, or null for any: the project's
 * `model_version`, and when that names a connected model (its title), that model's current version,
 * as Label Studio's get_predictions_for_prelabeling does.
 */
export function wantedModelVersion(
  project: Pick<LabelingProject, 'model_version'>,
  backends: readonly LabelingBackend[],
): string | null {
  const chosen = project.model_version?.trim();
  if (!chosen) return null;
  const live = backends.find((backend) => (backend.title ?? '').trim() === chosen);
  return live?.model_version || chosen;
}

const timeOf = (prediction: Prediction) => {
  const time = Date.parse(prediction.created_at);
  return Number.isFinite(time) ? time : 0;
};
const idOf = (prediction: Prediction) => prediction.id;

/**
 * The predictions the editor shows, newest first (the first one pre-labels): none when the
 * project does not use predictions, only those of the wanted version when it names one.
 */
export function shownPredictions(
  predictions: readonly Prediction[],
  project: Pick<LabelingProject, 'model_version' | 'show_collab_predictions'>,
  backends: readonly LabelingBackend[],
): Prediction[] {
  if (!project.show_collab_predictions) return [];
  const wanted = wantedModelVersion(project, backends);
  const kept = wanted === null ? [...predictions] : predictions.filter((item) => item.model_version === wanted);
  return kept.sort((a, b) => timeOf(b) - timeOf(a) || idOf(b) - idOf(a));
}

/** The model that suggests regions while labeling (Label Studio uses the first interactive one). */
export function interactiveBackend(backends: readonly LabelingBackend[]): LabelingBackend | null {
  return backends.find((backend) => backend.is_interactive) ?? null;
}

export interface PreAnnotation {
  modelVersion: string | null;
  score: number | null;
}

/**
 * The prediction a new annotation starts from, as the editor host applies it: with nothing of mine
 * to open and no draft to restore, the first prediction with a result.
 */
export function preAnnotationOf(setup: EditorSetup): PreAnnotation | null {
  if (setup.preview || setup.selectAnnotationId !== null || setup.draft) return null;
  const first = setup.task.predictions[0];
  if (!first || !Array.isArray(first.result) || first.result.length === 0) return null;
  return {
    modelVersion: typeof first.model_version === 'string' && first.model_version ? first.model_version : null,
    score: typeof first.score === 'number' ? first.score : null,
  };
}

/** "Pre-labeled by stub-v1 (score 0.60)". */
export function preAnnotationText(pre: PreAnnotation): string {
  const version = pre.modelVersion ? `model version ${pre.modelVersion}` : 'a prediction';
  return `Pre-labeled by ${version}${pre.score !== null ? ` (score ${pre.score.toFixed(2)})` : ''}`;
}

const isItem = (value: unknown): value is ResultItem => typeof value === 'object' && value !== null;

/** The suggested regions of an interactive-annotating answer (`{data: {result}}`), or why there are none. */
export function suggestionsOf(answer: InteractiveAnswer): {
  result: ResultItem[];
  error: string | null;
} {
  if ('errors' in answer) return { result: [], error: answer.errors.length > 0 ? answer.errors.join(' ') : null };
  const result = (answer.data as { result?: unknown } | null | undefined)?.result;
  return { result: Array.isArray(result) ? result.filter(isItem) : [], error: null };
}
