import type { LocalModelStatus } from '../../../../shared/api/ml.js';

/*
 * What `GET /api/outpost/ml/local-model` says of a skill that learns nothing from annotations (OCR,
 * click-to-segment, a detector file): ready as soon as the config allows it, with no training, no
 * held-out sample and no figures of its own.
 */
export function untrainedSkillStatus(
  project: number,
  skill: Pick<LocalModelStatus, 'controls' | 'model_version' | 'reason'> & Partial<LocalModelStatus>,
): LocalModelStatus {
  return {
    project,
    supported: true,
    state: 'ready',
    version: null,
    trained_at: null,
    annotation_count: 0,
    held_out: 0,
    accuracy: null,
    metrics: {},
    ...skill,
  };
}
