import type { LocalModelStatus } from '../../../../../shared/api/ml.js';
import type { OcrConfig } from './ocrConfig.js';
import { OCR_MODEL_VERSION } from './ocrPredictions.js';

/** What `GET /api/outpost/ml/local-model` says of an OCR project: ready at once, nothing to train or measure. */
export function ocrModelStatus(project: number, config: OcrConfig): LocalModelStatus {
  return {
    project,
    supported: true,
    reason: null,
    controls: [{ name: config.textAreaName, kind: 'ocr' }],
    state: 'ready',
    model_version: OCR_MODEL_VERSION,
    version: null,
    trained_at: null,
    annotation_count: 0,
    held_out: 0,
    accuracy: null,
    metrics: {},
  };
}
