-- Cloud and local storages (Label Studio's io_storages): where a project's tasks come
-- from (import, "source") and where its annotations go (export, "target").

-- One table for every type and both directions. Label Studio keeps a table per type; here the
-- type's own fields (bucket, prefix, path, host, ...) are a JSON object, and the API answers each
-- type in its own shape. Secrets (keys, passwords, credentials) are not stored here: they live in
-- the secret vault (secrets.json), and `secrets_set` names the ones that are set.
CREATE TABLE storages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  direction TEXT NOT NULL CHECK (direction IN ('import', 'export')),
  type TEXT NOT NULL CHECK (type IN ('s3', 'gcs', 'azure', 'redis', 'localfiles')),
  title TEXT,
  description TEXT,
  created_at TEXT NOT NULL,
  synchronizable INTEGER NOT NULL DEFAULT 1,
  last_sync TEXT,
  last_sync_count INTEGER,
  last_sync_job TEXT,
  status TEXT NOT NULL DEFAULT 'initialized'
    CHECK (status IN ('initialized', 'queued', 'in_progress', 'failed', 'completed', 'completed_with_errors')),
  traceback TEXT,
  meta TEXT NOT NULL DEFAULT '{}',
  -- Import storages only (null for export ones).
  regex_filter TEXT,
  use_blob_urls INTEGER,
  recursive_scan INTEGER,
  -- Export storages only.
  can_delete_objects INTEGER,
  settings TEXT NOT NULL DEFAULT '{}',
  secrets_set TEXT NOT NULL DEFAULT '[]'
) STRICT;
CREATE INDEX storages_project ON storages (project, direction, id);

-- Which task each imported object (or JSON task of an object, by row_index) became: a later sync
-- skips keys already linked, so it adds only new objects.
CREATE TABLE storage_import_links (
  id INTEGER PRIMARY KEY,
  storage INTEGER NOT NULL REFERENCES storages (id) ON DELETE CASCADE,
  task INTEGER NOT NULL UNIQUE REFERENCES tasks (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  row_index INTEGER,
  object_exists INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX storage_import_links_key ON storage_import_links (storage, key);

-- Which annotations an export storage holds an object for.
CREATE TABLE storage_export_links (
  id INTEGER PRIMARY KEY,
  storage INTEGER NOT NULL REFERENCES storages (id) ON DELETE CASCADE,
  annotation INTEGER NOT NULL REFERENCES annotations (id) ON DELETE CASCADE,
  object_exists INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (storage, annotation)
) STRICT;
CREATE INDEX storage_export_links_annotation ON storage_export_links (annotation);

-- Objects read by an import sync that is still running, committed to tasks together at its end
-- (all or nothing) without holding the database's write lock while the storage is read.
CREATE TABLE storage_sync_staging (
  id INTEGER PRIMARY KEY,
  storage INTEGER NOT NULL REFERENCES storages (id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  row_index INTEGER,
  task TEXT NOT NULL
) STRICT;
CREATE INDEX storage_sync_staging_storage ON storage_sync_staging (storage, id);
