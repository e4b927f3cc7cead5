-- Outpost's first schema. Table and column names follow Label Studio's JSON field names
-- (`project`, `completed_by`, `created_at`) so rows map to wire objects without renaming.
-- Datetimes are ISO-8601 UTC strings with microseconds and a Z suffix: they sort as text.

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  username TEXT NOT NULL DEFAULT '',
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  avatar TEXT,
  custom_hotkeys TEXT NOT NULL DEFAULT '{}',
  allow_newsletters INTEGER,
  date_joined TEXT NOT NULL,
  last_activity TEXT NOT NULL,
  -- 1 for people who sign in to this Outpost; 0 for authors that sync brings in from a remote.
  is_local INTEGER NOT NULL DEFAULT 1,
  remote_origin TEXT,
  remote_id INTEGER,
  UNIQUE (remote_origin, remote_id)
) STRICT;
CREATE UNIQUE INDEX users_local_email ON users (email) WHERE is_local = 1;

CREATE TABLE legacy_tokens (
  key TEXT PRIMARY KEY,
  user INTEGER NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  created TEXT NOT NULL
) STRICT;

-- Personal access tokens: long-lived JWT refresh tokens (simplejwt's outstanding tokens).
CREATE TABLE personal_access_tokens (
  id INTEGER PRIMARY KEY,
  jti TEXT NOT NULL UNIQUE,
  token TEXT NOT NULL,
  user INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  blacklisted_at TEXT
) STRICT;
CREATE INDEX personal_access_tokens_user ON personal_access_tokens (user, blacklisted_at);

CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  title TEXT DEFAULT '',
  description TEXT DEFAULT '',
  label_config TEXT NOT NULL DEFAULT '<View></View>',
  parsed_label_config TEXT NOT NULL DEFAULT '{}',
  data_types TEXT NOT NULL DEFAULT '{}',
  control_weights TEXT NOT NULL DEFAULT '{}',
  expert_instruction TEXT DEFAULT '',
  show_instruction INTEGER NOT NULL DEFAULT 0,
  show_skip_button INTEGER NOT NULL DEFAULT 1,
  enable_empty_annotation INTEGER NOT NULL DEFAULT 1,
  show_annotation_history INTEGER NOT NULL DEFAULT 0,
  organization INTEGER NOT NULL DEFAULT 1,
  color TEXT NOT NULL DEFAULT '#FFFFFF',
  maximum_annotations INTEGER NOT NULL DEFAULT 1,
  is_published INTEGER NOT NULL DEFAULT 0,
  model_version TEXT DEFAULT '',
  is_draft INTEGER NOT NULL DEFAULT 0,
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  min_annotations_to_start_training INTEGER NOT NULL DEFAULT 0,
  show_collab_predictions INTEGER NOT NULL DEFAULT 1,
  sampling TEXT NOT NULL DEFAULT 'Sequential sampling',
  show_ground_truth_first INTEGER NOT NULL DEFAULT 0,
  show_overlap_first INTEGER NOT NULL DEFAULT 0,
  overlap_cohort_percentage INTEGER NOT NULL DEFAULT 100,
  task_data_login TEXT,
  task_data_password TEXT,
  evaluate_predictions_automatically INTEGER NOT NULL DEFAULT 0,
  skip_queue TEXT NOT NULL DEFAULT 'REQUEUE_FOR_OTHERS',
  reveal_preannotations_interactively INTEGER NOT NULL DEFAULT 0,
  pinned_at TEXT
) STRICT;

CREATE TABLE file_uploads (
  id INTEGER PRIMARY KEY,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user INTEGER REFERENCES users (id) ON DELETE SET NULL,
  file TEXT NOT NULL,
  size INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX file_uploads_project ON file_uploads (project, id);

CREATE TABLE tasks (
  id INTEGER PRIMARY KEY,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  inner_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  meta TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  is_labeled INTEGER NOT NULL DEFAULT 0,
  overlap INTEGER NOT NULL DEFAULT 1,
  total_annotations INTEGER NOT NULL DEFAULT 0,
  cancelled_annotations INTEGER NOT NULL DEFAULT 0,
  total_predictions INTEGER NOT NULL DEFAULT 0,
  comment_count INTEGER NOT NULL DEFAULT 0,
  unresolved_comment_count INTEGER NOT NULL DEFAULT 0,
  last_comment_updated_at TEXT,
  file_upload INTEGER REFERENCES file_uploads (id) ON DELETE SET NULL,
  allow_skip INTEGER DEFAULT 1
) STRICT;
-- Pages of the task list walk (project, id); inner_id is unique per project.
CREATE UNIQUE INDEX tasks_project_inner_id ON tasks (project, inner_id);
CREATE INDEX tasks_project_id ON tasks (project, id);
CREATE INDEX tasks_project_updated_at ON tasks (project, updated_at, id);
CREATE INDEX tasks_project_is_labeled ON tasks (project, is_labeled, id);
CREATE INDEX tasks_file_upload ON tasks (file_upload) WHERE file_upload IS NOT NULL;

CREATE TABLE annotations (
  id INTEGER PRIMARY KEY,
  task INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  unique_id TEXT NOT NULL UNIQUE,
  result TEXT NOT NULL DEFAULT '[]',
  completed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  updated_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  was_cancelled INTEGER NOT NULL DEFAULT 0,
  ground_truth INTEGER NOT NULL DEFAULT 0,
  lead_time REAL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  draft_created_at TEXT,
  import_id INTEGER,
  last_action TEXT,
  last_created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  parent_prediction INTEGER,
  parent_annotation INTEGER,
  bulk_created INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX annotations_task ON annotations (task, id);
CREATE INDEX annotations_project ON annotations (project, was_cancelled, ground_truth);
CREATE INDEX annotations_completed_by ON annotations (completed_by);

CREATE TABLE predictions (
  id INTEGER PRIMARY KEY,
  task INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  project INTEGER REFERENCES projects (id) ON DELETE CASCADE,
  result TEXT NOT NULL DEFAULT '[]',
  score REAL,
  model_version TEXT NOT NULL DEFAULT 'undefined',
  cluster INTEGER,
  neighbors TEXT,
  mislabeling REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  model INTEGER,
  model_run INTEGER
) STRICT;
CREATE INDEX predictions_task ON predictions (task, id);
CREATE INDEX predictions_project ON predictions (project, model_version);

CREATE TABLE drafts (
  id INTEGER PRIMARY KEY,
  task INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  project INTEGER REFERENCES projects (id) ON DELETE CASCADE,
  annotation INTEGER REFERENCES annotations (id) ON DELETE CASCADE,
  user INTEGER REFERENCES users (id) ON DELETE CASCADE,
  result TEXT NOT NULL DEFAULT '[]',
  lead_time REAL,
  was_postponed INTEGER NOT NULL DEFAULT 0,
  import_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX drafts_task_user ON drafts (task, user);
CREATE INDEX drafts_annotation ON drafts (annotation) WHERE annotation IS NOT NULL;

CREATE TABLE export_snapshots (
  id INTEGER PRIMARY KEY,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  title TEXT NOT NULL DEFAULT '',
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT NOT NULL DEFAULT 'created',
  md5 TEXT NOT NULL DEFAULT '',
  counters TEXT NOT NULL DEFAULT '{}',
  file TEXT,
  task_filter_options TEXT NOT NULL DEFAULT '{}',
  annotation_filter_options TEXT NOT NULL DEFAULT '{}',
  serialization_options TEXT NOT NULL DEFAULT '{}'
) STRICT;
CREATE INDEX export_snapshots_project ON export_snapshots (project, id);

CREATE TABLE export_converted_formats (
  id INTEGER PRIMARY KEY,
  export INTEGER NOT NULL REFERENCES export_snapshots (id) ON DELETE CASCADE,
  export_type TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'created',
  file TEXT,
  traceback TEXT,
  UNIQUE (export, export_type)
) STRICT;
