import { parentPort } from 'node:worker_threads';
import { detectOnTask } from '../detector/detectOnTask.js';
import { inspectDetector } from '../detector/detectorModel.js';
import { forgetOpenDetector } from '../detector/openDetectors.js';
import { segmentImage } from '../segment/segmentImage.js';
import type { ImageWork, ImageWorkerReply, ImageWorkerRequest } from './imageWorkerMessages.js';

/*
 * The image worker's thread (its own entry in the build, dist/imageWorkerThread.js): decoding
 * images, running ONNX detectors and OpenCV's segmentation off the server's thread. It holds what
 * is costly to load (the runtimes, opened models, the last images decoded) between jobs, and runs
 * the jobs in the order the server's thread sends them, one at a time.
 */

const port = parentPort!;

function run(work: ImageWork) {
  if (work.kind === 'detect') return detectOnTask(work.job);
  if (work.kind === 'segment') return segmentImage(work.job);
  return inspectDetector(work.job.bytes, work.job.classNames);
}

async function answerOf(request: Extract<ImageWorkerRequest, { type: 'job' }>): Promise<ImageWorkerReply> {
  try {
    return { id: request.id, answer: await run(request.work) };
  } catch (error) {
    return { id: request.id, failure: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (request: ImageWorkerRequest) => {
  if (request.type === 'forget') forgetOpenDetector(request.modelPath);
  else void answerOf(request).then((reply) => port.postMessage(reply));
});
