import { expect } from 'vitest';
import { localModelStatusSchema, type LocalModelStatus } from '../../shared/api/ml.js';
import { call, type TestApp } from '../helpers/taskApi.js';
import { waitUntil } from '../helpers/eventually.js';

/* The built-in model driven the way a client drives it: through the HTTP API. */

export const LOCAL_MODEL_URL = 'outpost:local-model';

export const SENTIMENT_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="sentiment" toName="text">' +
  '<Choice value="positive"/><Choice value="negative"/><Choice value="neutral"/></Choices></View>';

export const NER_CONFIG =
  '<View><Labels name="ner" toName="text"><Label value="PER"/><Label value="ORG"/><Label value="LOC"/></Labels>' +
  '<Text name="text" value="$text"/></View>';

export async function projectWithConfig(t: TestApp, labelConfig: string): Promise<number> {
  const { status, body } = await call(t, 'POST', '/api/projects/', { label_config: labelConfig });
  expect(status).toBe(201);
  return body.id as number;
}

/** Imports tasks (optionally with annotations, as Label Studio's import format allows); returns their ids in order. */
export async function importTasks(t: TestApp, project: number, tasks: unknown[]): Promise<number[]> {
  const { status, body } = await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, tasks);
  expect(status).toBe(201);
  return body.task_ids as number[];
}

export async function annotate(t: TestApp, task: number, result: unknown[], query = ''): Promise<number> {
  const { status, body } = await call(t, 'POST', `/api/tasks/${task}/annotations/${query}`, { result });
  expect(status).toBe(201);
  return body.id as number;
}

export const choiceResult = (choices: string[], fromName = 'sentiment') => [
  { from_name: fromName, to_name: 'text', type: 'choices', value: { choices } },
];

export const spanResult = (text: string, spans: { start: number; end: number; label: string }[]) =>
  spans.map((span, index) => ({
    id: `s${index}`,
    from_name: 'ner',
    to_name: 'text',
    type: 'labels',
    value: { start: span.start, end: span.end, text: text.slice(span.start, span.end), labels: [span.label] },
  }));

export async function connectLocalModel(t: TestApp, project: number): Promise<Record<string, unknown>> {
  const { status, body } = await call(t, 'POST', '/api/ml/', { url: LOCAL_MODEL_URL, project });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as Record<string, unknown>;
}

/** The status, checked strictly against the shared wire shape the renderer reads it with. */
export async function localStatus(t: TestApp, project: number): Promise<LocalModelStatus> {
  const { status, body } = await call(t, 'GET', `/api/outpost/ml/local-model?project=${project}`);
  expect(status).toBe(200);
  return localModelStatusSchema.parse(body);
}

/** Polls the status until no training is running or pending. */
export async function settledStatus(t: TestApp, project: number, timeoutMs = 25_000): Promise<LocalModelStatus> {
  return waitUntil(
    async () => {
      const status = await localStatus(t, project);
      return status.state !== 'training' ? status : null;
    },
    'the training to settle',
    timeoutMs,
  );
}

/** The Data Manager's Retrieve Predictions on every task of the project. */
export async function retrieveAllPredictions(t: TestApp, project: number) {
  const { status, body } = await call(t, 'POST', `/api/dm/actions?id=retrieve_tasks_predictions&project=${project}`, {
    selectedItems: { all: true, excluded: [] },
  });
  expect(status).toBe(200);
  return body as {
    processed_items: number;
    detail: string;
    created: number;
    errors: { task: number; error: string }[];
  };
}

export interface StoredPrediction {
  task: number;
  result: Record<string, unknown>[];
  score: number | null;
  model_version: string;
}

export function storedPredictions(t: TestApp, project: number): StoredPrediction[] {
  const rows = t.db
    .prepare('SELECT task, result, score, model_version FROM predictions WHERE project = ? ORDER BY task, id')
    .all(project) as (Omit<StoredPrediction, 'result'> & { result: string })[];
  return rows.map((row) => ({ ...row, result: JSON.parse(row.result) as Record<string, unknown>[] }));
}
