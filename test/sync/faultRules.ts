import type { FaultRule } from '../helpers/faultProxy.js';

/* The faults the push tests inject, against another Outpost (test/sync) or the real Label Studio (test/interop/sync). */

export const ANNOTATIONS = /^\/api\/tasks\/\d+\/annotations\/?$/;
export const ANNOTATION = /^\/api\/annotations\/\d+\/?$/;
/** Everything a push and a pull ask for (the connect step is covered by the 429/503 test). */
export const WORK = /^\/api\/(tasks|annotations|projects)\//;

/** The answers lost after the remote acted, one or two of each kind of write. */
export const LOST_ANSWERS: FaultRule[] = [
  { method: 'POST', path: ANNOTATIONS, action: { kind: 'drop-response' }, times: 2 },
  { method: 'PATCH', path: ANNOTATION, action: { kind: 'drop-response' }, times: 1 },
  { method: 'DELETE', path: ANNOTATION, action: { kind: 'drop-response' }, times: 1 },
  { method: 'POST', path: /\/import\?.*commit_to_project=false/, action: { kind: 'drop-request' }, times: 1 },
  { method: 'POST', path: /\/import\?.*return_task_ids=true/, action: { kind: 'drop-response' }, times: 1 },
];

/** Trouble anywhere past the connect step, at random (seeded). */
export const NOISE: FaultRule[] = [
  { path: WORK, action: { kind: 'cut-response' }, probability: 0.08 },
  { path: WORK, action: { kind: 'drop-request' }, probability: 0.08 },
  { path: WORK, action: { kind: 'drop-response' }, probability: 0.08 },
  { path: WORK, action: { kind: 'status', status: 503 }, probability: 0.08 },
];
