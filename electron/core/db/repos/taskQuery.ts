/*
 * A Data Manager task query as typed data. The domain says which tasks it wants (columns,
 * operators, values, the selection, the order) in these terms; taskConditionSql.ts alone turns them
 * into SQL with every value bound as a parameter, so no SQL text is written outside db/.
 */

/** The built-in task columns, spelled as Label Studio's Data Manager spells them. */
export const TASK_COLUMN_NAMES = [
  'id',
  'inner_id',
  'total_annotations',
  'cancelled_annotations',
  'total_predictions',
  // Plain model fields: Label Studio filters and orders by any field of the task, shown or not.
  'overlap',
  'is_labeled',
  'allow_skip',
  'comment_count',
  'unresolved_comment_count',
  'last_comment_updated_at',
  'created_at',
  'updated_at',
  'updated_by',
  'completed_at',
  'avg_lead_time',
  'predictions_score',
  'draft_exists',
  'file_upload',
  'storage_filename',
  'annotators',
  'annotations_results',
  'predictions_results',
  'annotations_ids',
  'predictions_model_versions',
  'agreement',
] as const;

export type TaskColumnName = (typeof TASK_COLUMN_NAMES)[number];

/** A top-level key of the task's data; `asNumber` reads its value as a number (Number filters). */
export interface DataKeyColumn {
  dataKey: string;
  asNumber?: boolean;
}

export type TaskColumn = TaskColumnName | DataKeyColumn;

export type Comparison = 'equal' | 'less' | 'greater' | 'less_or_equal' | 'greater_or_equal';

export type AnnotationField = 'id' | 'completed_by' | 'result' | 'was_cancelled';
export type PredictionField = 'result' | 'model_version';

/** A condition on one related row (an annotation or a prediction of the task). */
export type RelatedCondition<Field extends string> =
  | { op: 'isNull' | 'isNotNull'; field: Field }
  | { op: 'inList'; field: Field; values: readonly unknown[] }
  | { op: 'compare'; field: Field; comparison: Comparison; value: unknown }
  /** Case-sensitive substring. */
  | { op: 'includes'; field: Field; text: string }
  /** Both hold JSON and the same JSON value. */
  | { op: 'jsonEquals'; field: Field; json: string }
  /** No result: JSON null or an empty list. */
  | { op: 'isEmptyResult'; field: Field };

export type TaskCondition =
  | { op: 'all' | 'any'; of: readonly TaskCondition[] }
  | { op: 'not'; of: TaskCondition }
  /** No task matches. */
  | { op: 'nothing' }
  | { op: 'isLabeled' }
  | { op: 'compare'; column: TaskColumn; comparison: Comparison; value: unknown }
  | { op: 'inList'; column: TaskColumn; values: readonly unknown[] }
  | { op: 'between'; column: TaskColumn; min: unknown; max: unknown }
  | { op: 'isNull' | 'isNotNull'; column: TaskColumn }
  /** NULL or the empty string. */
  | { op: 'isBlank'; column: TaskColumn }
  /** A JavaScript regular expression finds a match in the value's text. */
  | { op: 'matchesRegex'; column: TaskColumn; pattern: string }
  /** Substring, ignoring case beyond ASCII too. */
  | { op: 'containsIgnoringCase'; column: TaskColumn; text: string }
  | { op: 'exists'; table: 'annotations'; where?: RelatedCondition<AnnotationField> }
  | { op: 'exists'; table: 'predictions'; where?: RelatedCondition<PredictionField> };

/** The tasks of one project that pass every condition. */
export interface TaskSet {
  project: number;
  conditions: readonly TaskCondition[];
}

/**
 * Rows of a task set read in one index order: by `sortBy` then id, or by id alone (null), and
 * only those passing `only` when set. The id makes every sort key unique, which keyset paging needs.
 */
export interface OrderSegment {
  sortBy: TaskColumn | null;
  only: TaskCondition | null;
}
