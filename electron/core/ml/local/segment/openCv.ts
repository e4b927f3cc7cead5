import { createRequire } from 'node:module';
import type * as CvModule from '@techstark/opencv-js';

/*
 * OpenCV compiled to WebAssembly, loaded on the first segmentation request and kept: it is about
 * 10 MB of JavaScript and WebAssembly that takes a few hundred milliseconds to start, and most
 * runs of the app never segment anything, so starting the server must not pay for it.
 */

export type OpenCv = typeof CvModule;

/**
 * The runtime wrapped in an object: the module itself has a `then` that hands back the module, so
 * a promise resolved with it would wait on it again forever.
 */
export interface OpenCvRuntime {
  cv: OpenCv;
}

let loading: Promise<OpenCvRuntime> | null = null;

function whenReady(cv: OpenCv & { onRuntimeInitialized?: () => void }): Promise<OpenCvRuntime> {
  if (typeof cv.Mat === 'function') return Promise.resolve({ cv });
  return new Promise((resolve) => {
    cv.onRuntimeInitialized = () => resolve({ cv });
  });
}

/**
 * Loaded with require: it is a CommonJS bundle, and an ES import of it waits forever in test
 * runners that transform modules (the 10 MB file is run as is this way).
 */
export function loadOpenCv(): Promise<OpenCvRuntime> {
  if (loading) return loading;
  try {
    const require = createRequire(import.meta.url);
    loading = whenReady(require('@techstark/opencv-js') as OpenCv);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return loading;
}
