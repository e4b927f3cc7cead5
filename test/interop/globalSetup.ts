import type { TestProject } from 'vitest/node';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INTEROP_DIR, startLabelStudio, type LabelStudioInfo } from './labelStudio.js';

declare module 'vitest' {
  export interface ProvidedContext {
    labelStudio: LabelStudioInfo;
  }
}

/*
 * One real Label Studio for the whole interop run (or group of files, vitest.interop.config.ts),
 * on a free port with a data folder of its own, started before the first file and stopped after
 * the last. When it cannot start, this throws and the run fails: the suite never skips.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startLabelStudio();
  const { url, port, dataDir, filesRoot, pid, user } = server;
  project.provide('labelStudio', { url, port, dataDir, filesRoot, pid, user });
  return async () => {
    // Kept for reading after a failed run: the process's own account of every request and error.
    // One per group when CI runs the suite as groups at once, each with its own Label Studio.
    const group = process.env.OUTPOST_INTEROP_GROUP;
    writeFileSync(join(INTEROP_DIR, group ? `label-studio-${group}.log` : 'label-studio.log'), server.log());
    await server.dispose();
  };
}
