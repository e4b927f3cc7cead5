import type { ProjectQuality, QualityTable, QualityUser } from '../../../../shared/api/quality.js';

/*
 * The agreement report as CSV, one table per file: `tasks` (one row per task), `annotators` (one
 * row per annotator) and `pairs` (one row per two annotators, the matrix's upper triangle). Empty
 * cells stand for figures that cannot be computed. Fields are quoted as RFC 4180 says, and a text
 * that a spreadsheet would run as a formula is prefixed with a quote mark.
 */

type Cell = string | number | null;

function csvField(cell: Cell): string {
  if (cell === null) return '';
  let text = String(cell);
  if (typeof cell === 'string' && /^[=+\-@\t\r]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function fullName(user: QualityUser | null): string {
  return user ? `${user.first_name} ${user.last_name}`.trim() : '';
}

export function qualityCsv(quality: ProjectQuality, table: QualityTable): string {
  if (table === 'tasks') {
    return csv(
      ['task_id', 'annotators', 'pairs', 'agreement'],
      quality.tasks.map((task) => [task.id, task.annotators, task.pairs, task.agreement]),
    );
  }
  if (table === 'annotators') {
    return csv(
      ['annotator_id', 'email', 'name', 'tasks', 'agreement', 'accuracy', 'accuracy_annotations'],
      quality.annotators.map((annotator) => [
        annotator.id,
        annotator.user?.email ?? '',
        fullName(annotator.user),
        annotator.tasks,
        annotator.agreement,
        annotator.accuracy,
        annotator.accuracy_annotations,
      ]),
    );
  }
  const byId = new Map(quality.annotators.map((annotator) => [annotator.id, annotator.user]));
  const { annotators, scores, tasks } = quality.matrix;
  const rows: Cell[][] = [];
  for (let i = 0; i < annotators.length; i++) {
    for (let j = i + 1; j < annotators.length; j++) {
      const [first, second] = [annotators[i]!, annotators[j]!];
      rows.push([
        first,
        byId.get(first)?.email ?? '',
        second,
        byId.get(second)?.email ?? '',
        tasks[i]![j]!,
        scores[i]![j]!,
      ]);
    }
  }
  return csv(['annotator_id', 'annotator_email', 'other_id', 'other_email', 'shared_tasks', 'agreement'], rows);
}

/** The download's name: the project and the table, so the three files of one report sort together. */
export function qualityCsvFileName(projectId: number, table: QualityTable): string {
  return `project-${projectId}-agreement-${table}.csv`;
}
