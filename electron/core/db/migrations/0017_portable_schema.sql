-- Keeps the database readable by the SQLite that users' own tools bring (the `sqlite3` shell,
-- Python's module, DB browsers), back to SQLite 3.31. Those refuse to open a file whose schema uses
-- syntax newer than themselves, so the triggers, the view and the tables are restated without it:
-- * UPDATE ... FROM and UPDATE aliases (3.33) become correlated subqueries;
-- * ON CONFLICT DO UPDATE without a conflict target (3.35) names its target;
-- * unixepoch() (3.38) becomes strftime('%s'), which gives the same whole seconds (NULL alike when
--   the text is not a date);
-- * the -> and ->> operators (3.38) become json_extract and json_each's path argument;
-- * STRICT tables (3.37) become ordinary ones. Their rows are stored the same way, so only the
--   statement text in sqlite_master changes; this migration is run with that text writable.
-- test/db/portableSchema.test.ts checks the result with the system's sqlite3 and Python.

DROP TRIGGER annotations_activity_insert;
DROP TRIGGER annotations_activity_delete;
DROP TRIGGER annotations_activity_update_old;
DROP TRIGGER annotations_activity_update_new;
DROP TRIGGER tasks_counters_delete;
DROP TRIGGER tasks_counters_update;
DROP TRIGGER annotations_counters_insert;
DROP TRIGGER annotations_counters_update_new;
DROP VIEW annotation_labels;

-- As before: the labels a submitted annotation's result names. json_* read an item only when it is
-- an object (a bare string item is not JSON text, and a filter on from_name may be checked before
-- the labels are), so a strange result never makes a write fail.
CREATE VIEW annotation_labels AS
SELECT a.id AS annotation,
  coalesce(CASE r.type WHEN 'object' THEN json_extract(r.value, '$.from_name') END, '') AS from_name,
  CASE l.type
    WHEN 'text' THEN l.value
    WHEN 'array' THEN (SELECT group_concat(p.value, ' / ') FROM json_each(l.value) p WHERE p.type = 'text')
  END AS label
FROM annotations a,
  json_each(CASE WHEN json_valid(a.result) THEN CASE json_type(a.result) WHEN 'array' THEN a.result END END) r,
  json_each(CASE r.type WHEN 'object' THEN r.value END, CASE r.type WHEN 'object' THEN '$.value.' || (
    SELECT CASE
      WHEN kind IN ('choices', 'taxonomy') OR (kind GLOB '*labels' AND kind NOT GLOB '*[^a-z]*') THEN kind
      WHEN kind = 'videorectangle' THEN 'labels'
    END FROM (SELECT json_extract(r.value, '$.type') AS kind)
  ) END) l
WHERE a.was_cancelled = 0 AND label <> '';

CREATE TRIGGER annotations_activity_insert AFTER INSERT ON annotations
BEGIN
  INSERT INTO annotation_activity (project, bucket, completed_by, submitted, skipped)
  VALUES (NEW.project, coalesce(CAST(strftime('%s', NEW.created_at) AS INTEGER) / 900, -1),
    coalesce(NEW.completed_by, 0), NEW.was_cancelled = 0, NEW.was_cancelled <> 0)
  ON CONFLICT (project, bucket, completed_by)
  DO UPDATE SET submitted = submitted + excluded.submitted, skipped = skipped + excluded.skipped;
  INSERT INTO annotation_label_activity (project, bucket, from_name, label, count)
  SELECT NEW.project, coalesce(CAST(strftime('%s', NEW.created_at) AS INTEGER) / 900, -1), from_name, label, count(*)
  FROM annotation_labels WHERE annotation = NEW.id GROUP BY from_name, label
  ON CONFLICT (project, bucket, from_name, label) DO UPDATE SET count = count + excluded.count;
END;

-- A project's deletion drops its rows at once; the annotations it cascades to, whose project is
-- already gone by then, are not counted down one by one.
CREATE TRIGGER annotations_activity_delete BEFORE DELETE ON annotations
WHEN EXISTS (SELECT 1 FROM projects WHERE id = OLD.project)
BEGIN
  UPDATE annotation_activity
  SET submitted = submitted - (OLD.was_cancelled = 0), skipped = skipped - (OLD.was_cancelled <> 0)
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0);
  DELETE FROM annotation_activity
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0) AND submitted <= 0 AND skipped <= 0;
  UPDATE annotation_label_activity
  SET count = count - (SELECT count(*) FROM annotation_labels g WHERE g.annotation = OLD.id
    AND g.from_name = annotation_label_activity.from_name AND g.label = annotation_label_activity.label)
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND (from_name, label) IN (SELECT from_name, label FROM annotation_labels WHERE annotation = OLD.id);
  DELETE FROM annotation_label_activity
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND count <= 0;
END;

CREATE TRIGGER annotations_activity_update_old BEFORE UPDATE OF result, was_cancelled, project, completed_by, created_at ON annotations
WHEN
  OLD.result IS NOT NEW.result OR OLD.was_cancelled IS NOT NEW.was_cancelled OR OLD.project IS NOT NEW.project
  OR OLD.completed_by IS NOT NEW.completed_by OR OLD.created_at IS NOT NEW.created_at
BEGIN
  UPDATE annotation_activity
  SET submitted = submitted - (OLD.was_cancelled = 0), skipped = skipped - (OLD.was_cancelled <> 0)
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0);
  DELETE FROM annotation_activity
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0) AND submitted <= 0 AND skipped <= 0;
  UPDATE annotation_label_activity
  SET count = count - (SELECT count(*) FROM annotation_labels g WHERE g.annotation = OLD.id
    AND g.from_name = annotation_label_activity.from_name AND g.label = annotation_label_activity.label)
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND (from_name, label) IN (SELECT from_name, label FROM annotation_labels WHERE annotation = OLD.id);
  DELETE FROM annotation_label_activity
  WHERE project = OLD.project AND bucket = coalesce(CAST(strftime('%s', OLD.created_at) AS INTEGER) / 900, -1)
    AND count <= 0;
END;

CREATE TRIGGER annotations_activity_update_new AFTER UPDATE OF result, was_cancelled, project, completed_by, created_at ON annotations
WHEN
  OLD.result IS NOT NEW.result OR OLD.was_cancelled IS NOT NEW.was_cancelled OR OLD.project IS NOT NEW.project
  OR OLD.completed_by IS NOT NEW.completed_by OR OLD.created_at IS NOT NEW.created_at
BEGIN
  INSERT INTO annotation_activity (project, bucket, completed_by, submitted, skipped)
  VALUES (NEW.project, coalesce(CAST(strftime('%s', NEW.created_at) AS INTEGER) / 900, -1),
    coalesce(NEW.completed_by, 0), NEW.was_cancelled = 0, NEW.was_cancelled <> 0)
  ON CONFLICT (project, bucket, completed_by)
  DO UPDATE SET submitted = submitted + excluded.submitted, skipped = skipped + excluded.skipped;
  INSERT INTO annotation_label_activity (project, bucket, from_name, label, count)
  SELECT NEW.project, coalesce(CAST(strftime('%s', NEW.created_at) AS INTEGER) / 900, -1), from_name, label, count(*)
  FROM annotation_labels WHERE annotation = NEW.id GROUP BY from_name, label
  ON CONFLICT (project, bucket, from_name, label) DO UPDATE SET count = count + excluded.count;
END;

-- A task's deletion cascades to its annotations after the task row is gone, so what the
-- annotators' labeled counts lose with it is taken here, while its annotations are still there.
CREATE TRIGGER tasks_counters_delete BEFORE DELETE ON tasks
BEGIN
  UPDATE project_counters
  SET task_number = task_number - 1, finished_task_number = finished_task_number - (OLD.is_labeled = 1)
  WHERE project = OLD.project;
  UPDATE project_user_queue SET labeled_annotated = labeled_annotated - 1
  WHERE OLD.is_labeled = 1 AND (project, user) IN (
    SELECT project, completed_by FROM annotations WHERE task = OLD.id AND completed_by IS NOT NULL);
END;

CREATE TRIGGER tasks_counters_update AFTER UPDATE OF project, is_labeled ON tasks
WHEN OLD.project IS NOT NEW.project OR OLD.is_labeled IS NOT NEW.is_labeled
BEGIN
  UPDATE project_counters
  SET task_number = task_number - 1, finished_task_number = finished_task_number - (OLD.is_labeled = 1)
  WHERE project = OLD.project;
  UPDATE project_counters
  SET task_number = task_number + 1, finished_task_number = finished_task_number + (NEW.is_labeled = 1)
  WHERE project = NEW.project;
  UPDATE project_user_queue
  SET labeled_annotated = labeled_annotated - (OLD.is_labeled = 1) + (NEW.is_labeled = 1)
  WHERE (project, user) IN (
    SELECT project, completed_by FROM annotations WHERE task = NEW.id AND completed_by IS NOT NULL);
END;

-- Annotations: the annotators' queue rows name their conflict target.
CREATE TRIGGER annotations_counters_insert AFTER INSERT ON annotations
BEGIN
  UPDATE project_counters SET
    total_annotations_number = total_annotations_number + (NEW.was_cancelled = 0),
    skipped_annotations_number = skipped_annotations_number + (NEW.was_cancelled = 1),
    ground_truth_number = ground_truth_number + (NEW.ground_truth = 1),
    useful_annotation_number = useful_annotation_number
      + (NEW.was_cancelled = 0 AND NEW.ground_truth = 0 AND NEW.result <> 'null'),
    num_tasks_with_annotations = num_tasks_with_annotations
      + (NEW.was_cancelled = 0 AND NEW.ground_truth = 0 AND NEW.result <> 'null' AND NOT EXISTS (
        SELECT 1 FROM annotations o WHERE o.task = NEW.task AND o.project = NEW.project AND o.id <> NEW.id
          AND o.was_cancelled = 0 AND o.ground_truth = 0 AND o.result <> 'null'))
  WHERE project = NEW.project;
  INSERT INTO project_user_queue (project, user, annotated, annotated_not_skipped, labeled_annotated)
  SELECT NEW.project, NEW.completed_by, NOT mine, NEW.was_cancelled = 0 AND NOT mine_not_skipped,
    NOT mine AND coalesce((SELECT is_labeled = 1 FROM tasks WHERE id = NEW.task), 0)
  FROM (SELECT
    EXISTS (SELECT 1 FROM annotations o WHERE o.task = NEW.task AND o.project = NEW.project
      AND o.completed_by = NEW.completed_by AND o.id <> NEW.id) AS mine,
    EXISTS (SELECT 1 FROM annotations o WHERE o.task = NEW.task AND o.project = NEW.project
      AND o.completed_by = NEW.completed_by AND o.id <> NEW.id AND o.was_cancelled = 0) AS mine_not_skipped)
  WHERE NEW.completed_by IS NOT NULL
  ON CONFLICT (project, user) DO UPDATE SET annotated = annotated + excluded.annotated,
    annotated_not_skipped = annotated_not_skipped + excluded.annotated_not_skipped,
    labeled_annotated = labeled_annotated + excluded.labeled_annotated;
END;

CREATE TRIGGER annotations_counters_update_new AFTER UPDATE OF task, project, completed_by, was_cancelled, ground_truth, result ON annotations
WHEN OLD.task IS NOT NEW.task OR OLD.project IS NOT NEW.project OR OLD.completed_by IS NOT NEW.completed_by
  OR OLD.was_cancelled IS NOT NEW.was_cancelled OR OLD.ground_truth IS NOT NEW.ground_truth
  OR (OLD.result = 'null') IS NOT (NEW.result = 'null')
BEGIN
  UPDATE project_counters SET
    total_annotations_number = total_annotations_number + (NEW.was_cancelled = 0),
    skipped_annotations_number = skipped_annotations_number + (NEW.was_cancelled = 1),
    ground_truth_number = ground_truth_number + (NEW.ground_truth = 1),
    useful_annotation_number = useful_annotation_number
      + (NEW.was_cancelled = 0 AND NEW.ground_truth = 0 AND NEW.result <> 'null'),
    num_tasks_with_annotations = num_tasks_with_annotations
      + (NEW.was_cancelled = 0 AND NEW.ground_truth = 0 AND NEW.result <> 'null' AND NOT EXISTS (
        SELECT 1 FROM annotations o WHERE o.task = NEW.task AND o.project = NEW.project AND o.id <> NEW.id
          AND o.was_cancelled = 0 AND o.ground_truth = 0 AND o.result <> 'null'))
  WHERE project = NEW.project;
  INSERT INTO project_user_queue (project, user, annotated, annotated_not_skipped, labeled_annotated)
  SELECT NEW.project, NEW.completed_by, NOT mine, NEW.was_cancelled = 0 AND NOT mine_not_skipped,
    NOT mine AND coalesce((SELECT is_labeled = 1 FROM tasks WHERE id = NEW.task), 0)
  FROM (SELECT
    EXISTS (SELECT 1 FROM annotations o WHERE o.task = NEW.task AND o.project = NEW.project
      AND o.completed_by = NEW.completed_by AND o.id <> NEW.id) AS mine,
    EXISTS (SELECT 1 FROM annotations o WHERE o.task = NEW.task AND o.project = NEW.project
      AND o.completed_by = NEW.completed_by AND o.id <> NEW.id AND o.was_cancelled = 0) AS mine_not_skipped)
  WHERE NEW.completed_by IS NOT NULL
  ON CONFLICT (project, user) DO UPDATE SET annotated = annotated + excluded.annotated,
    annotated_not_skipped = annotated_not_skipped + excluded.annotated_not_skipped,
    labeled_annotated = labeled_annotated + excluded.labeled_annotated;
END;

-- STRICT goes from every table (the migrations table included): the statement text is all that
-- changes, so it is edited in place rather than copying every table.
PRAGMA writable_schema = ON;
UPDATE sqlite_master SET sql = substr(sql, 1, length(sql) - length(' STRICT'))
WHERE type = 'table' AND sql GLOB '*) STRICT';
UPDATE sqlite_master
SET sql = substr(sql, 1, length(sql) - length(' STRICT, WITHOUT ROWID')) || ' WITHOUT ROWID'
WHERE type = 'table' AND sql GLOB '*) STRICT, WITHOUT ROWID';
PRAGMA writable_schema = OFF;
