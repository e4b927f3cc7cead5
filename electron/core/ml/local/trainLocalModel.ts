import { findProjectById } from '../../db/repos/projectsRepo.js';
import { saveLocalModel } from '../../domain/ml/localModelRecords.js';
import {
  readTrainingAnnotations,
  trainingFingerprint,
  type TrainingAnnotation,
} from '../../domain/ml/trainingAnnotations.js';
import type { ParsedLabelConfig } from '../../../../shared/label-config/index.js';
import type { MlDeps } from '../mlDeps.js';
import { examplesOfControl, type TokensOf } from './controlExamples.js';
import { trainControl, type StoredControlModel } from './controlModels.js';
import { evaluateControl, headlineOf, isHeldOut, round4, type ControlMetrics } from './heldOutEvaluation.js';
import { learnableControlsOf } from './learnableControls.js';
import { MODEL_FORMAT, type StoredLocalModel, type StoredMetrics } from './storedLocalModel.js';
import { loadTextFeatures } from './textFeatures.js';
import { loadLearnerLibraries } from './learnerLibraries.js';
import type { TimeSlicer } from './timeSlicer.js';

/*
 * One training of a project's built-in model: read the annotations, measure each control on
 * held-out tasks, train it on all of them, store the result as the next version. Every loop
 * pauses through the slicer, so requests keep being answered meanwhile.
 */

const PAGE_SIZE = 250;

export interface TrainingOutcome {
  /** What this run trained on (or would have): the scheduler compares it with later changes. */
  fingerprint: string;
  /** The stored version, or null when nothing could be trained (then `problem` says why). */
  version: number | null;
  model: StoredLocalModel | null;
  problem: string | null;
}

async function readAllAnnotations(deps: MlDeps, project: number, slicer: TimeSlicer): Promise<TrainingAnnotation[]> {
  const annotations: TrainingAnnotation[] = [];
  let after = 0;
  for (;;) {
    const page = readTrainingAnnotations(deps, project, after, PAGE_SIZE);
    annotations.push(...page);
    if (page.length < PAGE_SIZE) return annotations;
    after = page[page.length - 1]!.task;
    await slicer.pause();
  }
}

function meanHeadline(metrics: readonly ControlMetrics[]): number | null {
  const figures = metrics.map(headlineOf).filter((figure): figure is number => figure !== null);
  return figures.length === 0 ? null : round4(figures.reduce((sum, figure) => sum + figure, 0) / figures.length);
}

/** What a training of the project would learn from now; null for a project that is gone. */
export function currentFingerprint(deps: MlDeps, project: number): string | null {
  const row = findProjectById(deps.db, project);
  return row ? trainingFingerprint(deps, project, row.label_config) : null;
}

export async function trainLocalModel(deps: MlDeps, project: number, slicer: TimeSlicer): Promise<TrainingOutcome> {
  // 1. The config decides what can be learned; the fingerprint is taken before reading, so a
  //    change made while this run reads is seen as newer than this model.
  const row = findProjectById(deps.db, project);
  if (!row) return { fingerprint: '', version: null, model: null, problem: 'The project no longer exists.' };
  const fingerprint = trainingFingerprint(deps, project, row.label_config);
  const learnable = learnableControlsOf(row.label_config, JSON.parse(row.parsed_label_config) as ParsedLabelConfig);
  const failed = (problem: string): TrainingOutcome => ({ fingerprint, version: null, model: null, problem });
  if (learnable.reason !== null) return failed(learnable.reason);

  // 2. The annotations, and each text's words once.
  const annotations = await readAllAnnotations(deps, project, slicer);
  const features = await loadTextFeatures();
  await loadLearnerLibraries();
  const tokens = new Map<number, Map<string, string[]>>();
  const tokensOf: TokensOf = (task, text) => {
    const byText = tokens.get(task) ?? new Map<string, string[]>();
    tokens.set(task, byText);
    if (!byText.has(text)) byText.set(text, features(text));
    return byText.get(text)!;
  };

  // 3. Each control: measured on held-out tasks, then trained on all.
  const controls: Record<string, StoredControlModel> = {};
  const metrics: Record<string, ControlMetrics> = {};
  const problems: string[] = [];
  for (const control of learnable.controls) {
    const set = await examplesOfControl(control, annotations, tokensOf, slicer);
    const trained = await trainControl(set, slicer);
    if (!trained.ok) {
      problems.push(`"${control.name}" is not trained: ${trained.problem}.`);
      continue;
    }
    metrics[control.name] = await evaluateControl(set, slicer);
    controls[control.name] = trained.model;
  }
  if (Object.keys(controls).length === 0) return failed(problems.join(' '));

  // 4. Stored as the next version.
  const model: StoredLocalModel = { format: MODEL_FORMAT, controls };
  const stored: StoredMetrics = {
    held_out: annotations.filter((annotation) => isHeldOut(annotation.task)).length,
    accuracy: meanHeadline(Object.values(metrics)),
    controls: metrics,
    problems,
    fingerprint,
  };
  await slicer.pause();
  const { version } = saveLocalModel(deps, project, {
    annotation_count: annotations.length,
    metrics: stored,
    model,
  });
  return { fingerprint, version, model, problem: null };
}
