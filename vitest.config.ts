import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const EXCLUDE = ['**/node_modules/**', 'test/interop/**'];

/*
 * Files that replace a module with vi.mock need a module registry of their own. Every other file
 * shares its worker's registry with the files before it (isolate: false): importing the app
 * afresh for each of 200 files cost more CPU than the tests themselves (CI: 13.6 → 8.9 minutes).
 * Files must therefore leave no global state behind: restore env variables, timers and globals.
 */
const NEEDS_OWN_MODULES = ['test/security/ssrf.test.ts', 'electron/ipc.test.ts'];

export const plugins = [
  {
    // Migrations are .sql files imported as text, as esbuild's text loader does for the bundle.
    name: 'sql-as-text',
    transform(code: string, id: string) {
      return id.endsWith('.sql') ? { code: `export default ${JSON.stringify(code)};`, map: null } : null;
    },
  },
];

/** What every config shares: the fuzz and interop configs start from these too. */
export const sharedTest = {
  include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'test/**/*.test.ts'],
  // The interop suite needs Python and Label Studio: `npm run test:interop` (vitest.interop.config.ts).
  exclude: EXCLUDE,
  // Most files wait on Chromium, a child server or the network rather than compute, so vitest's
  // default (one worker per core but one: a single worker on the 2-core CI machines) leaves the
  // CPU idle half the time. The interop config keeps its files one at a time regardless.
  maxWorkers: Math.max(3, availableParallelism() - 1),
  // Bounds, not waits: a green test never reaches them, and a machine with other work beside the
  // suite made long browser tests pass 30 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  benchmark: { include: ['test/bench/**/*.bench.ts'] },
  // The image worker's thread, bundled for code that runs from its sources.
  globalSetup: ['test/helpers/imageWorkerBundle.ts'],
};

export default defineConfig({
  plugins,
  test: {
    ...sharedTest,
    // Each project spells out its options from sharedTest and does not extend this file (vitest 5
    // extends by default): extending concatenates include lists and applies the plugins twice.
    projects: [
      {
        extends: false,
        plugins,
        test: {
          ...sharedTest,
          name: 'shared-modules',
          isolate: false,
          exclude: [...EXCLUDE, ...NEEDS_OWN_MODULES],
          benchmark: { include: [] },
        },
      },
      // Benchmarks stay here, isolated as before: each measures its own process's memory.
      { extends: false, plugins, test: { ...sharedTest, name: 'own-modules', include: NEEDS_OWN_MODULES } },
    ],
  },
});
