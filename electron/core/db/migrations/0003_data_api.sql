-- What the data API (import, task lists, annotations, data manager) needs beyond the projects API.
-- Each part of the data API adds its statements under its own heading below.

-- == Import (file uploads, media) ==

-- /data/upload/<project>/<file> looks its upload up by the stored path on every media request.
CREATE INDEX file_uploads_file ON file_uploads (file);

-- == Task lists and Data Manager (views, filters, ordering) ==

-- Data Manager tabs (Label Studio's View). `data` holds the tab's own JSON without `filters` and
-- `ordering`, which live in `filter_group` ({"conjunction", "items"} or NULL) and `ordering`, as
-- Label Studio stores them apart and folds them back into `data` on output.
CREATE TABLE views (
  id INTEGER PRIMARY KEY,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  data TEXT NOT NULL DEFAULT '{}',
  filter_group TEXT,
  ordering TEXT NOT NULL DEFAULT '{}',
  selected_items TEXT NOT NULL DEFAULT '{}',
  "order" INTEGER,
  user INTEGER REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX views_project_order ON views (project, "order", id);

-- The task list's envelope sums task counters over the filtered tasks. Only tasks with an
-- annotation or a prediction can add to the sums, so this partial index holds just those: a
-- freshly imported project adds nothing to it, and the sums of a 1M-task project cost as many
-- index entries as it has annotated or predicted tasks, not 1M row reads.
CREATE INDEX tasks_dm_counted ON tasks (project, id, total_annotations, total_predictions)
  WHERE total_annotations > 0 OR total_predictions > 0;

-- Expression indexes over task data keys (json_extract) that the Data Manager creates on demand
-- for large projects when a filter or ordering uses a data key (see domain/dataManager). This
-- table lists them so their number stays bounded and the oldest can be dropped.
CREATE TABLE data_key_indexes (
  name TEXT PRIMARY KEY,
  definition TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;

-- == Tasks, annotations, drafts, predictions ==

-- Label stream locks (Label Studio's TaskLock): a task handed out by /next is held for its user
-- until the lock expires or the user annotates it. One lock per task and user.
CREATE TABLE task_locks (
  id INTEGER PRIMARY KEY,
  task INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  user INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unique_id TEXT NOT NULL UNIQUE,
  expire_at TEXT NOT NULL,
  UNIQUE (task, user)
) STRICT;
-- "Which task does this user hold?" for /next.
CREATE INDEX task_locks_user ON task_locks (user, expire_at);

-- The label stream leaves out the tasks a user postponed (drafts with was_postponed).
CREATE INDEX drafts_user_postponed ON drafts (user, was_postponed, task);
