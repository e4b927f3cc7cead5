import { defineConfig } from 'vitest/config';
import { plugins, sharedTest } from './vitest.config.js';

/*
 * `npm run test:interop`: Outpost against the real Label Studio 1.22 and its Python SDK (installed
 * by test/interop/install.sh). Files run one at a time: they share one Label Studio, and the
 * machines have two cores.
 */
export default defineConfig({
  plugins,
  test: {
    ...sharedTest,
    include: ['test/interop/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['test/interop/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
