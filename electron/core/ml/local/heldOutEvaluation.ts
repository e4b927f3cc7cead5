import type { ClassificationMetrics, ControlMetrics, SpanMetrics } from '../../../../shared/api/ml.js';
import { loadChoicesPredictor, trainChoices, type ChoicesExample } from './choicesModel.js';
import type { ControlExamples } from './controlExamples.js';
import { loadSpansPredictor, spanKey, trainSpans, type SpanExample } from './spansModel.js';
import type { TimeSlicer } from './timeSlicer.js';

/*
 * How good the model is on tasks it has not seen: about a fifth of the annotated tasks, chosen by
 * task id (the same tasks each time, whatever else changes), are held back; a model trained on
 * the rest predicts them. The model that is kept is then trained on everything.
 */

export type { ClassificationMetrics, ControlMetrics, SpanMetrics };

/** One task in five, by a well-mixed hash of its id (murmur3's finalizer), so neighbours spread. */
export function isHeldOut(task: number): boolean {
  let hash = task | 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 5 === 0;
}

export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

const answerKey = (choices: readonly string[]) => JSON.stringify([...choices].sort());
const NOTHING_HELD_OUT = 'no annotated task is held out yet';

/** The metric a control is summed up by: accuracy for classification, F1 for spans. */
export function headlineOf(metrics: ControlMetrics): number | null {
  return metrics.kind === 'classification' ? metrics.accuracy : metrics.f1;
}

function spanFigures(heldOut: number, expected: number, predicted: number, correct: number): SpanMetrics {
  const precision = predicted > 0 ? correct / predicted : null;
  const recall = expected > 0 ? correct / expected : null;
  const f1 =
    precision === null || recall === null
      ? null
      : precision + recall === 0
        ? 0
        : (2 * precision * recall) / (precision + recall);
  const rounded = (value: number | null) => (value === null ? null : round4(value));
  return {
    kind: 'spans',
    held_out: heldOut,
    expected,
    predicted,
    correct,
    precision: rounded(precision),
    recall: rounded(recall),
    f1: rounded(f1),
  };
}

function splitByTask<Example extends { task: number }>(examples: readonly Example[]) {
  return {
    train: examples.filter((example) => !isHeldOut(example.task)),
    tests: examples.filter((example) => isHeldOut(example.task)),
  };
}

const notEnough = (problem: string) => `the tasks left after holding some out are not enough: ${problem}`;

async function evaluateClassification(
  examples: readonly ChoicesExample[],
  multiple: boolean,
  slicer: TimeSlicer,
): Promise<ClassificationMetrics> {
  const { train, tests } = splitByTask(examples);
  const none = (note: string): ClassificationMetrics => ({
    kind: 'classification',
    held_out: tests.length,
    correct: 0,
    accuracy: null,
    majority_baseline: null,
    note,
  });
  if (tests.length === 0) return none(NOTHING_HELD_OUT);
  const trained = await trainChoices(train, multiple, slicer);
  if (!trained.ok) return none(notEnough(trained.problem));
  const predict = loadChoicesPredictor(trained.model);
  const answers = new Map<string, number>();
  for (const example of train)
    answers.set(answerKey(example.choices), (answers.get(answerKey(example.choices)) ?? 0) + 1);
  const majority = [...answers].sort((a, b) => b[1] - a[1])[0]![0];
  let [correct, majorityCorrect] = [0, 0];
  for (const test of tests) {
    const answer = predict(test.tokens, null);
    const expected = answerKey(test.choices);
    if (answer && answerKey(answer.choices) === expected) correct += 1;
    if (majority === expected) majorityCorrect += 1;
    await slicer.pause();
  }
  return {
    kind: 'classification',
    held_out: tests.length,
    correct,
    accuracy: round4(correct / tests.length),
    majority_baseline: round4(majorityCorrect / tests.length),
  };
}

async function evaluateSpans(examples: readonly SpanExample[], slicer: TimeSlicer): Promise<SpanMetrics> {
  const { train, tests } = splitByTask(examples);
  if (tests.length === 0) return { ...spanFigures(0, 0, 0, 0), note: NOTHING_HELD_OUT };
  const trained = await trainSpans(train, slicer);
  if (!trained.ok) return { ...spanFigures(tests.length, 0, 0, 0), note: notEnough(trained.problem) };
  const predict = loadSpansPredictor(trained.model);
  let [expected, predicted, correct] = [0, 0, 0];
  for (const test of tests) {
    const gold = new Set(test.spans.map(spanKey));
    const { spans } = await predict(test.text, null);
    expected += gold.size;
    predicted += spans.length;
    correct += spans.filter((span) => gold.has(spanKey(span))).length;
    await slicer.pause();
  }
  return spanFigures(tests.length, expected, predicted, correct);
}

export function evaluateControl(set: ControlExamples, slicer: TimeSlicer): Promise<ControlMetrics> {
  return set.kind === 'classification'
    ? evaluateClassification(set.examples, set.control.multiple, slicer)
    : evaluateSpans(set.examples, slicer);
}
