import type { Db } from '../open.js';
import { statement } from '../statement.js';
import { PROJECT_COLUMNS, type ProjectRow } from './projectsRepo.js';
import { COUNTER_ORDER_SQL } from './projectStatsRepo.js';

export interface ProjectListFilter {
  ids: readonly number[] | null;
  /** Case-insensitive substring of the title. */
  title: string | null;
  pinned: 'all' | 'pinned_only' | 'exclude_pinned';
}

export interface OrderTerm {
  field: OrderField;
  descending: boolean;
}

// prettier-ignore
const SIMPLE_ORDER_FIELDS = [
  'id', 'title', 'description', 'label_config', 'expert_instruction', 'show_instruction', 'show_skip_button',
  'enable_empty_annotation', 'show_annotation_history', 'organization', 'color', 'maximum_annotations',
  'is_published', 'model_version', 'is_draft', 'created_by', 'created_at', 'min_annotations_to_start_training',
  'show_collab_predictions', 'sampling', 'show_ground_truth_first', 'show_overlap_first',
  'overlap_cohort_percentage', 'task_data_login', 'task_data_password', 'control_weights', 'parsed_label_config',
  'evaluate_predictions_automatically', 'skip_queue', 'reveal_preannotations_interactively', 'pinned_at',
] as const;

/**
 * The fields a list may be ordered by (DRF's OrderingFilter default: every readable serializer
 * field backed by the model or the queryset), mapped to SQL. Nothing else reaches ORDER BY.
 */
const ORDER_SQL: Record<string, string> = {
  ...Object.fromEntries(SIMPLE_ORDER_FIELDS.map((field) => [field, `p.${field}`])),
  ...COUNTER_ORDER_SQL,
};

export type OrderField = (typeof SIMPLE_ORDER_FIELDS)[number] | keyof typeof COUNTER_ORDER_SQL;

export function isOrderField(name: string): name is OrderField {
  return Object.hasOwn(ORDER_SQL, name);
}

/** Pinned projects first (newest pin first), then newest first; the id keeps pages stable. */
const DEFAULT_ORDER = '(p.pinned_at IS NULL), p.pinned_at DESC, p.created_at DESC, p.id DESC';

function orderBy(terms: readonly OrderTerm[]): string {
  if (terms.length === 0) return DEFAULT_ORDER;
  const parts = terms.map((term) => `${ORDER_SQL[term.field]} ${term.descending ? 'DESC' : 'ASC'}`);
  if (!terms.some((term) => term.field === 'id')) parts.push(`p.id ${terms[0]!.descending ? 'DESC' : 'ASC'}`);
  return parts.join(', ');
}

function where(filter: ProjectListFilter): string {
  const conditions = ['1'];
  if (filter.ids !== null) conditions.push('p.id IN (SELECT value FROM json_each(@ids))');
  if (filter.title !== null) conditions.push('outpost_icontains(p.title, @title)');
  if (filter.pinned === 'pinned_only') conditions.push('p.pinned_at IS NOT NULL');
  if (filter.pinned === 'exclude_pinned') conditions.push('p.pinned_at IS NULL');
  return conditions.join(' AND ');
}

function parameters(filter: ProjectListFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (filter.ids !== null) values.ids = JSON.stringify(filter.ids);
  if (filter.title !== null) values.title = filter.title;
  return values;
}

const withFunctions = new WeakSet<Db>();

/**
 * Title search is case-insensitive beyond ASCII (SQLite's LIKE and lower() fold ASCII only; Label
 * Studio on PostgreSQL folds Unicode), so the connection gets a small deterministic function.
 */
function ensureFunctions(db: Db): void {
  if (withFunctions.has(db)) return;
  db.function('outpost_icontains', { deterministic: true }, (haystack: unknown, needle: unknown) =>
    typeof haystack === 'string' && typeof needle === 'string'
      ? Number(haystack.toLowerCase().includes(needle.toLowerCase()))
      : 0,
  );
  withFunctions.add(db);
}

export function countProjects(db: Db, filter: ProjectListFilter): number {
  ensureFunctions(db);
  const row = statement(db, `SELECT COUNT(*) AS count FROM projects p WHERE ${where(filter)}`).get(
    parameters(filter),
  ) as { count: number };
  return row.count;
}

/**
 * One page of projects. The page's ids are chosen first (an index walk for the default order, and
 * a sort that carries only ids otherwise), then only those rows are read whole.
 */
export function listProjectRows(
  db: Db,
  filter: ProjectListFilter,
  order: readonly OrderTerm[],
  limit: number,
  offset: number,
): ProjectRow[] {
  ensureFunctions(db);
  const sql = `SELECT p.id FROM projects p WHERE ${where(filter)} ORDER BY ${orderBy(order)} LIMIT @limit OFFSET @offset`;
  // Client-chosen orderings are prepared once and not cached, so they cannot grow the statement cache.
  const prepared = order.length === 0 ? statement(db, sql) : db.prepare(sql);
  const ids = prepared.pluck().all({ ...parameters(filter), limit, offset }) as number[];
  if (ids.length === 0) return [];
  const columns = ['id', ...PROJECT_COLUMNS].join(', ');
  const rows = statement(db, `SELECT ${columns} FROM projects WHERE id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ids),
  ) as ProjectRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}
