import { describe, expect, it } from 'vitest';
import type { MlBackend } from '../../renderer/src/api/mlBackends.js';
import type { PredictionJob } from '../../renderer/src/api/predictionJobs.js';
import {
  backendFormProblems,
  changedFields,
  createFields,
  initialBackendValues,
} from '../../renderer/src/features/model/backendForm.js';
import {
  accuracyText,
  localStateLabel,
  localVersionText,
  metricLines,
} from '../../renderer/src/features/model/localModelText.js';
import { plainText, predictionSummaries, resultLines, stateTone } from '../../renderer/src/features/model/mlText.js';
import {
  progressFraction,
  progressText,
  runningJob,
  runSummary,
} from '../../renderer/src/features/model/predictionRunText.js';

const backend: MlBackend = {
  id: 3,
  state: 'CO',
  readable_state: 'Connected',
  is_interactive: false,
  url: 'http://127.0.0.1:9090',
  error_message: null,
  title: 'Sentiment',
  auth_method: 'BASIC_AUTH',
  basic_auth_user: 'ann',
  basic_auth_pass_is_set: true,
  description: '',
  extra_params: null,
  model_version: 'v7',
  timeout: 100,
  created_at: '',
  updated_at: '',
  auto_update: true,
  project: 1,
};

describe('model texts', () => {
  it('shows Label Studio’s HTML messages as the text a reader sees, never as markup', () => {
    const message =
      "Can't connect to ML backend http://x, health check failed. " +
      '<a href="https://labelstud.io/guide/ml.html">Learn more</a> about how to set up an ML backend. &lt;b&gt;';
    expect(plainText(message)).toBe(
      "Can't connect to ML backend http://x, health check failed. Learn more about how to set up an ML backend. <b>",
    );
    expect(plainText('<img src=x onerror=alert(1)>fine')).toBe('fine');
  });

  it('gives every state a tone beside its words', () => {
    expect([stateTone('CO'), stateTone('TR'), stateTone('PR'), stateTone('ER'), stateTone('DI')]).toEqual([
      'ok',
      'busy',
      'busy',
      'error',
      'off',
    ]);
  });

  it('reads a predict/test answer as lines per result item', () => {
    const result = [
      { from_name: 'label', to_name: 'text', type: 'choices', value: { choices: ['pos'] } },
      {
        from_name: 'ner',
        to_name: 'text',
        type: 'labels',
        value: { start: 0, end: 5, text: 'Alice', labels: ['Person'] },
      },
    ];
    expect(resultLines(result)).toEqual(['label (choices) → text: pos', 'ner (labels) → text: Person (“Alice”)']);
    const summaries = predictionSummaries({ results: [{ result, score: 0.8, model_version: 'stub-v1' }] });
    expect(summaries).toEqual([{ modelVersion: 'stub-v1', score: 0.8, regions: 1, lines: resultLines(result) }]);
    expect(predictionSummaries([{ result: [], score: null }])).toEqual([
      { modelVersion: null, score: null, regions: 0, lines: [] },
    ]);
    expect(predictionSummaries(null)).toEqual([]);
  });

  it('words the built-in model’s status', () => {
    expect(localStateLabel('training')).toBe('Training…');
    expect(localVersionText({ model_version: '', version: 4 })).toBe('Version 4');
    expect(accuracyText({ accuracy: 0.834, held_out: 12 })).toBe('83% on 12 held-out annotations');
    expect(accuracyText({ accuracy: null, held_out: 0 })).toMatch(/needs more annotations/);
    expect(
      metricLines({
        sentiment: { kind: 'classification', held_out: 10, correct: 9, accuracy: 0.9, majority_baseline: 0.4 },
        ner: { kind: 'spans', held_out: 10, precision: 0.8947, recall: 0.8095, f1: 0.85 },
        tags: { kind: 'classification', held_out: 0, accuracy: null, note: 'Nothing held out yet.' },
      }),
    ).toEqual([
      'sentiment: 90% right (9 of 10); always the most common choice: 40%',
      'ner: F1 85% (precision 89%, recall 81%)',
      'tags: Nothing held out yet.',
    ]);
    expect(metricLines(null)).toEqual([]);
  });
});

describe('the model server form', () => {
  it('asks for what is missing, and keeps a stored password when none is typed', () => {
    const fresh = { ...initialBackendValues(null), useBasicAuth: true, timeout: '0' };
    expect(Object.keys(backendFormProblems(fresh, null)).sort()).toEqual(['password', 'timeout', 'url', 'user']);
    const editing = initialBackendValues(backend);
    expect(editing.password).toBe('');
    expect(backendFormProblems(editing, backend)).toEqual({});
  });

  it('sends all fields on connect and only the changed ones on edit', () => {
    const values = { ...initialBackendValues(null), url: ' http://m:9090 ', title: 'M', isInteractive: true };
    expect(createFields(values)).toEqual({
      url: 'http://m:9090',
      title: 'M',
      is_interactive: true,
      auth_method: 'NONE',
      timeout: 100,
    });
    expect(changedFields(initialBackendValues(backend), backend)).toEqual({});
    expect(changedFields({ ...initialBackendValues(backend), timeout: '30', password: 'new' }, backend)).toEqual({
      timeout: 30,
      basic_auth_pass: 'new',
    });
    expect(changedFields({ ...initialBackendValues(backend), useBasicAuth: false }, backend)).toEqual({
      auth_method: 'NONE',
    });
  });
});

describe('retrieving predictions', () => {
  const job = (id: number, status: PredictionJob['status'], done = 0): PredictionJob => ({
    id,
    project: 1,
    backend: 1,
    status,
    started_at: '',
    finished_at: null,
    error: null,
    done,
    total: 40,
    created: done,
    failed: 0,
  });

  it('follows the newest running job, then that job whatever its status', () => {
    expect(runningJob([job(1, 'completed'), job(2, 'running'), job(3, 'running')], null)?.id).toBe(3);
    expect(runningJob([job(1, 'completed')], null)).toBeNull();
    expect(runningJob([job(3, 'cancelled')], 3)?.status).toBe('cancelled');
  });

  it('shows progress, and the outcome with the first errors', () => {
    expect(progressText(null)).toMatch(/^Starting/);
    expect(progressText(job(2, 'running', 25))).toBe('25 of 40 tasks done · 25 predictions so far');
    expect(progressFraction(job(2, 'running', 10))).toBe(0.25);
    const errors = [1, 2, 3, 4, 5].map((task) => ({ task, error: `<b>bad</b> ${task}` }));
    const summary = runSummary({
      processed_items: 9,
      detail: 'Retrieved 2 predictions; …',
      created: 2,
      skipped: 2,
      cancelled: false,
      errors,
    });
    expect(summary).toMatchObject({ headline: 'Retrieved 2 predictions.', failed: 5, moreErrors: 2, detail: null });
    expect(summary.errors).toEqual(['Task 1: bad 1', 'Task 2: bad 2', 'Task 3: bad 3']);
    const none = runSummary({
      processed_items: 1,
      detail: 'No predictions: this project has no ML backend.',
      created: 0,
      skipped: 0,
      cancelled: false,
      errors: [],
    });
    expect(none).toMatchObject({
      headline: 'No new predictions.',
      detail: 'No predictions: this project has no ML backend.',
    });
  });
});
