import { findLocalModelRecord } from '../../domain/ml/localModelRecords.js';
import { detectorServerFor } from './detector/detectorModelServer.js';
import type { MlDeps } from '../mlDeps.js';
import type { ModelCallResult, ModelServer } from '../modelServer.js';
import { learnableConfigOf, untrainedReason } from './localModelStatus.js';
import { createOcrModelServer } from './ocr/ocrModelServer.js';
import { predictWithLocalModel } from './localPredictions.js';
import { loadLearnerLibraries } from './learnerLibraries.js';
import { currentPredictor } from './localPredictor.js';
import { SEGMENTS_ON_REQUEST } from './segment/segmentConfig.js';
import { hasContext, SEGMENT_MODEL_VERSION, segmentConfigFor, segmentOnRequest } from './segment/segmentOnRequest.js';
import { scheduleLocalRetraining, trainingStateOf } from './retrainingScheduler.js';
import { modelVersionName, readStoredMetrics } from './storedLocalModel.js';
import { loadTextFeatures } from './textFeatures.js';
import { createTimeSlicer } from './timeSlicer.js';
import { currentFingerprint } from './trainLocalModel.js';

/*
 * Outpost's built-in model behind the same five calls as a model server (modelServer.ts), so
 * connecting, predicting, training and versions work as for any backend. It runs in this process:
 * no network, and nothing to install.
 */

export { scheduleLocalRetraining } from './retrainingScheduler.js';

const answer = (status: number, body: unknown): ModelCallResult => ({ ok: true, status, body });
const refuse = (status: number, error: string): ModelCallResult => ({ ok: false, status, error });

/**
 * A model trained on other annotations (or none) than the project has now trains in the
 * background: annotations imported or synced in, or a change the process missed (it restarted
 * while a retraining was pending). Once per state: a run that could not train is not repeated.
 */
function retrainIfOutOfDate(deps: MlDeps, project: number): void {
  const state = trainingStateOf(deps.db, project);
  const fingerprint = currentFingerprint(deps, project);
  if (state.busy || fingerprint === null || fingerprint === state.lastFingerprint) return;
  const record = findLocalModelRecord(deps, project);
  if (record && readStoredMetrics(record.metrics).fingerprint === fingerprint) return;
  scheduleLocalRetraining(deps, project, { now: !record });
}

export function createLocalModelServer(deps: MlDeps, project: number): ModelServer {
  // An OCR config is read by Tesseract, which learns nothing: its own server answers.
  const ocr = createOcrModelServer(deps, project);
  if (ocr) return ocr;
  // A project with an ONNX detector set and boxes to draw on an image detects instead of learning text.
  const detector = detectorServerFor(deps, project);
  if (detector) return detector;
  return {
    async health() {
      const { reason } = learnableConfigOf(deps, project);
      if (reason !== null && !segmentConfigFor(deps, project)) return refuse(422, reason);
      return answer(200, { status: 'UP', model_class: 'OutpostLocalModel' });
    },

    async setup() {
      const { reason } = learnableConfigOf(deps, project);
      if (reason !== null && segmentConfigFor(deps, project))
        return answer(200, { model_version: SEGMENT_MODEL_VERSION });
      if (reason !== null) return refuse(422, reason);
      retrainIfOutOfDate(deps, project);
      return answer(200, { model_version: modelVersionName(findLocalModelRecord(deps, project)?.version ?? null) });
    },

    async predict(request) {
      // Image configs are segmented on request (segment/), text ones predicted by the trained model.
      const segment = segmentConfigFor(deps, project);
      if (segment && hasContext(request)) return segmentOnRequest(deps, project, segment, request);
      const learnable = learnableConfigOf(deps, project);
      if (learnable.reason !== null) return refuse(422, segment ? SEGMENTS_ON_REQUEST : learnable.reason);
      await loadLearnerLibraries();
      const predictor = currentPredictor(deps, project);
      if (!predictor) {
        const why = untrainedReason(deps, project, trainingStateOf(deps.db, project));
        return { ...refuse(503, `The built-in model is not trained yet. ${why}`), waiting: true };
      }
      const features = await loadTextFeatures();
      const results = await predictWithLocalModel(
        predictor,
        learnable.controls,
        features,
        request.tasks,
        createTimeSlicer(),
      );
      return answer(200, { results, model_version: modelVersionName(predictor.version) });
    },

    async webhook(event) {
      if (event.action === 'START_TRAINING') {
        scheduleLocalRetraining(deps, project, { now: true });
        return answer(201, { job: `local-training-${project}` });
      }
      if (typeof event.action === 'string' && event.action.startsWith('ANNOTATION')) {
        scheduleLocalRetraining(deps, project, { now: false });
      }
      return answer(200, {});
    },

    async versions() {
      const version = findLocalModelRecord(deps, project)?.version ?? null;
      return answer(200, { versions: version === null ? [] : [modelVersionName(version)] });
    },
  };
}
