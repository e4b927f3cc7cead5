import { defineConfig } from 'vitest/config';
import { plugins, sharedTest } from './vitest.config.js';

/*
 * `npm run test:interop`: Outpost against the real Label Studio 1.22 and its Python SDK (installed
 * by test/interop/install.sh). Files run one at a time: they share one Label Studio, and the
 * machines have two cores.
 *
 * CI runs the suite as three groups at once (OUTPOST_INTEROP_GROUP=a, b, c), each a vitest of its
 * own with its own Label Studio (globalSetup starts one per run, on a free port with a fresh data
 * folder), so the suite is no longer the run's longest step: its files mostly wait on Label
 * Studio. Groups a and b are listed; group c is every other file, so a new file always runs
 * somewhere. Group a needs only Label Studio, b also the ML backend and moto, c the reference
 * statistics and fake-gcs-server (.ci/run starts each group once its own parts are installed).
 * Measured in a CI-like run on two cores under heavy load: a about 600 s of files (the conformance
 * cases), b about 580 s (the Python SDK's session, the model servers, the S3 storages), c about
 * 590 s (the syncs, the other storages): move a file when one group's log shows it ending much
 * later than the others.
 */
const GROUP_A = ['test/interop/rig.test.ts', 'test/interop/conformance/**/*.test.ts'];
const GROUP_B = [
  'test/interop/sdk/**/*.test.ts',
  'test/interop/ml/**/*.test.ts',
  'test/interop/storages/s3*.test.ts',
  'test/interop/e2e/s3Storage.test.ts',
  // A sync file that needs only Label Studio: group c holds the other syncs, the server-to-server
  // copy (which starts a second Label Studio) among them.
  'test/interop/sync/tokens.test.ts',
];
const ALL = ['test/interop/**/*.test.ts'];
const NOT_DEPENDENCIES = ['**/node_modules/**'];

function groupFiles(group: string | undefined): { include: string[]; exclude: string[] } {
  if (group === undefined || group === '') return { include: ALL, exclude: NOT_DEPENDENCIES };
  if (group === 'a') return { include: GROUP_A, exclude: NOT_DEPENDENCIES };
  if (group === 'b') return { include: GROUP_B, exclude: NOT_DEPENDENCIES };
  if (group === 'c') return { include: ALL, exclude: [...NOT_DEPENDENCIES, ...GROUP_A, ...GROUP_B] };
  throw new Error(`OUTPOST_INTEROP_GROUP is "${group}": it must be a, b, c or unset (every file)`);
}

export default defineConfig({
  plugins,
  test: {
    ...sharedTest,
    ...groupFiles(process.env.OUTPOST_INTEROP_GROUP),
    globalSetup: [...sharedTest.globalSetup, 'test/interop/globalSetup.ts'],
    fileParallelism: false,
    // The files share one module registry, as `npm test`'s do: importing Outpost afresh for each
    // file cost each group about 100 s of CPU on CI's two cores. Files restore what they change.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
