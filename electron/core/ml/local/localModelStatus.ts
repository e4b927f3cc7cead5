import { findLocalModelRecord } from '../../domain/ml/localModelRecords.js';
import { countTrainingTasks } from '../../domain/ml/trainingAnnotations.js';
import type { ParsedLabelConfig } from '../../../../shared/label-config/index.js';
import { findProjectById } from '../../db/repos/projectsRepo.js';
import { NotFoundError } from '../../domain/errors.js';
import type { MlDeps } from '../mlDeps.js';
import type { LocalModelStatus } from '../../../../shared/api/ml.js';
import { detectorStatusFor } from './detector/detectorModelServer.js';
import { learnableControlsOf, type LearnableConfig } from './learnableControls.js';
import { trainingStateOf, type TrainingState } from './retrainingScheduler.js';
import { modelVersionName, readStoredMetrics } from './storedLocalModel.js';
import { MIN_EXAMPLES } from './trained.js';
import { ocrModelStatus } from './ocr/ocrModelStatus.js';
import { projectOcrConfig } from './ocr/ocrModelServer.js';
import { SEGMENT_MODEL_VERSION, segmentConfigFor } from './segment/segmentOnRequest.js';
import { SEGMENTS_ON_REQUEST, type SegmentConfig } from './segment/segmentConfig.js';
import { untrainedSkillStatus } from './skillStatus.js';

/* What `GET /api/outpost/ml/local-model` reports (shared/api/ml.ts; documented in the route file). */

/** The config the project has now, as the built-in model sees it. */
export function learnableConfigOf(deps: MlDeps, project: number): LearnableConfig {
  const row = findProjectById(deps.db, project);
  if (!row) throw new NotFoundError('No Project matches the given query.');
  return learnableControlsOf(row.label_config, JSON.parse(row.parsed_label_config) as ParsedLabelConfig);
}

/** Why a project without a model has none yet. */
export function untrainedReason(deps: MlDeps, project: number, training: TrainingState): string {
  if (training.lastProblem !== null) return training.lastProblem;
  if (training.busy) return 'Its first training is still running.';
  const count = countTrainingTasks(deps, project);
  if (count < MIN_EXAMPLES) {
    return `The built-in model needs at least ${MIN_EXAMPLES} annotated tasks to learn from; this project has ${count}.`;
  }
  return 'Not trained yet: it trains after the next annotation change, or when training is started.';
}

export function getLocalModelStatus(deps: MlDeps, project: number): LocalModelStatus {
  const ocr = projectOcrConfig(deps, project);
  if (ocr) return ocrModelStatus(project, ocr);
  const learnable = learnableConfigOf(deps, project);
  const detecting = detectorStatusFor(deps, project);
  if (detecting && (detecting.supported || learnable.reason !== null)) return detecting;
  const record = findLocalModelRecord(deps, project);
  const training = trainingStateOf(deps.db, project);
  const metrics = record ? readStoredMetrics(record.metrics) : null;
  const supported = learnable.reason === null;
  const segmenting = supported ? null : segmentConfigFor(deps, project);
  if (segmenting) return segmentingStatus(project, segmenting);

  let reason = learnable.reason;
  if (supported && !record) reason = training.busy ? null : untrainedReason(deps, project, training);
  else if (supported && training.lastProblem !== null) reason = `Not retrained: ${training.lastProblem}`;
  else if (supported && metrics && metrics.problems.length > 0) reason = metrics.problems.join(' ');
  return {
    project,
    supported,
    reason,
    controls: learnable.controls.map((control) => ({ name: control.name, kind: control.kind })),
    state: supported && training.busy ? 'training' : supported && record ? 'ready' : 'untrained',
    model_version: modelVersionName(record?.version ?? null),
    version: record?.version ?? null,
    trained_at: record?.trained_at ?? null,
    annotation_count: record?.annotation_count ?? 0,
    held_out: metrics?.held_out ?? 0,
    accuracy: metrics?.accuracy ?? null,
    metrics: metrics?.controls ?? {},
  };
}

/** An image config it segments on request: nothing to train, always ready. */
function segmentingStatus(project: number, config: SegmentConfig): LocalModelStatus {
  return untrainedSkillStatus(project, {
    reason: SEGMENTS_ON_REQUEST,
    controls: [{ name: config.output.name, kind: 'segmentation' }],
    model_version: SEGMENT_MODEL_VERSION,
  });
}
