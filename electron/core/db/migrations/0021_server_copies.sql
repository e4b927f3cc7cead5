-- Copies of a mirrored project to another remote, as a new project there ("server to server").
-- Each remote write is recorded here before its request leaves, so a copy that was cut off is
-- resumed by looking the write up on the target (by its marker) instead of sending it twice.
CREATE TABLE server_copies (
  id INTEGER PRIMARY KEY,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  -- Unique per copy; written into the target project's description and every task's meta.
  marker TEXT NOT NULL UNIQUE,
  -- 1 once the project's creation may have been sent.
  create_sent INTEGER NOT NULL DEFAULT 0,
  target_project_id INTEGER,
  status TEXT NOT NULL DEFAULT 'copying' CHECK (status IN ('copying', 'done')),
  created_at TEXT NOT NULL,
  finished_at TEXT
);

CREATE INDEX server_copies_unfinished ON server_copies (project, remote, status);

-- The tasks a copy takes (those of the project when it started), in batches of one import each.
CREATE TABLE server_copy_tasks (
  copy INTEGER NOT NULL REFERENCES server_copies (id) ON DELETE CASCADE,
  task INTEGER NOT NULL,
  batch INTEGER NOT NULL,
  -- 1 once the batch's import may have been sent.
  sent INTEGER NOT NULL DEFAULT 0,
  target_task_id INTEGER,
  PRIMARY KEY (copy, task)
) WITHOUT ROWID;

CREATE INDEX server_copy_tasks_batch ON server_copy_tasks (copy, batch);

-- Uploaded files of the source, each uploaded once to the target.
CREATE TABLE server_copy_files (
  copy INTEGER NOT NULL REFERENCES server_copies (id) ON DELETE CASCADE,
  source_url TEXT NOT NULL,
  -- The name it is uploaded under; the target's URL ends with it, which is how a lost upload is found.
  upload_name TEXT NOT NULL,
  sent INTEGER NOT NULL DEFAULT 0,
  target_url TEXT,
  PRIMARY KEY (copy, source_url)
) WITHOUT ROWID;
