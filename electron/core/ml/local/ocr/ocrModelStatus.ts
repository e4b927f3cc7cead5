import type { LocalModelStatus } from '../../../../../shared/api/ml.js';
import { untrainedSkillStatus } from '../skillStatus.js';
import type { OcrConfig } from './ocrConfig.js';
import { OCR_MODEL_VERSION } from './ocrPredictions.js';

/** What `GET /api/outpost/ml/local-model` says of an OCR project: ready at once, nothing to train or measure. */
export function ocrModelStatus(project: number, config: OcrConfig): LocalModelStatus {
  return untrainedSkillStatus(project, {
    reason: null,
    controls: [{ name: config.textAreaName, kind: 'ocr' }],
    model_version: OCR_MODEL_VERSION,
  });
}
