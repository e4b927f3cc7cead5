-- Sync with remote Label Studio servers (docs/sync.md). Remote ids never replace local ids: every
-- mirrored row keeps its local id and a mapping row names its remote twin. Tokens are not stored
-- here (see sync/tokenVault).

CREATE TABLE remotes (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL DEFAULT '',
  -- How the token authenticates: 'legacy' (Token <key>) or 'pat' (a JWT refreshed for Bearer access tokens).
  token_kind TEXT NOT NULL CHECK (token_kind IN ('legacy', 'pat')),
  -- What the last connect learned: /api/version's release and /api/current-user/whoami.
  remote_version TEXT,
  remote_user_id INTEGER,
  remote_user_email TEXT,
  -- Periodic sync while online; 0 means only on demand.
  sync_interval_minutes INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- Authors of remote annotations are users with is_local = 0, remote_origin = the remote's url
-- and remote_id = their id there (see 0001).

-- A local project that mirrors a remote one.
CREATE TABLE remote_projects (
  project INTEGER PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  remote_project_id INTEGER NOT NULL,
  -- Server time (the newest task updated_at seen) that the next incremental pull starts from,
  -- minus an overlap window; null before the first complete pull.
  pulled_until TEXT,
  -- JSON state of a pull in progress ({"since", "page", "started_at", ...}), so it can resume.
  pull_checkpoint TEXT,
  last_pull_at TEXT,
  last_push_at TEXT,
  UNIQUE (remote, remote_project_id)
) STRICT;

CREATE TABLE remote_tasks (
  task INTEGER PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  remote_task_id INTEGER NOT NULL,
  remote_updated_at TEXT,
  UNIQUE (remote, remote_task_id)
) STRICT;

-- The base of three-way conflict resolution: the annotation as both sides last agreed.
CREATE TABLE remote_annotations (
  annotation INTEGER PRIMARY KEY REFERENCES annotations (id) ON DELETE CASCADE,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  remote_annotation_id INTEGER NOT NULL,
  remote_updated_at TEXT NOT NULL,
  base_result TEXT NOT NULL,
  base_was_cancelled INTEGER NOT NULL DEFAULT 0,
  UNIQUE (remote, remote_annotation_id)
) STRICT;

CREATE TABLE remote_predictions (
  prediction INTEGER PRIMARY KEY REFERENCES predictions (id) ON DELETE CASCADE,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  remote_prediction_id INTEGER NOT NULL,
  UNIQUE (remote, remote_prediction_id)
) STRICT;

-- Local changes to push, written in the same transaction as the change itself. The content is
-- read from the annotation when pushed, so several edits of one annotation push its latest state.
CREATE TABLE sync_outbox (
  id INTEGER PRIMARY KEY,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  project INTEGER NOT NULL,
  task INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('annotation_create', 'annotation_update', 'annotation_delete', 'task_create')),
  -- The local annotation (null once it is deleted locally).
  annotation INTEGER,
  -- The remote annotation an update or delete applies to, when known at journal time.
  remote_annotation_id INTEGER,
  -- The client id a create is posted with: a 409 for it means the create already landed.
  unique_id TEXT,
  -- For a delete, what must survive the annotation and its mapping row (JSON, see
  -- domain/sync/journalRecords.ts): the agreed version and the local id its create was posted with.
  base TEXT,
  created_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_error TEXT,
  done_at TEXT
) STRICT;
CREATE INDEX sync_outbox_pending ON sync_outbox (remote, done_at, task, id);

CREATE TABLE sync_conflicts (
  id INTEGER PRIMARY KEY,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  task INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  -- The annotator's version, kept as its own annotation.
  local_annotation INTEGER REFERENCES annotations (id) ON DELETE SET NULL,
  -- The mirror of the remote version.
  mirror_annotation INTEGER REFERENCES annotations (id) ON DELETE SET NULL,
  remote_annotation_id INTEGER,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  resolved_at TEXT,
  -- 'keep_mine', 'keep_theirs' or 'keep_both'.
  resolution TEXT
) STRICT;

CREATE TABLE sync_runs (
  id INTEGER PRIMARY KEY,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed', 'cancelled')),
  phase TEXT,
  -- JSON: the counts of the CLI's summary line ({"pulled": {...}, "pushed": {...}, "conflicts": n}).
  stats TEXT NOT NULL DEFAULT '{}',
  -- JSON list of {"phase", "item", "message"}.
  errors TEXT NOT NULL DEFAULT '[]'
) STRICT;

-- Media files the mirrored tasks reference, downloaded into <data>/media/remote/<remote>/.
CREATE TABLE media_cache (
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  path TEXT,
  size INTEGER,
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  error TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (remote, url)
) STRICT;
