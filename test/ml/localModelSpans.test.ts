import { describe, expect, it } from 'vitest';
import { foldForMatching } from '../../electron/core/ml/local/spanMatcher.js';
import { createTestApp } from '../helpers/testApp.js';
import {
  annotate,
  connectLocalModel,
  importTasks,
  NER_CONFIG,
  projectWithConfig,
  retrieveAllPredictions,
  settledStatus,
  spanResult,
  storedPredictions,
} from './localModelApi.js';
import { generateMentions, type GoldSpan } from './syntheticCorpus.js';

const ANNOTATED = 60;

const spanKeys = (spans: readonly { start: number; end: number; label: string }[]) =>
  spans.map((span) => `${span.start}:${span.end}:${span.label}`).sort();

describe('the built-in model: span labeling', () => {
  it('finds the annotated names in new texts with exact UTF-16 offsets, emoji, accents and Hangul included', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, NER_CONFIG);
    const mentions = generateMentions(200);
    const tasks = await importTasks(
      t,
      project,
      mentions.map(({ text }) => ({ text })),
    );
    for (let index = 0; index < ANNOTATED; index += 1) {
      await annotate(t, tasks[index]!, spanResult(mentions[index]!.text, mentions[index]!.spans));
    }
    // Connected after the annotations: its first training starts at once.
    await connectLocalModel(t, project);
    const status = await settledStatus(t, project);
    expect(status).toMatchObject({
      supported: true,
      state: 'ready',
      controls: [{ name: 'ner', kind: 'spans' }],
      annotation_count: ANNOTATED,
    });
    const metrics = status.metrics.ner!;
    expect(metrics.kind).toBe('spans');
    if (metrics.kind !== 'spans') return;
    expect(metrics.held_out).toBe(status.held_out);
    expect(metrics.precision!).toBeGreaterThanOrEqual(0.9);
    expect(metrics.f1!).toBeGreaterThanOrEqual(0.7);
    expect(status.accuracy).toBe(metrics.f1);
    console.log(`local model spans after ${ANNOTATED} annotations: ${JSON.stringify(metrics)}`);

    const retrieved = await retrieveAllPredictions(t, project);
    expect(retrieved).toMatchObject({ created: 200, errors: [] });
    const byTask = new Map(storedPredictions(t, project).map((prediction) => [prediction.task, prediction]));

    // Every predicted region names its own text in the task, in Label Studio's value shape.
    for (const [index, task] of tasks.entries()) {
      const prediction = byTask.get(task)!;
      expect(prediction.model_version).toBe(status.model_version);
      expect(prediction.score).toBeGreaterThanOrEqual(0);
      expect(prediction.score).toBeLessThanOrEqual(1);
      for (const region of prediction.result) {
        expect(region).toMatchObject({ from_name: 'ner', to_name: 'text', type: 'labels' });
        const value = region.value as { start: number; end: number; text: string; labels: string[] };
        expect(Object.keys(value).sort()).toEqual(['end', 'labels', 'start', 'text']);
        expect(value.text).toBe(mentions[index]!.text.slice(value.start, value.end));
        expect(['PER', 'ORG', 'LOC']).toContain(value.labels[0]);
        expect(region.score).toBeGreaterThan(0);
        expect(region.score).toBeLessThanOrEqual(1);
      }
    }

    // Unlabeled texts whose names were all annotated somewhere: found exactly, offsets and labels.
    const learned = new Set(
      mentions.slice(0, ANNOTATED).flatMap((mention) => mention.spans.map((span) => nameOf(mention.text, span))),
    );
    const checked = mentions
      .map((mention, index) => ({ ...mention, task: tasks[index]! }))
      .slice(ANNOTATED)
      .filter((mention) => mention.spans.every((span) => learned.has(nameOf(mention.text, span))));
    expect(checked.length).toBeGreaterThan(100);
    for (const mention of checked) {
      const predicted = byTask.get(mention.task)!.result.map((region) => {
        const value = region.value as { start: number; end: number; labels: string[] };
        return { start: value.start, end: value.end, label: value.labels[0]! };
      });
      expect(spanKeys(predicted), mention.text).toEqual(spanKeys(mention.spans));
    }
    // Among them, texts where code points and UTF-16 units differ, or where Unicode folding
    // would change the length (Hangul, a decomposed accent, a dotted capital I).
    const tricky = checked.filter((mention) => /[\u{1F300}-\u{1FAFF}]|[\uAC00-\uD7A3]|\u0301|İ/u.test(mention.text));
    expect(tricky.length).toBeGreaterThan(20);
  });

  it('learns from spans counted in code points (as Python tools write them), and answers in UTF-16', async () => {
    const t = await createTestApp();
    const project = await projectWithConfig(t, NER_CONFIG);
    // Two emoji first: 4 UTF-16 units but 2 code points, so the two counts differ for every span.
    const mentions = generateMentions(80, 11).map((mention) => ({
      text: `🎉🎉 ${mention.text}`,
      spans: mention.spans.map((span) => ({ ...span, start: span.start + 5, end: span.end + 5 })),
    }));
    const codePoints = (text: string, offset: number) => [...text.slice(0, offset)].length;
    const tasks = await importTasks(
      t,
      project,
      mentions.map(({ text, spans }, index) => {
        if (index >= 50) return { text };
        const result = spanResult(text, spans).map((region) => ({
          ...region,
          value: {
            ...region.value,
            start: codePoints(text, region.value.start),
            end: codePoints(text, region.value.end),
          },
        }));
        return { data: { text }, annotations: [{ result }] };
      }),
    );
    await connectLocalModel(t, project);
    expect(await settledStatus(t, project)).toMatchObject({ state: 'ready', reason: null, annotation_count: 50 });
    await retrieveAllPredictions(t, project);
    const predicted = storedPredictions(t, project).filter((prediction) => prediction.task > tasks[49]!);
    expect(predicted.flatMap((prediction) => prediction.result).length).toBeGreaterThan(20);
    for (const prediction of predicted) {
      const text = mentions[tasks.indexOf(prediction.task)]!.text;
      for (const region of prediction.result) {
        const value = region.value as { start: number; end: number; text: string };
        expect(text.slice(value.start, value.end)).toBe(value.text);
        expect(value.start).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('folds case and accents without changing a text’s length, so offsets stay the original’s', () => {
    for (const text of ['İlkay', '김민준', 'Rene\u0301e', 'São Paulo', 'ǅemal', 'ﬁne', 'Straße']) {
      expect(foldForMatching(text)).toHaveLength(text.length);
    }
    expect(foldForMatching('Zoë ŠIMKOVÁ')).toBe('zoe simkova');
    // The library's own folding (NFD, marks removed, lowercase) shortens or lengthens these.
    expect('김민준'.normalize('NFD')).toHaveLength(9);
    expect('Rene\u0301e'.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).toHaveLength(5);
  });
});

function nameOf(text: string, span: GoldSpan): string {
  return `${text.slice(span.start, span.end)}|${span.label}`;
}
