import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { NODE_BUNDLE } from '../helpers/nodeBundle.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { detect, openDetector } from '../../electron/core/ml/local/detector/detectorModel.js';
import { DEFAULT_DECODE } from '../../electron/core/ml/local/detector/yoloOutput.js';
import { loadOpenCv } from '../../electron/core/ml/local/segment/openCv.js';
import { boxMask } from '../../electron/core/ml/local/segment/segmentMasks.js';
import { generateScene } from '../helpers/segmentScenes.js';
import { SEGMENTED_IMAGE, testSegmenter } from './detector/segmenterFixture.js';

/*
 * Click-to-segment (OpenCV's WebAssembly) and the detector or segmenter (onnxruntime-web) never
 * leave the machine: their own code, bundled as it ships (packages left to node_modules) and run
 * through the image worker as the server runs it, in a process whose every thread has the network
 * blocked (offline/networkGuard.mjs, as for OCR), still answers what the inputs hold. The same processes reaching for the network (a fetch after
 * segmenting, a socket after detecting) are caught, which shows the guard works there.
 */

const run = promisify(execFile);
const GUARD = join(import.meta.dirname, 'offline', 'networkGuard.mjs');
const ENTRY = join(import.meta.dirname, 'offline', 'skillsOffline.ts');
const WORKER = join(import.meta.dirname, '..', '..', 'electron/core/ml/local/imageWorker/imageWorkerThread.ts');
let bundle = '';

beforeAll(async () => {
  // Inside the checkout (dist/ is not versioned), so the packages it leaves out resolve from
  // node_modules; the image worker's thread beside it, where the built app has it.
  const root = join(import.meta.dirname, '..', '..', 'dist');
  mkdirSync(root, { recursive: true });
  const outdir = mkdtempSync(join(root, 'offline-'));
  bundle = join(outdir, 'skillsOffline.js');
  await build({ ...NODE_BUNDLE, entryPoints: [ENTRY, WORKER], entryNames: '[name]', outdir });
}, 60_000);

afterAll(() => rmSync(dirname(bundle), { recursive: true, force: true }));

/** The bundle in a guarded child process; never rejects, so failures can be read. */
async function runGuarded(mode: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bundle, mode], {
      env: { ...process.env, NODE_OPTIONS: `--import ${pathToFileURL(GUARD).href}` },
      // Ends well within this when the image worker lets the process exit once its work is done
      // (an idle worker lives a minute; one that held the process open would be killed here).
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('click-to-segment and the detector offline', () => {
  it('segments in a process whose every thread has the network blocked', async () => {
    const guarded = await runGuarded('segment');
    expect(guarded.stderr).not.toContain('NETWORK ATTEMPT');
    expect(guarded.code).toBe(0);
    const answer = JSON.parse(guarded.stdout) as { iou: number; type: string };
    expect(answer.type).toBe('brushlabels');
    expect(answer.iou).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('runs a segmenter and reads its masks in such a process', async () => {
    const guarded = await runGuarded('detect');
    expect(guarded.stderr).not.toContain('NETWORK ATTEMPT');
    expect(guarded.code).toBe(0);
    const answer = JSON.parse(guarded.stdout) as { found: string[]; ious: number[] };
    expect(answer.found).toEqual(['car', 'person']);
    for (const iou of answer.ious) expect(iou).toBeGreaterThanOrEqual(0.93);
  }, 120_000);

  it('is caught by the same guard when the segmenting process downloads an image', async () => {
    const guarded = await runGuarded('segment-control');
    expect(guarded.code).not.toBe(0);
    expect(guarded.stderr).toContain('NETWORK ATTEMPT: fetch https://example.com/photo.png');
  }, 120_000);

  it('is caught by the same guard when the detecting process connects to another machine', async () => {
    const guarded = await runGuarded('detect-control');
    expect(guarded.code).not.toBe(0);
    expect(guarded.stderr).toContain('NETWORK ATTEMPT: socket to 93.184.216.34:443');
  }, 120_000);

  it('opens no socket and calls no fetch while it segments and detects in the thread that runs it', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const { cv } = await loadOpenCv();
      const scene = generateScene(12, 'blob', 300, 200);
      const image = { width: scene.width, height: scene.height, rgb: scene.pixels };
      expect(boxMask(cv, image, scene.box, { positive: [], negative: [] }).includes(1)).toBe(true);
      const opened = await openDetector(testSegmenter(), null);
      const gray = { ...SEGMENTED_IMAGE, rgb: new Uint8Array(SEGMENTED_IMAGE.width * SEGMENTED_IMAGE.height * 3) };
      const { detections, maskOf } = await detect(opened, gray, DEFAULT_DECODE);
      await opened.session.release();
      expect(detections.map((box) => maskOf!(box).includes(1))).toEqual([true, true]);
      expect(connect).not.toHaveBeenCalled();
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
      fetchSpy.mockRestore();
    }
  }, 60_000);
});
