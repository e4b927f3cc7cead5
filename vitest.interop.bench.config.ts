import { defineConfig } from 'vitest/config';
import { plugins, sharedTest } from './vitest.config.js';

/*
 * `npm run bench:interop`: benches that need the real Label Studio (test/interop/bench/), with
 * the interop suite's rig: globalSetup starts one Label Studio for the run.
 */
export default defineConfig({
  plugins,
  test: {
    ...sharedTest,
    include: [],
    exclude: ['**/node_modules/**'],
    globalSetup: [...sharedTest.globalSetup, 'test/interop/globalSetup.ts'],
    fileParallelism: false,
    hookTimeout: 300_000,
    benchmark: { include: ['test/interop/bench/**/*.bench.ts'] },
  },
});
