import { annotationAgreement, type AgreementOptions } from './annotationAgreement.js';
import type { ResultItem } from './resultItem.js';

/*
 * Agreement summed up over a project's tasks, from the annotations as Label Studio returns them.
 * Cancelled (skipped) annotations are left out everywhere. Two annotations by the same annotator
 * are never paired: agreement is between people. A pair whose score is null (neither used a scored
 * control) is left out of every mean.
 */

export type AnnotatorId = number | string;

export interface AnnotationRecord {
  completed_by: AnnotatorId;
  result: ReadonlyArray<ResultItem>;
  ground_truth?: boolean;
  was_cancelled?: boolean;
}

export interface TaskRecord {
  id: number;
  annotations: ReadonlyArray<AnnotationRecord>;
}

function mean(values: ReadonlyArray<number>): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function kept(task: TaskRecord): AnnotationRecord[] {
  return task.annotations.filter((annotation) => annotation.was_cancelled !== true);
}

interface PairScore {
  first: AnnotatorId;
  second: AnnotatorId;
  score: number;
}

function pairScores(task: TaskRecord, options: AgreementOptions): PairScore[] {
  const annotations = kept(task);
  const pairs: PairScore[] = [];
  for (let i = 0; i < annotations.length; i++) {
    for (let j = i + 1; j < annotations.length; j++) {
      const [a, b] = [annotations[i]!, annotations[j]!];
      if (a.completed_by === b.completed_by) continue;
      const { score } = annotationAgreement(a.result, b.result, options);
      if (score !== null) pairs.push({ first: a.completed_by, second: b.completed_by, score });
    }
  }
  return pairs;
}

/** A task's agreement: the mean over its pairs of annotators; null with fewer than two annotators. */
export function taskAgreement(
  task: TaskRecord,
  options: AgreementOptions = {},
): { score: number | null; pairs: number } {
  const pairs = pairScores(task, options);
  return { score: mean(pairs.map((pair) => pair.score)), pairs: pairs.length };
}

/** The project's agreement: the mean of its tasks' agreements, over the tasks that have one. */
export function projectAgreement(
  tasks: ReadonlyArray<TaskRecord>,
  options: AgreementOptions = {},
): { score: number | null; tasks: Map<number, number> } {
  const scores = new Map<number, number>();
  for (const task of tasks) {
    const { score } = taskAgreement(task, options);
    if (score !== null) scores.set(task.id, score);
  }
  return { score: mean([...scores.values()]), tasks: scores };
}

export interface AnnotatorMatrix {
  /** Annotators in the order they first appear. */
  annotators: AnnotatorId[];
  /** scores[i][j]: mean agreement of annotators i and j over the tasks both annotated; null if none; 1 on the diagonal. */
  scores: Array<Array<number | null>>;
  /** tasks[i][j]: how many tasks that mean is over. */
  tasks: number[][];
}

export function annotatorMatrix(tasks: ReadonlyArray<TaskRecord>, options: AgreementOptions = {}): AnnotatorMatrix {
  const annotators = [...new Set(tasks.flatMap((task) => kept(task).map((a) => a.completed_by)))];
  const index = new Map(annotators.map((annotator, position) => [annotator, position]));
  const size = annotators.length;
  const sums = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const counts = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const task of tasks) {
    // A pair annotating one task twice still counts that task once: its pairs' mean.
    const perTask = new Map<string, number[]>();
    for (const pair of pairScores(task, options)) {
      const [i, j] = [index.get(pair.first)!, index.get(pair.second)!];
      const key = `${Math.min(i, j)},${Math.max(i, j)}`;
      perTask.set(key, [...(perTask.get(key) ?? []), pair.score]);
    }
    for (const [key, scores] of perTask) {
      const [i, j] = key.split(',').map(Number) as [number, number];
      const score = mean(scores)!;
      sums[i]![j]! += score;
      sums[j]![i]! += score;
      counts[i]![j]! += 1;
      counts[j]![i]! += 1;
    }
  }
  const scores = sums.map((row, i) =>
    row.map((total, j) => (i === j ? 1 : counts[i]![j]! > 0 ? total / counts[i]![j]! : null)),
  );
  return { annotators, scores, tasks: counts };
}

export interface GroundTruthAccuracy {
  annotator: AnnotatorId;
  /** Mean agreement of the annotator's annotations with the task's ground truth; null if none was scored. */
  score: number | null;
  /** How many annotations that mean is over. */
  annotations: number;
}

/*
 * Each annotator's accuracy: every annotation that is not itself ground truth, on a task that has
 * ground truth, is scored against each ground-truth annotation of the task (the mean when there
 * are several), with the same pairwise measure as agreement.
 */
export function groundTruthAccuracy(
  tasks: ReadonlyArray<TaskRecord>,
  options: AgreementOptions = {},
): GroundTruthAccuracy[] {
  const scores = new Map<AnnotatorId, number[]>();
  for (const task of tasks) {
    const annotations = kept(task);
    const truths = annotations.filter((annotation) => annotation.ground_truth === true);
    if (truths.length === 0) continue;
    for (const annotation of annotations) {
      if (annotation.ground_truth === true) continue;
      const against = truths.map((truth) => annotationAgreement(annotation.result, truth.result, options).score);
      const score = mean(against.filter((value): value is number => value !== null));
      if (score === null) continue;
      scores.set(annotation.completed_by, [...(scores.get(annotation.completed_by) ?? []), score]);
    }
  }
  return [...scores].map(([annotator, values]) => ({ annotator, score: mean(values), annotations: values.length }));
}
