import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  OCR_PARAMETERS,
  ocrWorkerOptions,
  recognizeImage,
  stopOcrEngine,
} from '../../electron/core/ml/local/ocr/ocrEngine.js';
import { openTextImageRenderer, type TextImage } from './ocrImages.js';

/*
 * OCR never leaves the machine: the engine's options name only files on disk, and Tesseract run
 * with exactly those options in a process whose every thread has the network blocked
 * (offline/networkGuard.mjs, preloaded into the worker thread too) still reads the image. The same
 * run without the local model path is caught fetching it from a CDN, which shows the guard works.
 */

const run = promisify(execFile);
const GUARD = join(import.meta.dirname, 'offline', 'networkGuard.mjs');
const RECOGNIZE = join(import.meta.dirname, 'offline', 'recognizeOffline.mjs');

let image: TextImage;
let imagePath = '';

beforeAll(async () => {
  const renderer = await openTextImageRenderer();
  try {
    image = (
      await renderer.render([
        { width: 380, height: 90, lines: ['Nothing leaves this box'], font: 'DejaVu Sans', sizePx: 24 },
      ])
    )[0]!;
  } finally {
    await renderer.close();
  }
  imagePath = join(mkdtempSync(join(tmpdir(), 'outpost-ocr-offline-')), 'line.png');
  writeFileSync(imagePath, image.png);
}, 60_000);

afterAll(() => stopOcrEngine());

/** Tesseract in a child process under the network guard; never rejects, so failures can be read. */
async function recognizeGuarded(options: Record<string, unknown>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [RECOGNIZE, imagePath, JSON.stringify(options), JSON.stringify(OCR_PARAMETERS)],
      { env: { ...process.env, NODE_OPTIONS: `--import ${pathToFileURL(GUARD).href}` }, timeout: 90_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function serializableOptions(): Record<string, unknown> {
  return Object.fromEntries(Object.entries(ocrWorkerOptions()).filter(([, value]) => typeof value !== 'function'));
}

describe('OCR offline', () => {
  it('names only files on disk and caches nothing', () => {
    const options = serializableOptions();
    expect(options).toMatchObject({ cacheMethod: 'none', gzip: true });
    const langPath = options.langPath as string;
    expect(isAbsolute(langPath)).toBe(true);
    expect(existsSync(join(langPath, 'eng.traineddata.gz'))).toBe(true);
    expect(JSON.stringify(options)).not.toMatch(/[a-z]+:\/\//i);
    // In Node the engine itself is require()d from tesseract.js-core, never fetched.
    expect(() => import.meta.resolve('tesseract.js-core/tesseract-core-simd-lstm.wasm')).not.toThrow();
  });

  it('reads the image in a process whose every thread has the network blocked', async () => {
    const guarded = await recognizeGuarded(serializableOptions());
    expect(guarded.stderr).not.toContain('NETWORK ATTEMPT');
    expect(guarded).toMatchObject({ code: 0 });
    expect(guarded.stdout.trim()).toBe('Nothing leaves this box');
  }, 120_000);

  it('is caught by the same guard when the model would come from the network', async () => {
    const withoutLocalModel = serializableOptions();
    delete withoutLocalModel.langPath;
    const guarded = await recognizeGuarded(withoutLocalModel);
    expect(guarded.code).not.toBe(0);
    // The guard's own line comes from the worker thread, whose output can be lost when the process
    // exits at once; the error it threw, which the script reports, names the same fetch.
    expect(guarded.stderr).toMatch(/(NETWORK ATTEMPT|network blocked): fetch https:\/\/cdn\.jsdelivr\.net\//);
  }, 120_000);

  it("opens no socket and calls no fetch from the server's thread while it reads", async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      stopOcrEngine();
      const page = await recognizeImage(image.png);
      expect(page.lines.map((line) => line.text)).toEqual(['Nothing leaves this box']);
      expect(connect).not.toHaveBeenCalled();
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
      fetchSpy.mockRestore();
    }
  }, 60_000);
});
