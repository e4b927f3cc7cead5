import { z } from 'zod';

/*
 * Label Studio 1.22's cloud storages as Outpost serves them (`/api/storages`, `/api/storages/export`):
 * each type's serializer for each direction (secrets never printed), the types list, the form
 * layouts and the objects an import would read (`/files`).
 */

export const STORAGE_TYPES = ['s3', 'gcs', 'azure', 'redis', 'localfiles'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];
export type StorageDirection = 'import' | 'export';

export const STORAGE_STATUSES = [
  'initialized',
  'queued',
  'in_progress',
  'failed',
  'completed',
  'completed_with_errors',
] as const;
export type StorageStatus = (typeof STORAGE_STATUSES)[number];

const text = z.string().nullable();

/** The fields every storage prints, whatever its type and direction. */
const common = {
  id: z.number(),
  synchronizable: z.boolean(),
  last_sync: z.string().nullable(),
  last_sync_count: z.number().nullable(),
  last_sync_job: text,
  status: z.enum(STORAGE_STATUSES),
  /** Why the last sync failed. */
  traceback: text,
  meta: z.record(z.string(), z.unknown()).nullable(),
  title: text,
  description: text,
  created_at: z.string(),
  regex_filter: text,
  use_blob_urls: z.boolean(),
  project: z.number(),
};
const importOnly = { recursive_scan: z.boolean().nullable() };
const presigned = { presign: z.boolean(), presign_ttl: z.number() };
const exportOnly = { can_delete_objects: z.boolean().nullable() };

const s3 = {
  bucket: text,
  prefix: text,
  aws_session_token: text,
  aws_sse_kms_key_id: text,
  region_name: text,
  s3_endpoint: text,
};
const gcs = { bucket: text, prefix: text, google_project_id: text };
const azure = { container: text, prefix: text };
const redis = { path: text, host: text, port: text, db: z.number() };
const localfiles = { path: text };

const typed = <T extends StorageType, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...common, ...shape });

export const s3ImportStorageSchema = typed('s3', { ...s3, ...presigned, ...importOnly });
export const s3ExportStorageSchema = typed('s3', { ...s3, ...exportOnly });
export const gcsImportStorageSchema = typed('gcs', { ...gcs, ...presigned, ...importOnly });
export const gcsExportStorageSchema = typed('gcs', { ...gcs, ...exportOnly });
export const azureImportStorageSchema = typed('azure', { ...azure, ...presigned, ...importOnly });
export const azureExportStorageSchema = typed('azure', { ...azure, ...exportOnly });
export const redisImportStorageSchema = typed('redis', redis);
export const redisExportStorageSchema = typed('redis', { ...redis, ...exportOnly });
export const localfilesImportStorageSchema = typed('localfiles', { ...localfiles, ...importOnly });
export const localfilesExportStorageSchema = typed('localfiles', { ...localfiles, ...exportOnly });

export const STORAGE_SCHEMAS = {
  import: {
    s3: s3ImportStorageSchema,
    gcs: gcsImportStorageSchema,
    azure: azureImportStorageSchema,
    redis: redisImportStorageSchema,
    localfiles: localfilesImportStorageSchema,
  },
  export: {
    s3: s3ExportStorageSchema,
    gcs: gcsExportStorageSchema,
    azure: azureExportStorageSchema,
    redis: redisExportStorageSchema,
    localfiles: localfilesExportStorageSchema,
  },
} as const;

/** Any storage of one direction (the lists mix every type). */
export const importStorageSchema = z.union([
  s3ImportStorageSchema,
  gcsImportStorageSchema,
  azureImportStorageSchema,
  redisImportStorageSchema,
  localfilesImportStorageSchema,
]);
export const exportStorageSchema = z.union([
  s3ExportStorageSchema,
  gcsExportStorageSchema,
  azureExportStorageSchema,
  redisExportStorageSchema,
  localfilesExportStorageSchema,
]);
export const storageSchema = z.union([importStorageSchema, exportStorageSchema]);
export type Storage = z.infer<typeof storageSchema>;
export const storageListSchema = (direction: StorageDirection) =>
  z.array(direction === 'import' ? importStorageSchema : exportStorageSchema);

/** The answer of one type and direction (a union of members does not narrow by itself). */
export function storageSchemaOf(direction: StorageDirection, type: StorageType): z.ZodType<Storage> {
  return STORAGE_SCHEMAS[direction][type] as z.ZodType<Storage>;
}

/**
 * A PATCH answer: the storage without `type` (DRF skips a read-only field's default on a partial
 * update, so Label Studio's answer has none).
 */
export function patchedStorageSchemaOf(
  direction: StorageDirection,
  type: StorageType,
): z.ZodType<Omit<Storage, 'type'>> {
  return (STORAGE_SCHEMAS[direction][type] as z.ZodObject).omit({ type: true }) as unknown as z.ZodType<
    Omit<Storage, 'type'>
  >;
}

export const storageTypeListSchema = z.array(z.strictObject({ name: z.enum(STORAGE_TYPES), title: z.string() }));
export type StorageTypeInfo = z.infer<typeof storageTypeListSchema>[number];

/** One field of Label Studio's form layout (`GET .../form`), as its storage forms read it. */
export const storageFormFieldSchema = z.strictObject({
  type: z.string(),
  name: z.string(),
  label: z.string().optional(),
  required: z.boolean().optional(),
  placeholder: z.union([z.string(), z.number()]).optional(),
  description: z.string().optional(),
  tooltip: z.string().optional(),
  footer: z.string().optional(),
  options: z.array(z.strictObject({ value: z.unknown(), label: z.string() })).optional(),
  /** The default of toggles and counters. */
  value: z.unknown().optional(),
  min: z.number().optional(),
  /** A field that only applies while this toggle is on. */
  dependency: z.string().optional(),
  autoComplete: z.string().optional(),
  /** Checks Label Studio's form runs on the value: 'regexp', 'json'. */
  validators: z.array(z.string()).optional(),
  /** Secrets: shown as set, never sent back. */
  protectedValue: z.boolean().optional(),
  skipAutofill: z.boolean().optional(),
  allowEmpty: z.boolean().optional(),
});
export type StorageFormField = z.infer<typeof storageFormFieldSchema>;

const formFields = z.array(storageFormFieldSchema.nullable());

/** A row of the layout: its fields, or columns of fields; null entries are gaps. */
export const storageFormRowSchema = z.strictObject({
  columnCount: z.number().optional(),
  fields: formFields.optional(),
  columns: z.array(z.strictObject({ width: z.number().optional(), fields: formFields.optional() })).optional(),
});
export type StorageFormRow = z.infer<typeof storageFormRowSchema>;
export const storageFormSchema = z.array(storageFormRowSchema);

/** An object an import would read; an all-null entry marks that there are more. */
export const storageFileSchema = z.strictObject({
  key: z.string().nullable(),
  last_modified: z.string().nullable(),
  size: z.number().nullable(),
});
export type StorageFile = z.infer<typeof storageFileSchema>;
export const storageFilesAnswerSchema = z.strictObject({ files: z.array(storageFileSchema) });
export type StorageFilesAnswer = z.infer<typeof storageFilesAnswerSchema>;
