import { describe, expect, it } from 'vitest';
import { call } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';
import {
  annotate,
  choiceResult,
  connectLocalModel,
  importTasks,
  localStatus,
  projectWithConfig,
  retrieveAllPredictions,
  SENTIMENT_CONFIG,
  settledStatus,
  storedPredictions,
} from './localModelApi.js';
import { generateReviews, generateTopicTexts, SENTIMENTS } from './syntheticCorpus.js';

describe('the built-in model: text classification', () => {
  it('pre-labels a 1,000-task text project after 50 annotations, with its accuracy reported', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, SENTIMENT_CONFIG);
    const reviews = generateReviews(1000);
    const tasks = await importTasks(
      t,
      project,
      reviews.map((review) => ({ text: review.text })),
    );
    const backend = await connectLocalModel(t, project);
    expect(backend).toMatchObject({ url: 'outpost:local-model', state: 'CO', model_version: 'local-untrained' });

    // 50 annotations, one task in twenty, as an annotator working through the project would give.
    const annotated = new Set<number>();
    for (let index = 0; index < 1000 && annotated.size < 50; index += 20) {
      await annotate(t, tasks[index]!, choiceResult([reviews[index]!.annotated]));
      annotated.add(tasks[index]!);
    }
    const status = await settledStatus(t, project);
    expect(status).toMatchObject({
      project,
      supported: true,
      reason: null,
      controls: [{ name: 'sentiment', kind: 'classification' }],
      state: 'ready',
      model_version: `local-v${status.version}`,
      annotation_count: 50,
    });
    expect(status.version).toBeGreaterThanOrEqual(1);
    expect(status.trained_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    // About one in five annotated tasks held back, and the model well above chance (1/3) on them.
    const metrics = status.metrics.sentiment!;
    expect(metrics.kind).toBe('classification');
    expect(status.held_out).toBeGreaterThanOrEqual(5);
    expect(status.held_out).toBeLessThanOrEqual(18);
    expect(status.accuracy).toBe(metrics.kind === 'classification' ? metrics.accuracy : null);
    expect(status.accuracy!).toBeGreaterThanOrEqual(0.6);
    if (metrics.kind === 'classification') expect(status.accuracy!).toBeGreaterThan(metrics.majority_baseline! + 0.15);

    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved).toMatchObject({ processed_items: 1000, created: 1000, errors: [] });
    const predictions = storedPredictions(t, project);
    const unlabeled = tasks.filter((task) => !annotated.has(task));
    const byTask = new Map(predictions.map((prediction) => [prediction.task, prediction]));
    expect(unlabeled.every((task) => byTask.has(task))).toBe(true);
    let right = 0;
    for (const task of unlabeled) {
      const prediction = byTask.get(task)!;
      expect(prediction.model_version).toBe(status.model_version);
      expect(prediction.score).toBeGreaterThanOrEqual(0);
      expect(prediction.score).toBeLessThanOrEqual(1);
      expect(prediction.result).toHaveLength(1);
      const region = prediction.result[0]!;
      expect(region).toMatchObject({ from_name: 'sentiment', to_name: 'text', type: 'choices' });
      const [choice] = (region.value as { choices: string[] }).choices;
      expect(SENTIMENTS).toContain(choice);
      if (choice === reviews[tasks.indexOf(task)]!.truth) right += 1;
    }
    // On the 950 tasks no one labeled, against what the reviews really say.
    const unlabeledAccuracy = right / unlabeled.length;
    console.log(
      `local model after 50 annotations: held-out accuracy ${status.accuracy} on ${status.held_out} tasks ` +
        `(majority baseline ${metrics.kind === 'classification' ? metrics.majority_baseline : '-'}), ` +
        `accuracy on the 950 unlabeled tasks ${unlabeledAccuracy.toFixed(3)}`,
    );
    expect(unlabeledAccuracy).toBeGreaterThan(0.7);

    // The backend follows the model's version, and a second run has nothing left to do.
    const shown = await call(t, 'GET', `/api/ml/${backend.id as number}`);
    expect(shown.body).toMatchObject({ state: 'CO', model_version: status.model_version });
    expect(await retrieveAllPredictions(t, project)).toMatchObject({ created: 0 });
  });

  it('learns multiple-choice configs with one decision per choice', async () => {
    const t = await createTestApp();
    const config =
      '<View><Text name="text" value="$text"/><Choices name="topics" toName="text" choice="multiple">' +
      '<Choice value="food"/><Choice value="price"/><Choice value="staff"/></Choices></View>';
    const project = await projectWithConfig(t, config);
    const notes = generateTopicTexts(160);
    const tasks = await importTasks(
      t,
      project,
      notes.map(({ text }) => ({ text })),
    );
    for (let index = 0; index < 60; index += 1) {
      await annotate(t, tasks[index]!, choiceResult(notes[index]!.topics, 'topics'));
    }
    await connectLocalModel(t, project);
    const status = await settledStatus(t, project);
    expect(status).toMatchObject({ state: 'ready', controls: [{ name: 'topics', kind: 'classification' }] });
    expect(status.accuracy).not.toBeNull();

    await retrieveAllPredictions(t, project);
    const predictions = storedPredictions(t, project).filter((prediction) => prediction.task > tasks[59]!);
    expect(predictions).toHaveLength(100);
    // Exactly the right set of topics, out of seven possible sets (the most common one is 23% of notes).
    const exact = predictions.filter((prediction) => {
      const chosen = (prediction.result[0]!.value as { choices: string[] }).choices;
      return [...chosen].sort().join() === notes[tasks.indexOf(prediction.task)]!.topics.join();
    });
    expect(
      predictions.some((prediction) => (prediction.result[0]!.value as { choices: string[] }).choices.length > 1),
    ).toBe(true);
    expect(exact.length).toBeGreaterThanOrEqual(50);
  });

  it('learns from submitted annotations only, and says which tasks it cannot predict', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, SENTIMENT_CONFIG);
    const reviews = generateReviews(30, 99);
    // The last task's text is blank: nothing to read.
    const tasks = await importTasks(t, project, [...reviews.map((review) => ({ text: review.text })), { text: '  ' }]);
    for (let index = 0; index < 20; index += 1) {
      await annotate(t, tasks[index]!, choiceResult([reviews[index]!.annotated]));
    }
    // Skipped tasks and drafts are no annotations to learn from.
    for (let index = 20; index < 24; index += 1) await annotate(t, tasks[index]!, [], '?was_cancelled=1');
    const draft = await call(t, 'POST', `/api/tasks/${tasks[24]!}/drafts`, {
      result: choiceResult(['positive']),
      lead_time: 1,
    });
    expect(draft.status).toBe(201);
    await connectLocalModel(t, project);
    const status = await settledStatus(t, project);
    expect(status).toMatchObject({ state: 'ready', annotation_count: 20 });

    const retrieved = await retrieveAllPredictions(t, project);
    const missing = tasks[tasks.length - 1]!;
    expect(retrieved.created).toBe(30);
    expect(retrieved.errors).toEqual([
      { task: missing, error: 'The model made no prediction for this task: the task has no text under "text"' },
    ]);
    expect(storedPredictions(t, project).some((prediction) => prediction.task === missing)).toBe(false);
    expect((await localStatus(t, project)).state).toBe('ready');
  });
});
