import type { BuildOptions } from 'esbuild';

/**
 * esbuild's options for bundling app code to run under plain Node, as `npm run build` does: ESM,
 * packages left to node_modules (so the output must sit inside the checkout), migrations as text.
 */
export const NODE_BUNDLE: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  loader: { '.sql': 'text' },
  logLevel: 'warning',
};
