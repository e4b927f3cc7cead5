import { readFileSync } from 'node:fs';
import type { MlDeps } from '../../mlDeps.js';
import type { TaskAnswer } from '../localPredictions.js';
import type { TimeSlicer } from '../timeSlicer.js';
import { detect, DetectorModelError, type DetectedImage } from './detectorModel.js';
import { detectorModelPath, type StoredDetector } from './detectorStore.js';
import { detectionRegion, type DetectionTarget } from './detectorResults.js';
import { withStoredDetector } from './openDetectors.js';
import { decodeImage, ImageDecodeError, type RgbImage } from '../image/imagePixels.js';
import { DEFAULT_DECODE } from './yoloOutput.js';

/*
 * The detector's answer to /predict: for each control on an Image it answers (detectorResults.ts),
 * the model's detections on the task's image as that control's regions, each with its score, labelled with the config's
 * label for the model's class. A class name maps to the label spelled the same, else to one
 * spelled the same but for case; classes the config has no label for are left out (the status
 * lists them). The image is read only from files this server holds, never downloaded.
 */

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
    // Controls on the same image share one run of the model.
    const runs = new Map<string, { image: RgbImage; detected: DetectedImage }>();
    for (const target of targets) {
      let run = runs.get(target.dataKey);
      if (!run) {
        const image = decodeImage(readFileSync(imagePathOf(deps, project, data, target.dataKey)));
        run = { image, detected: await detect(detector, image, options) };
        runs.set(target.dataKey, run);
      }
      const labels = labelsForClasses(stored.shape.classNames, target.labels);
      for (const box of run.detected.detections) {
        const label = labels[box.classIndex];
        const region = label ? await detectionRegion(target, box, label, run.detected, run.image) : null;
        if (!region) continue;
        result.push(region);
        scores.push(region.score as number);
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
