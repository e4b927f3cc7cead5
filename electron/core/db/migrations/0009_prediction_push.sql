-- Pushing predictions made here to a mirrored project's remote, on request, and
-- following the remote's project model_version without undoing a local choice.

-- The outbox gets a fourth kind of create, 'prediction_create', naming its local prediction. A
-- CHECK cannot be altered in place, so the table is rebuilt with the same rows and ids (nothing
-- references sync_outbox; its own reference to remotes is declared again).
CREATE TABLE sync_outbox_0008 AS SELECT * FROM sync_outbox;
DROP TABLE sync_outbox;

CREATE TABLE sync_outbox (
  id INTEGER PRIMARY KEY,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  project INTEGER NOT NULL,
  task INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('annotation_create', 'annotation_update', 'annotation_delete', 'task_create', 'prediction_create')),
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
  done_at TEXT,
  -- For a prediction_create: the local prediction to post (its content is read when pushed). Not
  -- a foreign key: a row outlives its prediction and is then closed as gone.
  prediction INTEGER
) STRICT;
CREATE INDEX sync_outbox_pending ON sync_outbox (remote, done_at, task, id);
CREATE INDEX sync_outbox_prediction ON sync_outbox (prediction) WHERE prediction IS NOT NULL;

INSERT INTO sync_outbox (id, remote, project, task, kind, annotation, remote_annotation_id, unique_id, base,
  created_at, attempts, next_attempt_at, last_error, done_at)
SELECT id, remote, project, task, kind, annotation, remote_annotation_id, unique_id, base,
  created_at, attempts, next_attempt_at, last_error, done_at
FROM sync_outbox_0008;
DROP TABLE sync_outbox_0008;

-- The remote project's model_version as the last complete pull saw it (null: not seen yet). A
-- pull adopts the remote's value only when it differs from this one (it changed there), so a
-- model version chosen here (e.g. the built-in model's) is not reset by every pull.
ALTER TABLE remote_projects ADD COLUMN remote_model_version TEXT;
