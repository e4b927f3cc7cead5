import type { AnnotatorId, TaskRecord } from './projectAgreement.js';
import type { Rating } from './ratingMatrix.js';
import type { ResultItem } from './resultItem.js';

/*
 * The rating matrix of one classification control across a project, for Cohen's kappa, Fleiss'
 * kappa and Krippendorff's alpha: one row per task, one column per annotator. A cell is the
 * annotator's object-level answer: the choice (several choices become one category, sorted and
 * joined by "|"), the rating or the number. Missing where the annotator did not annotate the task,
 * cancelled it, or left the control empty; when one annotator annotated a task twice, the later
 * annotation counts. Per-region answers are not object ratings and are left out.
 */
export interface ControlRatings {
  taskIds: number[];
  annotators: AnnotatorId[];
  matrix: Rating[][];
}

function objectAnswer(results: ReadonlyArray<ResultItem>, fromName: string): Rating {
  const regionIds = new Set(results.filter((r) => r.from_name !== fromName).map((r) => r.id));
  const answer = results.find((r) => r.from_name === fromName && !(r.id !== undefined && regionIds.has(r.id)));
  const value = answer?.value;
  if (!value) return null;
  if (Array.isArray(value.choices)) {
    const choices = value.choices.filter((choice): choice is string => typeof choice === 'string');
    return choices.length === 0 ? null : [...choices].sort().join('|');
  }
  for (const key of ['rating', 'number']) {
    const number = value[key];
    if (typeof number === 'number' && Number.isFinite(number)) return number;
  }
  return null;
}

export function controlRatings(tasks: ReadonlyArray<TaskRecord>, fromName: string): ControlRatings {
  const annotators = [
    ...new Set(
      tasks.flatMap((task) => task.annotations.filter((a) => a.was_cancelled !== true).map((a) => a.completed_by)),
    ),
  ];
  const column = new Map(annotators.map((annotator, index) => [annotator, index]));
  const matrix = tasks.map((task) => {
    const row: Rating[] = new Array<Rating>(annotators.length).fill(null);
    for (const annotation of task.annotations) {
      if (annotation.was_cancelled === true) continue;
      const answer = objectAnswer(annotation.result, fromName);
      if (answer !== null) row[column.get(annotation.completed_by)!] = answer;
    }
    return row;
  });
  return { taskIds: tasks.map((task) => task.id), annotators, matrix };
}
