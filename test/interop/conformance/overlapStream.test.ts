import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pair } from '../differential/compare.js';
import { SIDES, type Side, type Target } from '../differential/targets.js';
import { choice, TEXT_CONFIG } from './projectPair.js';
import { startStreamServers, type StreamServers } from './streamAnnotators.js';

/*
 * Overlap in the label stream (`GET /api/projects/{id}/next`) against Label Studio: the same
 * project on both servers (20 tasks, two annotations wanted for half of them), three annotators
 * asking in turn, each annotating what they were given, until nobody gets a task. Compared: which
 * tasks the import put in the overlap cohort, the stream's order (by inner_id) and queue names
 * where Label Studio is deterministic, and, on both, the rules themselves: nobody gets a task
 * twice, a task stops being served once it has its overlap, cohort tasks come first when asked.
 */

const TASKS = 20;
const ANNOTATORS = ['ann-a@example.com', 'ann-b@example.com', 'ann-c@example.com'];

interface Step {
  annotator: number;
  inner: number;
  queue: string;
}

interface StreamRun {
  /** inner_id -> overlap after the import. */
  overlaps: Map<number, number>;
  steps: Step[];
  /** inner_id -> annotations it ended with. */
  annotations: Map<number, number>;
}

async function ok<T>(target: Target, method: string, path: string, json?: unknown, status = 200): Promise<T> {
  const reply = await target.send(method, path, json === undefined ? {} : { json });
  expect(reply.status, `${target.side} ${method} ${path}: ${reply.text.slice(0, 300)}`).toBe(status);
  return reply.body as T;
}

async function tasksOf(target: Target, project: number) {
  const page = await ok<{ tasks: { id: number; inner_id: number; overlap: number; total_annotations: number }[] }>(
    target,
    'GET',
    `/api/tasks/?project=${project}&page_size=1000`,
  );
  return page.tasks;
}

/** One side: the project, the import, then the annotators in turn until all three are told there is nothing left. */
async function runStream(servers: StreamServers, side: Side, settings: Record<string, unknown>): Promise<StreamRun> {
  const owner = servers.owner[side];
  const project = (
    await ok<{ id: number }>(
      owner,
      'POST',
      '/api/projects/',
      { title: 'Overlap stream', label_config: TEXT_CONFIG, maximum_annotations: 2, ...settings },
      201,
    )
  ).id;
  const data = Array.from({ length: TASKS }, (_, index) => ({ text: `task ${index}` }));
  await ok(owner, 'POST', `/api/projects/${project}/import`, data, 201);
  const overlaps = new Map((await tasksOf(owner, project)).map((task) => [task.inner_id, task.overlap]));

  const steps: Step[] = [];
  const finished = new Set<number>();
  for (let turn = 0; finished.size < ANNOTATORS.length; turn++) {
    if (turn > TASKS * ANNOTATORS.length) throw new Error(`${side}: the stream did not end`);
    const annotator = turn % ANNOTATORS.length;
    if (finished.has(annotator)) continue;
    const target = servers.annotators[annotator]![side];
    const reply = await target.send('GET', `/api/projects/${project}/next`);
    if (reply.status === 404) {
      finished.add(annotator);
      continue;
    }
    expect(reply.status, `${side}: ${reply.text.slice(0, 300)}`).toBe(200);
    const task = reply.body as { id: number; inner_id: number; queue: string };
    steps.push({ annotator, inner: task.inner_id, queue: task.queue });
    await ok(target, 'POST', `/api/tasks/${task.id}/annotations/`, { result: choice('pos') }, 201);
  }
  const annotations = new Map((await tasksOf(owner, project)).map((task) => [task.inner_id, task.total_annotations]));
  return { overlaps, steps, annotations };
}

const cohortSize = (run: StreamRun) => [...run.overlaps.values()].filter((overlap) => overlap > 1).length;

/** The rules that hold whatever Label Studio picks at random. */
function expectStreamRules(run: StreamRun, overlapFirst: boolean) {
  const seen = new Set(run.steps.map((step) => `${step.annotator}:${step.inner}`));
  expect(seen.size, 'nobody gets a task twice').toBe(run.steps.length);
  for (const [inner, overlap] of run.overlaps) {
    expect(run.annotations.get(inner), `task ${inner} ends with its overlap, no more`).toBe(overlap);
  }
  if (overlapFirst) {
    const firstSingle = run.steps.findIndex((step) => run.overlaps.get(step.inner) === 1);
    const lastCohort = run.steps.findLastIndex((step) => run.overlaps.get(step.inner)! > 1);
    expect(lastCohort, 'every cohort task is served before the first single one').toBeLessThan(firstSingle);
  }
}

describe('overlap in the label stream, Outpost against Label Studio', () => {
  let servers: StreamServers;

  beforeAll(async () => {
    servers = await startStreamServers(ANNOTATORS);
  });
  afterAll(async () => {
    await servers?.stop();
  });

  async function runBoth(settings: Record<string, unknown>): Promise<Pair<StreamRun>> {
    const runs: Partial<Pair<StreamRun>> = {};
    for (const side of SIDES) runs[side] = await runStream(servers, side, settings);
    return runs as Pair<StreamRun>;
  }

  for (const overlapFirst of [true, false]) {
    it(`Sequential sampling, a 50 % cohort, show_overlap_first ${overlapFirst}: the same stream`, async () => {
      const runs = await runBoth({
        sampling: 'Sequential sampling',
        overlap_cohort_percentage: 50,
        show_overlap_first: overlapFirst,
      });
      expect(cohortSize(runs.ls)).toBe(TASKS / 2);
      expect(runs.outpost.overlaps).toEqual(runs.ls.overlaps);
      expect(runs.outpost.steps).toEqual(runs.ls.steps);
      expect(runs.outpost.annotations).toEqual(runs.ls.annotations);
      for (const side of SIDES) expectStreamRules(runs[side], overlapFirst);
    });
  }

  it('Uniform sampling, a 30 % cohort, overlap first: the same rules and cohort size', async () => {
    const runs = await runBoth({
      sampling: 'Uniform sampling',
      overlap_cohort_percentage: 30,
      show_overlap_first: true,
    });
    expect(cohortSize(runs.ls)).toBe(6);
    expect(cohortSize(runs.outpost)).toBe(cohortSize(runs.ls));
    expect(runs.outpost.steps).toHaveLength(runs.ls.steps.length);
    const queues = (run: StreamRun) => [...new Set(run.steps.map((step) => step.queue))].sort();
    expect(queues(runs.outpost)).toEqual(queues(runs.ls));
    for (const side of SIDES) expectStreamRules(runs[side], true);
  });
});
