import type { MlDeps } from '../../mlDeps.js';
import type { TaskAnswer } from '../localPredictions.js';
import { runImageJob } from '../imageWorker/imageWorker.js';
import { detectorModelPath, type StoredDetector } from './detectorStore.js';
import type { DetectionTarget } from './detectorResults.js';

/*
 * The detector's answer to /predict: for each control on an Image it answers (detectorResults.ts),
 * the model's detections on the task's image as that control's regions, each with its score,
 * labelled with the config's label for the model's class. A class name maps to the label spelled
 * the same, else to one spelled the same but for case; classes the config has no label for are
 * left out (the status lists them). The image is read only from files this server holds, never
 * downloaded. Each task runs in the image worker (detectOnTask.ts), one after another, so the
 * server's thread answers other requests meanwhile and a click-to-segment waits for one task at most.
 */

export function detectorVersionName(stored: StoredDetector): string {
  return `detector-${stored.sha256}`;
}

/** The file of each target's image, by data key, or why the task's image cannot be read. */
function imagePathsOf(
  deps: MlDeps,
  project: number,
  targets: readonly DetectionTarget[],
  task: Record<string, unknown>,
): Record<string, string> | string {
  const data = (typeof task.data === 'object' && task.data !== null ? task.data : {}) as Record<string, unknown>;
  const paths: Record<string, string> = {};
  for (const { dataKey } of targets) {
    const url = data[dataKey];
    if (typeof url !== 'string' || url === '') return `the task has no image under "${dataKey}"`;
    const path = deps.resolveTaskMedia?.(project, url) ?? null;
    if (path === null) {
      return (
        `its image ${url} is not a file this server holds (uploads, local-files storages and media synced ` +
        'from a remote are read; nothing is downloaded)'
      );
    }
    paths[dataKey] = path;
  }
  return paths;
}

async function predictTask(
  deps: MlDeps,
  project: number,
  stored: StoredDetector,
  targets: readonly DetectionTarget[],
  task: Record<string, unknown>,
): Promise<TaskAnswer> {
  const imagePaths = imagePathsOf(deps, project, targets, task);
  if (typeof imagePaths === 'string') return { error: imagePaths };
  const job = {
    modelPath: detectorModelPath(deps, project),
    classNames: stored.shape.classNames,
    scoreThreshold: stored.score_threshold,
    targets: [...targets],
    imagePaths,
  };
  let answer;
  try {
    answer = await runImageJob({ kind: 'detect', job });
  } catch (error) {
    return { error: `the detector failed on this task (${(error as Error).message})` };
  }
  if ('error' in answer) return answer;
  // The prediction's score is its weakest box's, so sorting by it finds tasks worth a look.
  const score = answer.scores.length === 0 ? 0 : Math.min(...answer.scores);
  return { result: answer.result, score, model_version: detectorVersionName(stored) };
}

export async function predictWithDetector(
  deps: MlDeps,
  project: number,
  stored: StoredDetector,
  targets: readonly DetectionTarget[],
  tasks: readonly Record<string, unknown>[],
): Promise<TaskAnswer[]> {
  const answers: TaskAnswer[] = [];
  for (const task of tasks) answers.push(await predictTask(deps, project, stored, targets, task));
  return answers;
}
