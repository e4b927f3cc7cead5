import { columnSql, type SqlPart } from './taskColumnSql.js';
import type { AnnotationField, Comparison, PredictionField, RelatedCondition, TaskCondition } from './taskQuery.js';

/*
 * TaskCondition -> SQL over the `tasks` row aliased `t`. Every value is a bound parameter and
 * every identifier comes from a fixed table here or in taskColumnSql.ts. Related rows are tested
 * with EXISTS over their (task, id) indexes, so a condition holds when ANY related row matches
 * and never repeats a task.
 */

const COMPARISONS: Record<Comparison, string> = {
  equal: '=',
  less: '<',
  greater: '>',
  less_or_equal: '<=',
  greater_or_equal: '>=',
};

const IN_LIST = 'IN (SELECT value FROM json_each(?))';

const RELATED = {
  annotations: { from: 'FROM annotations a WHERE a.task = t.id', alias: 'a' },
  predictions: { from: 'FROM predictions p WHERE p.task = t.id', alias: 'p' },
} as const;

const ANNOTATION_FIELDS: readonly AnnotationField[] = ['id', 'completed_by', 'result', 'was_cancelled'];
const PREDICTION_FIELDS: readonly PredictionField[] = ['result', 'model_version'];

function part(sql: string, ...params: unknown[]): SqlPart {
  return { sql, params };
}

/** Tests a value expression; `e`'s own parameters are bound at each place it appears. */
function testValue(e: SqlPart, condition: TaskCondition | RelatedCondition<string>): SqlPart {
  const bound = (sql: string, ...params: unknown[]) => part(sql, ...e.params, ...params);
  switch (condition.op) {
    case 'compare':
      return bound(`${e.sql} ${COMPARISONS[condition.comparison]} ?`, condition.value);
    case 'inList':
      return bound(`${e.sql} ${IN_LIST}`, JSON.stringify(condition.values));
    case 'between':
      return bound(`${e.sql} BETWEEN ? AND ?`, condition.min, condition.max);
    case 'isNull':
      return bound(`${e.sql} IS NULL`);
    case 'isNotNull':
      return bound(`${e.sql} IS NOT NULL`);
    case 'isBlank':
      return bound(`coalesce(${e.sql}, '') = ''`);
    case 'matchesRegex':
      // dm_regexp takes the pattern first: its parameter precedes the expression's.
      return part(`dm_regexp(?, ${e.sql})`, condition.pattern, ...e.params);
    case 'containsIgnoringCase':
      return bound(`dm_icontains(${e.sql}, ?)`, condition.text);
    case 'includes':
      return bound(`instr(${e.sql}, ?) > 0`, condition.text);
    case 'jsonEquals':
      return part(`json_valid(${e.sql}) AND json(${e.sql}) = json(?)`, ...e.params, ...e.params, condition.json);
    case 'isEmptyResult':
      // A result of SQL NULL in Label Studio is stored by Outpost as the JSON text 'null'.
      return part(
        `(${e.sql} = 'null' OR (json_valid(${e.sql}) AND json_type(${e.sql}) = 'array' AND json_array_length(${e.sql}) = 0))`,
        ...[1, 2, 3, 4].flatMap(() => e.params),
      );
    default:
      throw new Error(`Not a value test: ${condition.op}`);
  }
}

function relatedSql(
  table: keyof typeof RELATED,
  where: RelatedCondition<AnnotationField> | RelatedCondition<PredictionField> | undefined,
): SqlPart {
  const { from, alias } = RELATED[table];
  if (!where) return part(`EXISTS (SELECT 1 ${from})`);
  const fields: readonly string[] = table === 'annotations' ? ANNOTATION_FIELDS : PREDICTION_FIELDS;
  if (!fields.includes(where.field)) throw new Error(`Unknown ${table} field ${where.field}`);
  const test = testValue(part(`${alias}.${where.field}`), where);
  return part(`EXISTS (SELECT 1 ${from} AND ${test.sql})`, ...test.params);
}

function joined(parts: readonly SqlPart[], separator: string): SqlPart {
  return {
    sql: `(${parts.map((each) => `(${each.sql})`).join(separator)})`,
    params: parts.flatMap((each) => each.params),
  };
}

/** The condition as SQL with its parameters in placeholder order. */
export function conditionSql(condition: TaskCondition): SqlPart {
  switch (condition.op) {
    case 'all':
      return condition.of.length === 0 ? part('1') : joined(condition.of.map(conditionSql), ' AND ');
    case 'any':
      return condition.of.length === 0 ? part('0') : joined(condition.of.map(conditionSql), ' OR ');
    case 'not': {
      const inner = conditionSql(condition.of);
      return part(`NOT (${inner.sql})`, ...inner.params);
    }
    case 'nothing':
      return part('0');
    case 'isLabeled':
      return part('t.is_labeled = 1');
    case 'exists':
      return relatedSql(condition.table, condition.where);
    default:
      return testValue(columnSql(condition.column), condition);
  }
}

/** `t.project = ?` and every condition, for a WHERE clause. */
export function taskSetWhere(project: number, conditions: readonly TaskCondition[]): SqlPart {
  const parts = conditions.map(conditionSql);
  return {
    sql: ['t.project = ?', ...parts.map((each) => `(${each.sql})`)].join(' AND '),
    params: [project, ...parts.flatMap((each) => each.params)],
  };
}
