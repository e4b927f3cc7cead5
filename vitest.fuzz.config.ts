import { defineConfig } from 'vitest/config';
import { plugins, sharedTest } from './vitest.config.js';

/*
 * `npm run fuzz`: hostile requests against a real server (test/fuzz/). Not part of `npm test`;
 * .ci/run runs it at a small FUZZ_COUNT. The test sets its own timeout from FUZZ_TIME_LIMIT_S.
 */
export default defineConfig({
  plugins,
  test: {
    ...sharedTest,
    include: ['test/fuzz/**/*.fuzz.ts'],
    exclude: ['**/node_modules/**'],
  },
});
