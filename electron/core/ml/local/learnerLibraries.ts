import type nlpjsCore from '@nlpjs/core';
import type nlpjsNer from '@nlpjs/ner';
import type naiveBayes from 'wink-naive-bayes-text-classifier';

/*
 * The libraries the built-in model learns and predicts with, loaded once, on first use: most runs
 * of the app never train a model, so starting the server must not import them. The async entry
 * points (training, a prediction request) await loadLearnerLibraries(); the synchronous code under
 * them then reads learnerLibraries(), which says so loudly when that step was skipped.
 */

export interface LearnerLibraries {
  nlpjsCore: typeof nlpjsCore;
  nlpjsNer: typeof nlpjsNer;
  naiveBayes: typeof naiveBayes;
}

let loaded: LearnerLibraries | null = null;
let loading: Promise<LearnerLibraries> | null = null;

export function loadLearnerLibraries(): Promise<LearnerLibraries> {
  loading ??= Promise.all([
    import('@nlpjs/core'),
    import('@nlpjs/ner'),
    import('wink-naive-bayes-text-classifier'),
  ]).then(
    ([core, ner, bayes]) => (loaded = { nlpjsCore: core.default, nlpjsNer: ner.default, naiveBayes: bayes.default }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function learnerLibraries(): LearnerLibraries {
  if (!loaded) throw new Error('The model libraries are not loaded: await loadLearnerLibraries() first.');
  return loaded;
}
