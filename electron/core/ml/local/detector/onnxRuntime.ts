import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type * as OrtModule from 'onnxruntime-web';

/*
 * The ONNX runtime (its WebAssembly build, so nothing is compiled at install), loaded once, on
 * first use: most runs never detect anything. Its .wasm files are read from the installed
 * package's own folder, never downloaded; one thread, as the app shares the machine.
 */

export type Ort = typeof OrtModule;

let loading: Promise<Ort> | null = null;

export function loadOnnxRuntime(): Promise<Ort> {
  loading ??= import('onnxruntime-web').then(
    (ort) => {
      const packageEntry = createRequire(import.meta.url).resolve('onnxruntime-web');
      ort.env.wasm.wasmPaths = `${dirname(packageEntry)}/`;
      ort.env.wasm.numThreads = 1;
      ort.env.logLevel = 'error';
      return ort;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
