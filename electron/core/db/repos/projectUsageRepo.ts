import type { Db } from '../open.js';
import { statement } from '../statement.js';

export interface ProjectContentCounts {
  tasks: number;
  annotations: number;
  drafts: number;
}

/** How much labeled data a project holds: decides whether a config change needs checking. */
export function countProjectContent(db: Db, project: number): ProjectContentCounts {
  const count = (sql: string) => (statement(db, sql).get(project) as { n: number }).n;
  return {
    tasks: count('SELECT count(*) AS n FROM tasks WHERE project = ?'),
    annotations: count('SELECT count(*) AS n FROM annotations WHERE project = ?'),
    drafts: count('SELECT count(*) AS n FROM drafts WHERE task IN (SELECT id FROM tasks WHERE project = ?)'),
  };
}

/** The project's stored label config, or undefined when there is no such project. */
export function findProjectLabelConfig(db: Db, project: number): string | undefined {
  const row = statement(db, 'SELECT label_config FROM projects WHERE id = ?').get(project) as
    { label_config: string | null } | undefined;
  return row ? (row.label_config ?? '') : undefined;
}
