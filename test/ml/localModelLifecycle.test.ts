import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { call } from '../helpers/taskApi.js';
import { createTestApp, manualTimers } from '../helpers/testApp.js';
import {
  annotate,
  choiceResult,
  connectLocalModel,
  importTasks,
  LOCAL_MODEL_URL,
  localStatus,
  projectWithConfig,
  retrieveAllPredictions,
  SENTIMENT_CONFIG,
  settledStatus,
  storedPredictions,
} from './localModelApi.js';
import { generateReviews } from './syntheticCorpus.js';

const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><RectangleLabels name="box" toName="image">' +
  '<Label value="car"/></RectangleLabels></View>';

describe('the built-in model: what it cannot learn', () => {
  it('says so for configs without a text classification or text span control', async () => {
    const t = await createTestApp();
    const image = await projectWithConfig(t, IMAGE_CONFIG);
    const reason =
      'The built-in model learns text classification (Choices on a Text) and text spans (Labels on a Text), ' +
      'reads text in images (OCR: an Image with a shape and a per-region TextArea), segments on request (an ' +
      'Image with BrushLabels or PolygonLabels and a smart tool) and detects objects with an ONNX detector ' +
      'set for the project; this labeling config has none of these (it has RectangleLabels "box" on Image).';
    expect(await localStatus(t, image)).toEqual({
      project: image,
      supported: false,
      reason,
      controls: [],
      state: 'untrained',
      model_version: 'local-untrained',
      version: null,
      trained_at: null,
      annotation_count: 0,
      held_out: 0,
      accuracy: null,
      metrics: {},
    });
    // Connecting it fails its health check with the same reason.
    const refused = await call(t, 'POST', '/api/ml/', { url: LOCAL_MODEL_URL, project: image });
    expect(refused.status).toBe(400);
    expect(refused.body.validation_errors.non_field_errors[0]).toBe(
      `The built-in model cannot learn this project's labeling config: ${reason}`,
    );

    const byUrl = await projectWithConfig(
      t,
      '<View><Text name="text" value="$url" valueType="url"/><Choices name="c" toName="text"><Choice value="a"/></Choices></View>',
    );
    expect(await localStatus(t, byUrl)).toMatchObject({ supported: false, controls: [] });
    // Per-region choices describe regions, not the text: only the Labels are learned.
    const perRegion = await projectWithConfig(
      t,
      '<View><Labels name="ner" toName="text"><Label value="PER"/></Labels><Text name="text" value="$text"/>' +
        '<Choices name="mood" toName="text" perRegion="true"><Choice value="happy"/></Choices></View>',
    );
    expect(await localStatus(t, perRegion)).toMatchObject({
      supported: true,
      controls: [{ name: 'ner', kind: 'spans' }],
    });
  });

  it('answers 404 for an unknown project and 400 without a project, in the error envelope', async () => {
    const t = await createTestApp();
    await expectEnvelope(
      await t.withToken('/api/outpost/ml/local-model?project=9999'),
      404,
      'No Project matches the given query.',
    );
    await expectEnvelope(await t.withToken('/api/outpost/ml/local-model'), 400, 'Validation error', {
      project: ['This field is required.'],
    });
    await expectEnvelope(await t.withToken('/api/outpost/ml/local-model?project=abc'), 400, 'Validation error', {
      project: ['A valid integer is required.'],
    });
  });

  it('waits for enough annotations and two different choices, and predicts nothing until then', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, SENTIMENT_CONFIG);
    const reviews = generateReviews(12, 3);
    const tasks = await importTasks(
      t,
      project,
      reviews.map(({ text }) => ({ text })),
    );
    await connectLocalModel(t, project);
    for (let index = 0; index < 3; index += 1) await annotate(t, tasks[index]!, choiceResult(['positive']));
    const few = await settledStatus(t, project);
    const tooFew = '"sentiment" is not trained: it needs at least 5 annotated tasks, it has 3.';
    expect(few).toMatchObject({ supported: true, state: 'untrained', reason: tooFew, version: null });
    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved.created).toBe(0);
    expect(retrieved.errors[0]!.error).toBe(`The built-in model is not trained yet. ${tooFew}`);
    expect(storedPredictions(t, project)).toEqual([]);
    // Not trained yet is a state, not a failure: the backend does not turn to Error.
    expect(t.db.prepare('SELECT state FROM ml_backends WHERE project = ?').get(project)).toEqual({ state: 'CO' });

    for (let index = 3; index < 6; index += 1) await annotate(t, tasks[index]!, choiceResult(['positive']));
    expect((await settledStatus(t, project)).reason).toBe(
      '"sentiment" is not trained: every annotated task has the same choice (positive); it needs two or more.',
    );
    const negative = await annotate(t, tasks[6]!, choiceResult(['negative']));
    const ready = await settledStatus(t, project);
    expect(ready).toMatchObject({ state: 'ready', reason: null, version: 1, annotation_count: 7 });

    // Back to one choice: the model it has stays, and says why it was not retrained.
    const removed = await call(t, 'DELETE', `/api/annotations/${negative}/`);
    expect(removed.status).toBe(204);
    expect(await settledStatus(t, project)).toMatchObject({
      state: 'ready',
      version: 1,
      reason:
        'Not retrained: "sentiment" is not trained: every annotated task has the same choice (positive); it needs two or more.',
    });
  });
});

describe('the built-in model: retraining and restarts', () => {
  it('retrains once after a burst of annotations, and once per explicit training request', async () => {
    const retraining = manualTimers();
    const t = await createTestApp({ timers: retraining.timers });
    const project = await projectWithConfig(t, SENTIMENT_CONFIG);
    const reviews = generateReviews(40, 21);
    const tasks = await importTasks(
      t,
      project,
      reviews.map(({ text }) => ({ text })),
    );
    for (let index = 0; index < 10; index += 1)
      await annotate(t, tasks[index]!, choiceResult([reviews[index]!.annotated]));
    const backend = await connectLocalModel(t, project);
    expect(await settledStatus(t, project)).toMatchObject({ version: 1, annotation_count: 10 });

    // Three annotations in a row: each moves the end of the quiet period, so one retraining waits
    // for the burst to end, then runs once.
    for (let index = 10; index < 13; index += 1)
      await annotate(t, tasks[index]!, choiceResult([reviews[index]!.annotated]));
    expect(retraining.pendingCount()).toBe(1);
    expect(await localStatus(t, project)).toMatchObject({ state: 'training', version: 1 });
    // The backend says so too, in Label Studio's states.
    expect((await call(t, 'GET', `/api/ml/${backend.id as number}`)).body).toMatchObject({
      state: 'TR',
      readable_state: 'Training',
    });
    // Until the quiet period ends, the model stays at version 1.
    expect(await localStatus(t, project)).toMatchObject({ state: 'training', version: 1 });
    retraining.fireAll();
    expect(await settledStatus(t, project)).toMatchObject({
      state: 'ready',
      version: 2,
      model_version: 'local-v2',
      annotation_count: 13,
    });

    // "Start training" sends START_TRAINING and trains at once; one request, one new version.
    const train = await call(t, 'POST', `/api/ml/${backend.id as number}/train`);
    expect(train.status).toBe(200);
    expect(await settledStatus(t, project)).toMatchObject({ version: 3 });
    expect((await call(t, 'GET', `/api/ml/${backend.id as number}/versions`)).body).toEqual({ versions: ['local-v3'] });
    expect((await call(t, 'GET', `/api/ml/${backend.id as number}`)).body.model_version).toBe('local-v3');
  });

  it('keeps the trained model, its version and its metrics across a restart', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outpost-local-model-')), 'outpost.db');
    const first = await createTestApp({ databasePath: path });
    const project = await projectWithConfig(first, SENTIMENT_CONFIG);
    const reviews = generateReviews(60, 8);
    const tasks = await importTasks(
      first,
      project,
      reviews.slice(0, 40).map(({ text }) => ({ text })),
    );
    for (let index = 0; index < 30; index += 1) {
      await annotate(first, tasks[index]!, choiceResult([reviews[index]!.annotated]));
    }
    await connectLocalModel(first, project);
    const before = await settledStatus(first, project);
    expect(before).toMatchObject({ state: 'ready', version: 1 });
    first.db.close();

    const second = await createTestApp({ databasePath: path });
    expect(await localStatus(second, project)).toEqual(before);
    // New tasks get predictions from the stored model, without retraining it.
    await importTasks(
      second,
      project,
      reviews.slice(40).map(({ text }) => ({ text })),
    );
    expect(await retrieveAllPredictions(second, project)).toMatchObject({ created: 60, errors: [] });
    expect(new Set(storedPredictions(second, project).map((prediction) => prediction.model_version))).toEqual(
      new Set(['local-v1']),
    );
    expect(await settledStatus(second, project)).toMatchObject({ version: 1 });
    second.db.close();
  });
});
