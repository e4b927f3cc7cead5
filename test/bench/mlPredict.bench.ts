import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, test } from 'vitest';
import { tasksForModel } from '../../electron/core/domain/ml/modelPredictions.js';
import { findProjectById } from '../../electron/core/db/repos/projectsRepo.js';
import { createHttpModelServer } from '../../electron/core/ml/httpModelServer.js';
import { createLocalModelServer } from '../../electron/core/ml/local/localModelServer.js';
import { learnableConfigOf } from '../../electron/core/ml/local/localModelStatus.js';
import { predictWithLocalModel } from '../../electron/core/ml/local/localPredictions.js';
import { currentPredictor } from '../../electron/core/ml/local/localPredictor.js';
import { loadTextFeatures } from '../../electron/core/ml/local/textFeatures.js';
import { createTimeSlicer } from '../../electron/core/ml/local/timeSlicer.js';
import { mlDepsFrom } from '../../electron/core/ml/mlDeps.js';
import { DEFAULT_BATCH_SIZE } from '../../electron/core/ml/predictTasks.js';
import { startStubModelServer } from '../helpers/stubModelServer.js';
import { TEXT_CONFIG } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';
import {
  annotate,
  choiceResult,
  connectLocalModel,
  importTasks,
  projectWithConfig,
  SENTIMENT_CONFIG,
  settledStatus,
} from '../ml/localModelApi.js';
import { generateReviews } from '../ml/syntheticCorpus.js';
import { GROUP, printRatios } from './benchCompare.js';

/*
 * Prediction throughput of 1,000 text tasks through the Data Manager's Retrieve Predictions
 * action (selection, the backend's health and setup, tasks serialized in batches of 25, answers
 * checked against the config, predictions stored with the tasks' counters), each set against a
 * raw baseline measured in the same run:
 * (a) the built-in model, trained on 50 annotations, against its trained model called directly on
 *     the same batches of tasks (the action's overhead over the model's own work);
 * (b) a model server on 127.0.0.1 (test/helpers/stubModelServer.ts) against plain `fetch` POSTs
 *     of the same /predict bodies the action sent (the action's overhead over the raw HTTP time).
 * Each figure is the median of 5 rounds, the project's predictions deleted between rounds. Read
 * the ratios, not the absolute times: the machines are shared.
 */

const TASKS = 1000;
const ROUNDS = 5;

const folder = mkdtempSync(join(tmpdir(), 'outpost-ml-bench-'));
const t = await createTestApp({ databasePath: join(folder, 'bench.db') });
const deps = mlDepsFrom(t.deps, 'http://localhost');
const reviews = generateReviews(TASKS);
const rows = reviews.map((review) => ({ text: review.text }));

// The built-in model's project: 50 annotations, then trained.
const localProject = await projectWithConfig(t, SENTIMENT_CONFIG);
const localTasks = await importTasks(t, localProject, rows);
for (let index = 0; index < TASKS; index += 20) {
  await annotate(t, localTasks[index]!, choiceResult([reviews[index]!.annotated]));
}
await connectLocalModel(t, localProject);
const trained = await settledStatus(t, localProject);
if (trained.state !== 'ready') throw new Error(`the built-in model did not train: ${trained.reason}`);

// The model server's project: the same texts.
const stub = await startStubModelServer();
const stubProject = await projectWithConfig(t, TEXT_CONFIG);
await importTasks(t, stubProject, rows);
const connected = await t.withToken('/api/ml/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ url: stub.url, project: stubProject }),
});
if (connected.status !== 201) throw new Error(`stub backend: ${connected.status} ${await connected.text()}`);

async function dmAction(project: number, action: string): Promise<Record<string, unknown>> {
  const response = await t.withToken(`/api/dm/actions?id=${action}&project=${project}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ selectedItems: { all: true, excluded: [] } }),
  });
  if (response.status !== 200) throw new Error(`${action}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Milliseconds of one Retrieve Predictions of every task, from a project without predictions. */
async function timeAction(project: number): Promise<number> {
  await dmAction(project, 'delete_tasks_predictions');
  const start = performance.now();
  const answer = await dmAction(project, 'retrieve_tasks_predictions');
  const ms = performance.now() - start;
  if (answer.created !== TASKS) throw new Error(`retrieved ${JSON.stringify(answer)}`);
  return ms;
}

// The raw baselines' inputs, prepared untimed: the batches exactly as the model receives them.
const projectRow = findProjectById(t.db, localProject)!;
const batches: Record<string, unknown>[][] = [];
for (let start = 0; start < TASKS; start += DEFAULT_BATCH_SIZE) {
  batches.push(tasksForModel(deps, projectRow, localTasks.slice(start, start + DEFAULT_BATCH_SIZE)));
}
const predictor = currentPredictor(deps, localProject)!;
const { controls } = learnableConfigOf(deps, localProject);
const features = await loadTextFeatures();

async function timeRawLocal(): Promise<number> {
  const start = performance.now();
  let answers = 0;
  for (const batch of batches) {
    answers += (await predictWithLocalModel(predictor, controls, features, batch, createTimeSlicer())).length;
  }
  const ms = performance.now() - start;
  if (answers !== TASKS) throw new Error(`raw local predict answered ${answers}`);
  return ms;
}

// The stub's /predict bodies, recorded from one action and replayed with plain fetch.
stub.calls.splice(0);
await timeAction(stubProject);
const predictBodies = stub.callsTo('/predict').map((call) => JSON.stringify(call.body));

async function timeRawHttp(): Promise<number> {
  const start = performance.now();
  for (const body of predictBodies) {
    const response = await fetch(`${stub.url}/predict`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    await response.json();
  }
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function medianOf(measure: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) times.push(await measure());
  return median(times);
}

// One warm-up each, then the rounds, interleaved per pair so both sides see the same machine.
await timeAction(localProject);
await timeRawLocal();
await timeRawHttp();
const figures = {
  localAction: await medianOf(() => timeAction(localProject)),
  localRaw: await medianOf(timeRawLocal),
  stubAction: await medianOf(() => timeAction(stubProject)),
  stubRaw: await medianOf(timeRawHttp),
};

const rate = (ms: number) => `${Math.round(TASKS / (ms / 1000)).toLocaleString('en')} tasks/s`.padStart(16);
const line = (name: string, ms: number, rawName: string, raw: number) =>
  `${name.padEnd(44)}${rate(ms)}   ${rawName.padEnd(30)}${rate(raw)}   action/raw ${(ms / raw).toFixed(2)}`;
console.log(
  [
    '',
    `Retrieve Predictions of ${TASKS.toLocaleString('en')} text tasks (batches of ${DEFAULT_BATCH_SIZE}), median of ${ROUNDS}`,
    line(
      'built-in model (local-v' + String(trained.version) + '), action',
      figures.localAction,
      'raw: trained model',
      figures.localRaw,
    ),
    line(
      'loopback model server (stub), action',
      figures.stubAction,
      `raw: fetch of ${predictBodies.length} /predict`,
      figures.stubRaw,
    ),
    '',
  ].join('\n'),
);

afterAll(async () => {
  await stub.close();
  t.db.close();
  rmSync(folder, { recursive: true, force: true });
});

const localServer = createLocalModelServer(deps, localProject);
const httpServer = createHttpModelServer({
  url: stub.url,
  basicAuth: null,
  predictTimeoutSeconds: 100,
  userAgent: 'bench',
});
const firstBatch = batches[0]!;
const firstBody = predictBodies[0]!;
const params = { login: null, password: null, context: null };

test(`the built-in model, one /predict batch of ${DEFAULT_BATCH_SIZE} tasks`, GROUP, async ({ bench }) => {
  const baseline = bench('baseline: the trained model, directly', async () => {
    await predictWithLocalModel(predictor, controls, features, firstBatch, createTimeSlicer());
  });
  const server = bench('as a model server (ModelServer.predict: config read, model looked up)', async () => {
    await localServer.predict({ tasks: firstBatch, project: '', label_config: SENTIMENT_CONFIG, params });
  });
  printRatios(await bench.compare(baseline, server), baseline, [server]);
});

test(`a loopback model server, one /predict batch of ${DEFAULT_BATCH_SIZE} tasks`, GROUP, async ({ bench }) => {
  const baseline = bench('baseline: plain fetch POST /predict, JSON read', async () => {
    await (await fetch(`${stub.url}/predict`, { method: 'POST', body: firstBody })).json();
  });
  const client = bench("Outpost's HTTP model server client (ModelServer.predict)", async () => {
    await httpServer.predict(JSON.parse(firstBody) as Parameters<typeof httpServer.predict>[0]);
  });
  printRatios(await bench.compare(baseline, client), baseline, [client]);
});
