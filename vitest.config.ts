import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    {
      // Migrations are .sql files imported as text, as esbuild's text loader does for the bundle.
      name: 'sql-as-text',
      transform(code, id) {
        return id.endsWith('.sql') ? { code: `export default ${JSON.stringify(code)};`, map: null } : null;
      },
    },
  ],
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'test/**/*.test.ts'],
    // The interop suite needs Python and Label Studio: `npm run test:interop` (vitest.interop.config.ts).
    exclude: ['**/node_modules/**', 'test/interop/**'],
    // Most files wait on Chromium, a child server or the network rather than compute, so vitest's
    // default (one worker per core but one: a single worker on the 2-core CI machines) leaves the
    // CPU idle half the time. The interop config keeps its files one at a time regardless.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
