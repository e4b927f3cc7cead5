import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImageAnswer, ImageWork, ImageWorkerReply, ImageWorkerRequest } from './imageWorkerMessages.js';

/*
 * The server's side of the image worker: a worker thread that decodes task images, runs a
 * project's ONNX detector and segments on request (imageWorkerThread.ts), so the server's thread
 * only posts paths and reads answers. A 12-megapixel JPEG alone takes about a second to decode;
 * on the server's thread every request (the editor's next task, a draft saved) would wait behind it.
 *
 * Jobs go to the thread one at a time, in the order they come. A prediction sends its tasks one
 * after another (detectorPredictions.ts), so a click-to-segment from the editor waits for one
 * task's detection at most, not for a project's pre-labeling. A job past its time limit ends the
 * thread (the only way to stop a model mid-run) and a fresh one serves the next; so does a thread
 * that dies. An idle thread is ended after a minute, as it holds the runtimes and the models it
 * opened, and it never keeps the process alive.
 */

export class ImageWorkerFailure extends Error {}

/** How long one job may take before it is given up. */
export const IMAGE_JOB_TIME_LIMIT_MS = 60_000;
const IDLE_MS = 60_000;

interface Queued {
  work: ImageWork;
  timeLimitMs: number;
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

interface Running extends Queued {
  id: number;
  timer: NodeJS.Timeout;
}

const queue: Queued[] = [];
let thread: Worker | null = null;
let running: Running | null = null;
let nextId = 1;
let idleTimer: NodeJS.Timeout | null = null;

/**
 * Where the thread's code is: beside the bundle this file was built into. Tests run the sources,
 * which have no bundled thread beside them, so the test setup bundles one and names it.
 */
function threadScript(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./imageWorkerThread.js', import.meta.url);
  const bundled = process.env.OUTPOST_TEST_IMAGE_WORKER;
  if (!bundled) throw new ImageWorkerFailure('the image worker is not built (run it from dist/, or through vitest)');
  return pathToFileURL(bundled);
}

const durationText = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} seconds`);

function settle(reply: ImageWorkerReply): void {
  const job = running;
  if (!job || job.id !== reply.id) return;
  running = null;
  clearTimeout(job.timer);
  if ('answer' in reply) job.resolve(reply.answer);
  else job.reject(new ImageWorkerFailure(reply.failure));
  dispatch();
}

/** Fails the running job, if any, with the reason, and goes on with the next one. */
function failRunning(why: string): void {
  const job = running;
  if (!job) return;
  running = null;
  clearTimeout(job.timer);
  job.reject(new ImageWorkerFailure(why));
  dispatch();
}

function startThread(): Worker {
  const started = new Worker(threadScript());
  let lastError: string | null = null;
  started.on('message', settle);
  // An uncaught error (a runtime out of memory, say) ends the thread; its exit tells the job why.
  started.on('error', (error) => {
    lastError = error.message;
  });
  started.on('exit', (code) => {
    if (thread !== started) return;
    thread = null;
    failRunning(`the image worker stopped unexpectedly (${lastError ?? `exit code ${code}`})`);
  });
  // After the listeners: adding one to a worker's messages holds the process open again.
  started.unref();
  return started;
}

/** Ends the thread now; the running job, if any, fails with the reason and the next one gets a fresh thread. */
function endThread(why: string): void {
  const ending = thread;
  thread = null;
  void ending?.terminate();
  failRunning(why);
}

function dispatch(): void {
  if (running) return;
  if (idleTimer) clearTimeout(idleTimer);
  const next = queue.shift();
  if (!next) {
    idleTimer = setTimeout(() => endThread('the image worker was idle'), IDLE_MS);
    idleTimer.unref();
    return;
  }
  let current: Worker;
  try {
    current = thread ??= startThread();
  } catch (error) {
    next.reject(error instanceof Error ? error : new ImageWorkerFailure(String(error)));
    dispatch();
    return;
  }
  const id = nextId++;
  // Left ref'd: while a job runs, its timer is what keeps the process alive (the thread does not).
  const timer = setTimeout(() => {
    if (running?.id === id) endThread(`it took longer than ${durationText(next.timeLimitMs)}`);
  }, next.timeLimitMs);
  running = { ...next, id, timer };
  const request: ImageWorkerRequest = { type: 'job', id, work: next.work };
  current.postMessage(request);
}

/** Runs one job in the image worker: its answer, or an ImageWorkerFailure saying why there is none. */
export function runImageJob<Work extends ImageWork>(
  work: Work,
  { timeLimitMs = IMAGE_JOB_TIME_LIMIT_MS }: { timeLimitMs?: number } = {},
): Promise<ImageAnswer<Work>> {
  return new Promise((resolve, reject) => {
    const queued: Queued = { work, timeLimitMs, resolve: resolve as (answer: unknown) => void, reject };
    queue.push(queued);
    dispatch();
  });
}

/** Releases the worker's opened copy of a detector file that was replaced or removed. */
export function forgetDetectorInWorker(modelPath: string): void {
  const request: ImageWorkerRequest = { type: 'forget', modelPath };
  thread?.postMessage(request);
}

/** Ends the worker now (tests); a later job starts a fresh one. */
export function stopImageWorker(): void {
  if (idleTimer) clearTimeout(idleTimer);
  endThread('the image worker was stopped');
}
