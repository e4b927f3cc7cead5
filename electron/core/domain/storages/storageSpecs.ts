/*
 * Label Studio 1.22's storage types as its serializers describe them: each type's API keys in
 * the order its ModelSerializer prints them (fields = '__all__': the id, the declared fields,
 * then the model's own in definition order), the kind of each, its default, and which are
 * secrets (the serializer's `secure_fields`, never printed; Outpost keeps them in the vault).
 */

export const STORAGE_TYPES = ['s3', 'gcs', 'azure', 'redis', 'localfiles'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];
export type StorageDirection = 'import' | 'export';

export type FieldKind = 'text' | 'bool' | 'int' | 'json' | 'datetime' | 'status' | 'id';

export interface FieldSpec {
  kind: FieldKind;
  /** DRF allow_null (every TextField here is null=True, blank=True). */
  nullable: boolean;
  /** The model's default on create; undefined means null. */
  default?: unknown;
  /** The export model's default when it differs (RedisExportStorage.db is 2, the import's 1). */
  exportDefault?: unknown;
  /** Printed never; stored in the secret vault. */
  secret?: boolean;
  /** PositiveSmallIntegerField bounds. */
  min?: number;
  max?: number;
}

export interface StorageTypeSpec {
  type: StorageType;
  title: string;
  /** The scheme of the URIs its objects are named by in task data (`s3://bucket/key`). */
  urlScheme: string | null;
  /** API keys in print order, secrets included where the model has them. */
  keys: Record<StorageDirection, readonly string[]>;
}

const text: FieldSpec = { kind: 'text', nullable: true };
const secret: FieldSpec = { kind: 'text', nullable: true, secret: true };
const flag = (value: boolean): FieldSpec => ({ kind: 'bool', nullable: false, default: value });
const nullableFlag = (value: boolean): FieldSpec => ({ kind: 'bool', nullable: true, default: value });

/** Every field any type has, by name (a name means the same thing in every type). */
export const FIELD_SPECS: Readonly<Record<string, FieldSpec>> = {
  id: { kind: 'id', nullable: false },
  type: { kind: 'id', nullable: false },
  synchronizable: flag(true),
  presign: flag(true),
  last_sync: { kind: 'datetime', nullable: true },
  last_sync_count: { kind: 'int', nullable: true, min: 0, max: 2147483647 },
  last_sync_job: { kind: 'text', nullable: true },
  status: { kind: 'status', nullable: false, default: 'initialized' },
  traceback: text,
  meta: { kind: 'json', nullable: true, default: {} },
  title: text,
  description: text,
  created_at: { kind: 'id', nullable: false },
  bucket: text,
  container: text,
  prefix: text,
  path: text,
  host: text,
  port: text,
  regex_filter: text,
  use_blob_urls: flag(false),
  recursive_scan: nullableFlag(false),
  can_delete_objects: { kind: 'bool', nullable: true },
  aws_access_key_id: secret,
  aws_secret_access_key: secret,
  aws_session_token: text,
  aws_sse_kms_key_id: text,
  region_name: text,
  s3_endpoint: text,
  presign_ttl: { kind: 'int', nullable: false, default: 1, min: 0, max: 32767 },
  google_application_credentials: secret,
  google_project_id: text,
  account_name: secret,
  account_key: secret,
  password: secret,
  db: { kind: 'int', nullable: false, default: 1, exportDefault: 2, min: 0, max: 32767 },
  project: { kind: 'id', nullable: false },
};

const BOOKKEEPING = ['last_sync', 'last_sync_count', 'last_sync_job', 'status', 'traceback', 'meta'];
const NAMED = ['title', 'description', 'created_at'];
const HEAD = ['id', 'type', 'synchronizable'];

// prettier-ignore
export const STORAGE_SPECS: Readonly<Record<StorageType, StorageTypeSpec>> = {
  s3: {
    type: 's3',
    title: 'AWS S3',
    urlScheme: 's3',
    keys: {
      import: [...HEAD, 'presign', ...BOOKKEEPING, ...NAMED, 'bucket', 'prefix', 'regex_filter', 'use_blob_urls',
        'aws_access_key_id', 'aws_secret_access_key', 'aws_session_token', 'aws_sse_kms_key_id', 'region_name',
        's3_endpoint', 'presign_ttl', 'recursive_scan', 'project'],
      export: [...HEAD, ...BOOKKEEPING, ...NAMED, 'can_delete_objects', 'bucket', 'prefix', 'regex_filter',
        'use_blob_urls', 'aws_access_key_id', 'aws_secret_access_key', 'aws_session_token', 'aws_sse_kms_key_id',
        'region_name', 's3_endpoint', 'project'],
    },
  },
  gcs: {
    type: 'gcs',
    title: 'Google Cloud Storage',
    urlScheme: 'gs',
    keys: {
      import: [...HEAD, 'presign', 'bucket', 'prefix', 'regex_filter', 'use_blob_urls',
        'google_application_credentials', 'google_project_id', ...BOOKKEEPING, ...NAMED, 'presign_ttl',
        'recursive_scan', 'project'],
      export: [...HEAD, 'bucket', 'prefix', 'regex_filter', 'use_blob_urls', 'google_application_credentials',
        'google_project_id', ...BOOKKEEPING, ...NAMED, 'can_delete_objects', 'project'],
    },
  },
  azure: {
    type: 'azure',
    title: 'Microsoft Azure',
    urlScheme: 'azure-blob',
    keys: {
      import: [...HEAD, 'presign', 'container', 'prefix', 'regex_filter', 'use_blob_urls', 'account_name',
        'account_key', ...BOOKKEEPING, ...NAMED, 'presign_ttl', 'recursive_scan', 'project'],
      export: [...HEAD, 'container', 'prefix', 'regex_filter', 'use_blob_urls', 'account_name', 'account_key',
        ...BOOKKEEPING, ...NAMED, 'can_delete_objects', 'project'],
    },
  },
  redis: {
    type: 'redis',
    title: 'Redis',
    urlScheme: 'redis',
    keys: {
      import: [...HEAD, 'path', 'host', 'port', 'password', 'regex_filter', 'use_blob_urls', ...BOOKKEEPING,
        ...NAMED, 'db', 'project'],
      export: [...HEAD, 'path', 'host', 'port', 'password', 'regex_filter', 'use_blob_urls', ...BOOKKEEPING,
        ...NAMED, 'can_delete_objects', 'db', 'project'],
    },
  },
  localfiles: {
    type: 'localfiles',
    title: 'Local files',
    urlScheme: null,
    keys: {
      import: [...HEAD, 'path', 'regex_filter', 'use_blob_urls', ...BOOKKEEPING, ...NAMED, 'recursive_scan',
        'project'],
      export: [...HEAD, 'path', 'regex_filter', 'use_blob_urls', ...BOOKKEEPING, ...NAMED, 'can_delete_objects',
        'project'],
    },
  },
};

/** Keys kept in columns of the `storages` table; every other non-secret key lives in `settings`. */
export const COLUMN_KEYS = new Set([
  'id', 'type', 'project', 'synchronizable', 'title', 'description', 'created_at', 'regex_filter',
  'use_blob_urls', 'recursive_scan', 'can_delete_objects', ...BOOKKEEPING,
]); // prettier-ignore

export function isStorageType(value: string): value is StorageType {
  return (STORAGE_TYPES as readonly string[]).includes(value);
}

/** The keys a request may write for this type and direction (all but the read-only ones). */
export function writableKeys(type: StorageType, direction: StorageDirection): string[] {
  return STORAGE_SPECS[type].keys[direction].filter((key) => !['id', 'type', 'created_at'].includes(key));
}

/** What a field holds when a storage was saved without it. */
export function fieldDefault(key: string, direction: StorageDirection): unknown {
  const spec = FIELD_SPECS[key];
  return direction === 'export' && spec?.exportDefault !== undefined ? spec.exportDefault : spec?.default;
}

export function secretKeys(type: StorageType, direction: StorageDirection): string[] {
  return STORAGE_SPECS[type].keys[direction].filter((key) => FIELD_SPECS[key]?.secret === true);
}
