import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './nodeBundle.js';

/*
 * Vitest's global setup for the image worker: tests run the app from its TypeScript sources, where
 * no bundled worker thread sits beside the code that starts it (the build puts one in dist/). This
 * bundles the thread's entry as the build does and names the file to the code under test
 * (OUTPOST_TEST_IMAGE_WORKER). The file is named by its content and kept inside the checkout, so
 * its packages resolve from node_modules and parallel runs share it.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const ENTRY = join(ROOT, 'electron/core/ml/local/imageWorker/imageWorkerThread.ts');

export default async function bundleImageWorker(): Promise<void> {
  const result = await build({ ...NODE_BUNDLE, entryPoints: [ENTRY], write: false });
  const code = result.outputFiles[0]!.contents;
  const folder = join(ROOT, 'node_modules', '.cache', 'outpost-test-workers');
  const file = join(folder, `imageWorkerThread-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  process.env.OUTPOST_TEST_IMAGE_WORKER = file;
}
