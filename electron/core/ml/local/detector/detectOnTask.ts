import { readFile } from 'node:fs/promises';
import { decodeImage, ImageDecodeError, type RgbImage } from '../image/imagePixels.js';
import { detect, DetectorModelError, type DetectedImage } from './detectorModel.js';
import { detectionRegion, type DetectionTarget } from './detectorResults.js';
import { withStoredDetector } from './openDetectors.js';
import { DEFAULT_DECODE } from './yoloOutput.js';

/*
 * One task's detections, run in the image worker (imageWorker/): the model's boxes or masks on
 * the task's images as each target control's regions, labelled with the config's label for the
 * model's class. Everything it takes and gives is plain data, as it crosses between threads: the
 * server's thread resolves the images' files and the worker reads them.
 */

export interface DetectJob {
  modelPath: string;
  classNames: string[];
  scoreThreshold: number;
  targets: DetectionTarget[];
  /** The file holding each target's image, by the task data key that names it. */
  imagePaths: Record<string, string>;
}

export type DetectAnswer = { result: Record<string, unknown>[]; scores: number[] } | { error: string };

/** The label of each class (by index), or null for a class the config has no label for. */
export function labelsForClasses(classNames: readonly string[], labels: readonly string[]): (string | null)[] {
  if (labels.length === 0) return [...classNames];
  return classNames.map((name) => {
    if (labels.includes(name)) return name;
    const lower = name.toLowerCase();
    return labels.find((label) => label.toLowerCase() === lower) ?? null;
  });
}

async function readImage(path: string): Promise<RgbImage> {
  const bytes = await readFile(path).catch(() => {
    throw new ImageDecodeError('its image file could not be read from disk');
  });
  return decodeImage(bytes);
}

async function detectRegions(job: DetectJob): Promise<DetectAnswer> {
  const options = { ...DEFAULT_DECODE, scoreThreshold: job.scoreThreshold };
  const result: Record<string, unknown>[] = [];
  const scores: number[] = [];
  await withStoredDetector(job.modelPath, job.classNames, async (detector) => {
    // Controls on the same image share one run of the model.
    const runs = new Map<string, { image: RgbImage; detected: DetectedImage }>();
    for (const target of job.targets) {
      let run = runs.get(target.dataKey);
      if (!run) {
        const image = await readImage(job.imagePaths[target.dataKey]!);
        run = { image, detected: await detect(detector, image, options) };
        runs.set(target.dataKey, run);
      }
      const labels = labelsForClasses(job.classNames, target.labels);
      for (const box of run.detected.detections) {
        const label = labels[box.classIndex];
        const region = label ? await detectionRegion(target, box, label, run.detected, run.image) : null;
        if (!region) continue;
        result.push(region);
        scores.push(region.score as number);
      }
    }
  });
  return { result, scores };
}

/** The task's regions, or why it has none: a model server answers every task, each on its own. */
export async function detectOnTask(job: DetectJob): Promise<DetectAnswer> {
  try {
    return await detectRegions(job);
  } catch (error) {
    const known = error instanceof ImageDecodeError || error instanceof DetectorModelError;
    const code = (error as NodeJS.ErrnoException).code;
    return { error: known ? error.message : `the detector failed on this task (${code ?? String(error)})` };
  }
}
