-- What part of a remote project its mirror holds (docs/sync.md#partial-mirrors). Keyed by the
-- remote project rather than the mirror, so a scope can be chosen before the first pull.
CREATE TABLE remote_project_scopes (
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  remote_project_id INTEGER NOT NULL,
  -- The scope's JSON ({"kind": "view" | "ids" | "range" | "unlabeled", ...}); null: the whole project.
  scope TEXT,
  -- What the last complete pull listed (a tab with the filters it had then), or null when it
  -- pulled the whole project. While the scope still lists the same, a pull lists only what
  -- changed since its cursor; otherwise it lists the whole scope once.
  pulled_scope TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (remote, remote_project_id)
);
