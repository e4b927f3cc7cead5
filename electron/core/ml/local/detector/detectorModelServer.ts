import type { DetectorSetting, LocalModelStatus } from '../../../../../shared/api/ml.js';
import type { ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import { findProjectById } from '../../../db/repos/projectsRepo.js';
import { NotFoundError } from '../../../domain/errors.js';
import type { MlDeps } from '../../mlDeps.js';
import type { ModelCallResult, ModelServer } from '../../modelServer.js';
import { labelsForClasses } from './detectOnTask.js';
import { detectorVersionName, predictWithDetector } from './detectorPredictions.js';
import { detectionTargetsOf, type DetectionTarget } from './detectorResults.js';
import { findProjectDetector, type StoredDetector } from './detectorStore.js';
import { untrainedSkillStatus } from '../skillStatus.js';

/*
 * The built-in model of a project that has an ONNX detector set and a control it answers on an
 * Image (a RectangleLabels; with a segmenter also a BrushLabels or PolygonLabels): it answers the
 * model server's calls with the detector's boxes or masks. There is nothing to
 * train; the model is the file. Projects without both use the text skills as before.
 */

const answer = (status: number, body: unknown): ModelCallResult => ({ ok: true, status, body });

function targetsOf(deps: MlDeps, project: number, stored: StoredDetector): DetectionTarget[] {
  const row = findProjectById(deps.db, project);
  const parsed = row ? (JSON.parse(row.parsed_label_config) as ParsedLabelConfig) : {};
  return detectionTargetsOf(parsed, stored.shape.isSegmenter);
}

/** The label each class is predicted as (the first control's that has one), or null when none has. */
function classLabels(stored: StoredDetector, targets: readonly DetectionTarget[]): (string | null)[] {
  const names = stored.shape.classNames;
  const perTarget = targets.map((target) => labelsForClasses(names, target.labels));
  return names.map((_, index) => perTarget.map((labels) => labels[index]).find((label) => label) ?? null);
}

export function describeDetector(project: number, stored: StoredDetector, targets: DetectionTarget[]): DetectorSetting {
  const labels = classLabels(stored, targets);
  return {
    project,
    file_name: stored.file_name,
    source_path: stored.source_path,
    size: stored.size,
    set_at: stored.set_at,
    model_version: detectorVersionName(stored),
    input_width: stored.shape.input.width,
    input_height: stored.shape.input.height,
    layout: stored.shape.output.layout,
    segmenter: stored.shape.isSegmenter,
    score_threshold: stored.score_threshold,
    class_names: stored.shape.classNames,
    class_names_from: stored.shape.namesFrom,
    class_labels: labels,
    unmapped_classes: targets.length === 0 ? [] : stored.shape.classNames.filter((_, index) => !labels[index]),
  };
}

export function projectDetectorSetting(deps: MlDeps, project: number): DetectorSetting | null {
  if (!findProjectById(deps.db, project)) throw new NotFoundError('No Project matches the given query.');
  const stored = findProjectDetector(deps, project);
  return stored && describeDetector(project, stored, targetsOf(deps, project, stored));
}

/** The model server for a project whose built-in model detects, or null when it does not. */
export function detectorServerFor(deps: MlDeps, project: number): ModelServer | null {
  const stored = findProjectDetector(deps, project);
  const targets = stored ? targetsOf(deps, project, stored) : [];
  if (!stored || targets.length === 0) return null;
  const version = detectorVersionName(stored);
  return {
    health: async () => answer(200, { status: 'UP', model_class: 'OutpostLocalDetector' }),
    setup: async () => answer(200, { model_version: version }),
    predict: async (request) => {
      const results = await predictWithDetector(deps, project, stored, targets, request.tasks);
      return answer(200, { results, model_version: version });
    },
    // Nothing learns from annotations: the detector is the file that was set.
    webhook: async () => answer(200, {}),
    versions: async () => answer(200, { versions: [version] }),
  };
}

/** The status of a project that has a detector set, or null when it has none. */
export function detectorStatusFor(deps: MlDeps, project: number): LocalModelStatus | null {
  const stored = findProjectDetector(deps, project);
  if (!stored) return null;
  const targets = targetsOf(deps, project, stored);
  const setting = describeDetector(project, stored, targets);
  let reason: string | null = null;
  if (targets.length === 0) {
    const controls = stored.shape.isSegmenter ? 'RectangleLabels, BrushLabels or PolygonLabels' : 'RectangleLabels';
    reason = `The detector ${stored.file_name} is set, but this labeling config has no ${controls} on an Image.`;
  } else if (setting.unmapped_classes.length > 0) {
    // A detector trained on COCO has 80 classes; a config usually wants a few of them.
    const unmapped = setting.unmapped_classes;
    const shown = unmapped
      .slice(0, 10)
      .map((name) => `"${name}"`)
      .join(', ');
    const more = unmapped.length > 10 ? ` and ${unmapped.length - 10} more` : '';
    reason = `The detector's classes ${shown}${more} match no label of the config and are not predicted.`;
  }
  return untrainedSkillStatus(project, {
    supported: targets.length > 0,
    reason,
    controls: targets.map((target) => ({
      name: target.name,
      kind: target.type === 'rectanglelabels' ? ('detection' as const) : ('segmentation' as const),
    })),
    state: targets.length > 0 ? 'ready' : 'untrained',
    model_version: setting.model_version,
    trained_at: stored.set_at,
    detector: setting,
  });
}
