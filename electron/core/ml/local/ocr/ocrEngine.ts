import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import { readOcrLines, type OcrPage } from './ocrLines.js';

/*
 * Tesseract (tesseract.js: the C++ engine compiled to WebAssembly) in a worker thread of its own,
 * so a request never waits behind a recognition: the server's thread only posts the image bytes
 * and reads the answer. Everything it loads comes from node_modules on disk: the engine is
 * `require`d from tesseract.js-core, the English model is read from @tesseract.js-data/eng, and
 * nothing is cached or fetched (`cacheMethod: 'none'`, a local `langPath`), so OCR works with no
 * network at all. One image is recognized at a time; each gets a time limit, after which the
 * worker is ended (the only way to stop a running recognition) and a fresh one serves the next.
 */

/** How long one image may take before it is given up. */
export const OCR_TIME_LIMIT_MS = 30_000;
/** An unused worker is ended after this long: its model holds about a hundred megabytes. */
const IDLE_MS = 60_000;

/**
 * Tesseract's heavy noise removal: specks of scanner noise next to a line are otherwise read as
 * punctuation and stray letters at its ends (on the bench's noisy images it more than halves the
 * character error rate, and costs nothing measurable on clean ones).
 */
export const OCR_PARAMETERS: Partial<Tesseract.WorkerParams> = { textord_heavy_nr: '1' };

export class OcrFailure extends Error {}

/**
 * Where the engine's files are read from: the LSTM model (the "best" network in integers, the one
 * tesseract.js uses for its default engine mode) shipped gzipped in the npm package.
 */
export function ocrDataPaths(): { langPath: string } {
  const packageJson = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return { langPath: join(dirname(packageJson), '4.0.0_best_int') };
}

/** The options the worker is created with: only paths on disk, no cache, errors as rejections. */
export function ocrWorkerOptions(): Partial<Tesseract.WorkerOptions> {
  return {
    ...ocrDataPaths(),
    gzip: true,
    cacheMethod: 'none',
    // Without a handler tesseract.js rethrows a failed job in its message listener, where
    // nothing catches it; the job's own promise still rejects.
    errorHandler: () => {},
    logger: () => {},
  };
}

interface Engine {
  worker: Tesseract.Worker;
  /** The worker's thread: ended on a time limit, and not keeping the process alive. */
  thread: { terminate(): unknown; unref(): void; once(event: 'error' | 'exit', listener: () => void): unknown };
}

let engine: Promise<Engine> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;
let idleTimer: NodeJS.Timeout | null = null;

async function startEngine(): Promise<Engine> {
  const { createWorker, OEM } = (await import('tesseract.js')).default;
  const worker = await createWorker('eng', OEM.LSTM_ONLY, ocrWorkerOptions());
  await worker.setParameters(OCR_PARAMETERS);
  const thread = (worker as unknown as { worker: Engine['thread'] }).worker;
  thread.unref();
  const current = engine;
  const forget = () => {
    if (current === engine) engine = null;
  };
  // A thread that dies (out of memory in the engine, say) is replaced on the next image.
  thread.once('error', forget);
  thread.once('exit', forget);
  return { worker, thread };
}

function endEngine(): void {
  const ending = engine;
  engine = null;
  void ending?.then(({ thread }) => thread.terminate()).catch(() => {});
}

function withTimeLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      endEngine();
      reject(new OcrFailure(`reading the image took longer than ${Math.round(ms / 1000)} seconds`));
    }, ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function describeEngineError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/attempting to read image/i.test(text)) return 'the file is not an image Tesseract can read (or it is damaged)';
  return `the OCR engine failed (${text.replace(/^Error:\s*/, '')})`;
}

async function recognizeNow(bytes: Uint8Array, timeLimitMs: number): Promise<OcrPage> {
  engine ??= startEngine();
  const starting = engine;
  try {
    const { worker } = await withTimeLimit(starting, timeLimitMs);
    const result = await withTimeLimit(
      worker.recognize(Buffer.from(bytes), {}, { text: false, tsv: true }),
      timeLimitMs,
    );
    return readOcrLines(result.data.tsv ?? '');
  } catch (error) {
    if (error instanceof OcrFailure) throw error;
    // A failed start is not kept: the next image tries again.
    if (engine === starting && !(await starting.then(() => true).catch(() => false))) engine = null;
    throw new OcrFailure(describeEngineError(error));
  }
}

/** The text lines of one image (PNG, JPEG, GIF, BMP, TIFF or WebP bytes), one image at a time. */
export function recognizeImage(bytes: Uint8Array, timeLimitMs = OCR_TIME_LIMIT_MS): Promise<OcrPage> {
  if (idleTimer) clearTimeout(idleTimer);
  waiting += 1;
  const run = queue.then(() => recognizeNow(bytes, timeLimitMs));
  queue = run
    .catch(() => {})
    .then(() => {
      waiting -= 1;
      if (waiting > 0) return;
      idleTimer = setTimeout(endEngine, IDLE_MS);
      idleTimer.unref();
    });
  return run;
}

/** Ends the worker now (tests, and a process that is closing). */
export function stopOcrEngine(): void {
  if (idleTimer) clearTimeout(idleTimer);
  endEngine();
}
