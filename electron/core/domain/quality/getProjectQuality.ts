import type { ProjectQuality, QualityAnnotator, QualityTask } from '../../../../shared/api/quality.js';
import {
  annotatorMatrix,
  controlOptionsFromConfig,
  groundTruthAccuracy,
  taskAgreement,
  type AgreementOptions,
  type AnnotationRecord,
  type TaskRecord,
  parseStoredResult,
} from '../../../../shared/quality/index.js';
import {
  listProjectAnnotationsForQuality,
  listProjectAnnotators,
  type QualityAnnotationRow,
} from '../../db/repos/qualityRepo.js';
import type { DomainContext } from '../context.js';
import { getProjectRow } from '../projects/getProject.js';
import { classificationControls, controlStatistics } from './controlStatistics.js';

/** The id that stands for annotations whose author is unknown, as on the dashboard. */
const UNKNOWN_AUTHOR = 0;

/** The project's annotations as the agreement functions read them, one record per task, in task order. */
function groupByTask(rows: ReadonlyArray<QualityAnnotationRow>): TaskRecord[] {
  const tasks: Array<{ id: number; annotations: AnnotationRecord[] }> = [];
  for (const row of rows) {
    let task = tasks.at(-1);
    if (task?.id !== row.task) {
      task = { id: row.task, annotations: [] };
      tasks.push(task);
    }
    task.annotations.push({
      completed_by: row.completed_by ?? UNKNOWN_AUTHOR,
      result: parseStoredResult(row.result),
      ground_truth: row.ground_truth === 1,
      was_cancelled: row.was_cancelled === 1,
    });
  }
  return tasks;
}

function submittedBy(task: TaskRecord): Set<number> {
  return new Set(task.annotations.filter((a) => a.was_cancelled !== true).map((a) => Number(a.completed_by)));
}

/**
 * `GET /api/outpost/projects/{id}/quality`: agreement between the project's annotators, computed
 * from its annotations on every request (nothing is stored). Only tasks with a submitted annotation
 * appear; skips are left out of every figure.
 */
export function getProjectQuality(ctx: DomainContext, projectId: number): ProjectQuality {
  const project = getProjectRow(ctx, projectId);
  const { rows, users } = ctx.db.transaction(() => ({
    rows: listProjectAnnotationsForQuality(ctx.db, projectId),
    users: listProjectAnnotators(ctx.db, projectId),
  }))();
  const records = groupByTask(rows).filter((task) => submittedBy(task).size > 0);
  const options: AgreementOptions = { controls: controlOptionsFromConfig(project.label_config) };

  const tasksAnnotated = new Map<number, number>();
  const tasks: QualityTask[] = records.map((task) => {
    const authors = submittedBy(task);
    for (const author of authors) tasksAnnotated.set(author, (tasksAnnotated.get(author) ?? 0) + 1);
    const { score, pairs } = taskAgreement(task, options);
    return { id: task.id, annotators: authors.size, pairs, agreement: score };
  });
  // The project's figure is the mean of the task figures just computed (what projectAgreement
  // answers), so each pair of annotations is not scored once more for it.
  const scored = tasks.map((task) => task.agreement).filter((score): score is number => score !== null);
  const matrix = annotatorMatrix(records, options);
  const accuracy = new Map(groundTruthAccuracy(records, options).map((entry) => [Number(entry.annotator), entry]));
  const userById = new Map(users.map((user) => [user.id, user]));

  const annotators: QualityAnnotator[] = matrix.annotators.map((annotator, row) => {
    const id = Number(annotator);
    // The mean over every (task, other annotator) pair: each matrix cell weighted by its shared tasks.
    let total = 0;
    let count = 0;
    matrix.scores[row]!.forEach((score, column) => {
      if (column === row || score === null) return;
      total += score * matrix.tasks[row]![column]!;
      count += matrix.tasks[row]![column]!;
    });
    const truth = accuracy.get(id);
    return {
      id,
      user: userById.get(id) ?? null,
      tasks: tasksAnnotated.get(id) ?? 0,
      agreement: count > 0 ? total / count : null,
      accuracy: truth?.score ?? null,
      accuracy_annotations: truth?.annotations ?? 0,
    };
  });

  return {
    project: projectId,
    agreement: scored.length === 0 ? null : scored.reduce((sum, score) => sum + score, 0) / scored.length,
    tasks_with_agreement: scored.length,
    annotators,
    matrix: { annotators: matrix.annotators.map(Number), scores: matrix.scores, tasks: matrix.tasks },
    controls: classificationControls(project.label_config).map((control) => controlStatistics(records, control)),
    tasks,
  };
}
