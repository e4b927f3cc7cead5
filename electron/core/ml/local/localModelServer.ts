import type { MlDeps } from '../mlDeps.js';
import type { ModelCallResult, ModelServer } from '../modelServer.js';

/*
 * PLACEHOLDER until the built-in model lands: it answers like a server that is up but cannot
 * predict yet.
 */

const notYet: ModelCallResult = { ok: false, status: 501, error: 'The built-in model is not available yet.' };

export function createLocalModelServer(_deps: MlDeps, _project: number): ModelServer {
  return {
    health: async () => ({ ok: true, status: 200, body: { status: 'UP', model_class: 'OutpostLocalModel' } }),
    setup: async () => ({ ok: true, status: 200, body: { model_version: 'local-untrained' } }),
    predict: async () => notYet,
    webhook: async () => notYet,
    versions: async () => ({ ok: true, status: 200, body: { versions: [] } }),
  };
}

/** Called after annotations change in a project with the built-in model: retrains in the background. */
export function scheduleLocalRetraining(_deps: MlDeps, _project: number, _options: { now: boolean }): void {}
