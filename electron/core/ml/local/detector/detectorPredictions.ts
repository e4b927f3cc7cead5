import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ParsedLabelConfig } from '../../../../../shared/label-config/index.js';
import type { MlDeps } from '../../mlDeps.js';
import type { TaskAnswer } from '../localPredictions.js';
import type { TimeSlicer } from '../timeSlicer.js';
import { detect, DetectorModelError } from './detectorModel.js';
import { detectorModelPath, type StoredDetector } from './detectorStore.js';
import { toImagePercent } from './letterbox.js';
import { withStoredDetector } from './openDetectors.js';
import { decodeImage, ImageDecodeError } from '../image/imagePixels.js';
import { DEFAULT_DECODE } from './yoloOutput.js';

/*
 * The detector's answer to /predict: for each RectangleLabels on an Image, the model's boxes on
 * the task's image as rectangles in percent, each with its score, labelled with the config's
 * label for the model's class. A class name maps to the label spelled the same, else to one
 * spelled the same but for case; classes the config has no label for are left out (the status
 * lists them). The image is read only from files this server holds, never downloaded.
 */

export interface DetectionTarget {
  name: string;
  toName: string;
  dataKey: string;
  /** The config's labels; empty when they are dynamic (then the class names are used as they are). */
  labels: string[];
}

export function detectionTargetsOf(parsed: ParsedLabelConfig): DetectionTarget[] {
  return Object.entries(parsed).flatMap(([name, control]) => {
    const image = control.inputs.find((input) => input.type === 'Image' && input.value);
    if (control.type !== 'RectangleLabels' || !image?.value) return [];
    const toName = control.to_name[0] ?? '';
    return [{ name, toName, dataKey: image.value, labels: control.dynamic_labels ? [] : control.labels }];
  });
}

/** The label of each class (by index), or null for a class the config has no label for. */
export function labelsForClasses(classNames: readonly string[], labels: readonly string[]): (string | null)[] {
  if (labels.length === 0) return [...classNames];
  return classNames.map((name) => {
    if (labels.includes(name)) return name;
    const lower = name.toLowerCase();
    return labels.find((label) => label.toLowerCase() === lower) ?? null;
  });
}

export function detectorVersionName(stored: StoredDetector): string {
  return `detector-${stored.sha256}`;
}

const regionId = () => randomUUID().replaceAll('-', '').slice(0, 10);
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function imagePathOf(deps: MlDeps, project: number, data: Record<string, unknown>, key: string): string {
  const url = data[key];
  if (typeof url !== 'string' || url === '') throw new ImageDecodeError(`the task has no image under "${key}"`);
  const path = deps.resolveTaskMedia?.(project, url) ?? null;
  if (path === null) {
    throw new ImageDecodeError(
      `its image ${url} is not a file this server holds (uploads, local-files storages and media synced ` +
        'from a remote are read; nothing is downloaded)',
    );
  }
  return path;
}

async function predictTask(
  deps: MlDeps,
  project: number,
  stored: StoredDetector,
  targets: readonly DetectionTarget[],
  task: Record<string, unknown>,
): Promise<TaskAnswer> {
  const data = (typeof task.data === 'object' && task.data !== null ? task.data : {}) as Record<string, unknown>;
  const options = { ...DEFAULT_DECODE, scoreThreshold: stored.score_threshold };
  const result: Record<string, unknown>[] = [];
  const scores: number[] = [];
  await withStoredDetector(detectorModelPath(deps, project), stored.shape.classNames, async (detector) => {
    for (const target of targets) {
      const image = decodeImage(readFileSync(imagePathOf(deps, project, data, target.dataKey)));
      const { detections, frame } = await detect(detector, image, options);
      const labels = labelsForClasses(stored.shape.classNames, target.labels);
      for (const box of detections) {
        const label = labels[box.classIndex];
        const rectangle = toImagePercent(box, frame, image);
        if (!label || !rectangle) continue;
        const score = round4(box.score);
        result.push({
          id: regionId(),
          from_name: target.name,
          to_name: target.toName,
          type: 'rectanglelabels',
          original_width: image.width,
          original_height: image.height,
          image_rotation: 0,
          value: { ...rectangle, rotation: 0, rectanglelabels: [label] },
          score,
        });
        scores.push(score);
      }
    }
  });
  // The prediction's score is its weakest box's, so sorting by it finds tasks worth a look.
  const score = scores.length === 0 ? 0 : Math.min(...scores);
  return { result, score, model_version: detectorVersionName(stored) };
}

export async function predictWithDetector(
  deps: MlDeps,
  project: number,
  stored: StoredDetector,
  targets: readonly DetectionTarget[],
  tasks: readonly Record<string, unknown>[],
  slicer: TimeSlicer,
): Promise<TaskAnswer[]> {
  const answers: TaskAnswer[] = [];
  for (const task of tasks) {
    try {
      answers.push(await predictTask(deps, project, stored, targets, task));
    } catch (error) {
      // A model server answers every task: a task it cannot read says why, and the others go on.
      const known = error instanceof ImageDecodeError || error instanceof DetectorModelError;
      const code = (error as NodeJS.ErrnoException).code;
      answers.push({ error: known ? error.message : `the detector failed on this task (${code ?? String(error)})` });
    }
    await slicer.pause();
  }
  return answers;
}
