/*
 * What may differ between two correct servers is taken out before comparing: ids (each server
 * numbers its own rows), timestamps, uuids, tokens, its own base URL and import durations. A value
 * that is not in Label Studio's shape (a timestamp without microseconds, say) is left as it is, so
 * the comparison shows it.
 */

/** Keys whose integer values are row ids of one server or the other. */
const ID_KEYS = new Set([
  'id',
  'project',
  'task',
  'organization',
  'active_organization',
  'annotation',
  'prediction',
  'draft',
  'user',
  'user_id',
  'created_by',
  'completed_by',
  'updated_by',
  'file_upload',
  'parent_prediction',
  'parent_annotation',
  'last_action',
  'view',
  'annotation_id',
  'task_id',
  'project_id',
  'review',
  'model',
  'model_run',
  'import_id',
  'converted_format',
]);
/** Keys holding lists of row ids. */
const ID_LIST_KEYS = new Set([
  'task_ids',
  'file_upload_ids',
  'annotators',
  'ids',
  'included',
  'excluded',
  // In exports, unless expanded.
  'predictions',
  'drafts',
]);
/** Keys holding row ids joined in one string (the Data Manager's `annotations_ids`: "3,7"). */
const ID_STRING_KEYS = new Set(['annotations_ids']);
/** Keys whose values depend on the moment or the machine, not on the behaviour. */
const VOLATILE_KEYS = new Set(['duration']);

// DRF writes Python's isoformat: six fraction digits, or none when the microseconds are zero.
const DRF_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const JWT = /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/;
const LEGACY_TOKEN = /^[0-9a-f]{40}$/;
/** A file's md5 (export snapshots): it hashes content holding times and uuids. */
const MD5 = /^[0-9a-f]{32}$/;
/** Uploaded files live under `upload/<project id>/` with a random 8-hex prefix on their name. */
const UPLOAD_FOLDER = /(^|[^\w])upload\/\d+\//g;
const UPLOAD_PREFIX = /(^|[^0-9A-Za-z])[0-9a-f]{8}-/g;

export interface NormalizeContext {
  /** The server's base URL, replaced by `<base>` wherever it appears in a string. */
  base: string;
}

function normalizeString(value: string, context: NormalizeContext): string {
  if (DRF_DATETIME.test(value)) return '<datetime>';
  if (UUID.test(value)) return '<uuid>';
  if (JWT.test(value)) return '<jwt>';
  if (LEGACY_TOKEN.test(value)) return '<token>';
  if (MD5.test(value)) return '<md5>';
  return (
    value
      .split(context.base)
      .join('<base>')
      .replace(UPLOAD_FOLDER, '$1upload/<id>/')
      // Python reprs of items in import errors carry the upload's row id.
      .replace(/'file_upload_id': \d+/g, "'file_upload_id': <id>")
      // Pagination links repeat an ids= filter, and some messages name a project by its id.
      .replace(/([?&]ids=)[0-9%C,]+/g, '$1<ids>')
      .replace(/\(id=\d+\)/g, '(id=<id>)')
      .replace(UPLOAD_PREFIX, '$1<hex>-')
  );
}

function normalizeAt(key: string | null, value: unknown, context: NormalizeContext): unknown {
  if (key !== null && VOLATILE_KEYS.has(key) && typeof value === 'number') return '<volatile>';
  if (key !== null && ID_KEYS.has(key) && typeof value === 'number') return '<id>';
  if (key !== null && ID_STRING_KEYS.has(key) && typeof value === 'string') return value.replace(/\d+/g, '<id>');
  if (key !== null && ID_LIST_KEYS.has(key) && Array.isArray(value)) {
    return value.map((item) => (typeof item === 'number' ? '<id>' : normalizeAt(null, item, context)));
  }
  if (typeof value === 'string') return normalizeString(value, context);
  if (Array.isArray(value)) return value.map((item) => normalizeAt(null, item, context));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeAt(k, v, context)]));
  }
  return value;
}

export function normalize(value: unknown, context: NormalizeContext): unknown {
  return normalizeAt(null, value, context);
}

/** Sorts an array by its items' JSON, for lists whose order neither server defines. */
export function sortedByJson<T>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
