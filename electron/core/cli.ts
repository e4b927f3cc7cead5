#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processIo } from './cli/io.js';
import { runCli } from './cli/runCli.js';

// The bundled CLI sits in dist/ beside the built UI in dist/renderer.
const rendererDir = fileURLToPath(new URL('./renderer', import.meta.url));

runCli(process.argv.slice(2), processIo(existsSync(rendererDir) ? rendererDir : null)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('outpost: unexpected error:', error);
    process.exit(1);
  },
);
