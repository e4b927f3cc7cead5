-- The project dashboard's aggregates, kept by triggers so that every write path (the API, imports,
-- sync pulls, conflict answers, Data Manager actions, cascading deletes) keeps them exact.
-- Counting labels by parsing every annotation's result per request takes seconds on a project with
-- 300k annotations; these tables hold at most one row per quarter hour and annotator (or label),
-- so a dashboard reads a few thousand rows whatever the project's size.
--
-- `bucket` is the quarter hour an annotation was created in: unixepoch(created_at) / 900, or -1
-- when created_at is not a date SQLite reads. Every time zone's offset is a multiple of 15 minutes,
-- so the quarter hours fall into local days exactly. `completed_by` 0 stands for no annotator.

CREATE TABLE annotation_activity (
  project INTEGER NOT NULL,
  bucket INTEGER NOT NULL,
  completed_by INTEGER NOT NULL,
  submitted INTEGER NOT NULL,
  skipped INTEGER NOT NULL,
  PRIMARY KEY (project, bucket, completed_by)
) STRICT, WITHOUT ROWID;

-- Labels of submitted annotations: one per chosen choice or labeled region ("labels", "choices",
-- "rectanglelabels", ...; a taxonomy path joined with " / "; a video region's "labels").
CREATE TABLE annotation_label_activity (
  project INTEGER NOT NULL,
  bucket INTEGER NOT NULL,
  from_name TEXT NOT NULL,
  label TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (project, bucket, from_name, label)
) STRICT, WITHOUT ROWID;

-- Tasks skipped by everyone who opened them (at least one skip, no submitted annotation): few, so
-- the dashboard counts them from this small index instead of reading the project's tasks.
CREATE INDEX tasks_project_skipped ON tasks (project, is_labeled)
  WHERE cancelled_annotations > 0 AND total_annotations = 0;

-- A result is any JSON text: items that are not objects, types whose value key is not a plain word
-- and malformed JSON are skipped (the CASEs keep json_* from ever raising inside a write), so a
-- strange result never makes an annotation write fail.
CREATE VIEW annotation_labels AS
SELECT a.id AS annotation, coalesce(r.value ->> 'from_name', '') AS from_name,
  CASE l.type
    WHEN 'text' THEN l.value
    WHEN 'array' THEN (SELECT group_concat(p.value, ' / ') FROM json_each(l.value) p WHERE p.type = 'text')
  END AS label
FROM annotations a,
  json_each(CASE WHEN json_valid(a.result) THEN CASE json_type(a.result) WHEN 'array' THEN a.result END END) r,
  json_each(CASE r.type WHEN 'object' THEN r.value -> 'value' -> (
    SELECT CASE
      WHEN kind IN ('choices', 'taxonomy') OR (kind GLOB '*labels' AND kind NOT GLOB '*[^a-z]*') THEN kind
      WHEN kind = 'videorectangle' THEN 'labels'
    END FROM (SELECT r.value ->> 'type' AS kind)
  ) END) l
WHERE a.was_cancelled = 0 AND label <> '';

-- What an annotation adds; what it took away is removed BEFORE a delete or an update, while the
-- view still reads the row as it was.
CREATE TRIGGER annotations_activity_insert AFTER INSERT ON annotations
BEGIN
  INSERT INTO annotation_activity (project, bucket, completed_by, submitted, skipped)
  VALUES (NEW.project, coalesce(unixepoch(NEW.created_at) / 900, -1), coalesce(NEW.completed_by, 0),
    NEW.was_cancelled = 0, NEW.was_cancelled <> 0)
  ON CONFLICT DO UPDATE SET submitted = submitted + excluded.submitted, skipped = skipped + excluded.skipped;
  INSERT INTO annotation_label_activity (project, bucket, from_name, label, count)
  SELECT NEW.project, coalesce(unixepoch(NEW.created_at) / 900, -1), from_name, label, count(*)
  FROM annotation_labels WHERE annotation = NEW.id GROUP BY from_name, label
  ON CONFLICT DO UPDATE SET count = count + excluded.count;
END;

-- A project's deletion drops its rows at once; the annotations it cascades to, whose project is
-- already gone by then, are not counted down one by one.
CREATE TRIGGER annotations_activity_delete BEFORE DELETE ON annotations
WHEN EXISTS (SELECT 1 FROM projects WHERE id = OLD.project)
BEGIN
  UPDATE annotation_activity
  SET submitted = submitted - (OLD.was_cancelled = 0), skipped = skipped - (OLD.was_cancelled <> 0)
  WHERE project = OLD.project AND bucket = coalesce(unixepoch(OLD.created_at) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0);
  DELETE FROM annotation_activity
  WHERE project = OLD.project AND bucket = coalesce(unixepoch(OLD.created_at) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0) AND submitted <= 0 AND skipped <= 0;
  UPDATE annotation_label_activity AS kept SET count = kept.count - gone.count
  FROM (SELECT from_name, label, count(*) AS count FROM annotation_labels WHERE annotation = OLD.id
    GROUP BY from_name, label) AS gone
  WHERE kept.project = OLD.project AND kept.bucket = coalesce(unixepoch(OLD.created_at) / 900, -1)
    AND kept.from_name = gone.from_name AND kept.label = gone.label;
  DELETE FROM annotation_label_activity
  WHERE project = OLD.project AND bucket = coalesce(unixepoch(OLD.created_at) / 900, -1) AND count <= 0;
END;

CREATE TRIGGER projects_activity_delete AFTER DELETE ON projects
BEGIN
  DELETE FROM annotation_activity WHERE project = OLD.id;
  DELETE FROM annotation_label_activity WHERE project = OLD.id;
END;

CREATE TRIGGER annotations_activity_update_old BEFORE UPDATE OF result, was_cancelled, project, completed_by, created_at ON annotations
WHEN
  OLD.result IS NOT NEW.result OR OLD.was_cancelled IS NOT NEW.was_cancelled OR OLD.project IS NOT NEW.project
  OR OLD.completed_by IS NOT NEW.completed_by OR OLD.created_at IS NOT NEW.created_at
BEGIN
  UPDATE annotation_activity
  SET submitted = submitted - (OLD.was_cancelled = 0), skipped = skipped - (OLD.was_cancelled <> 0)
  WHERE project = OLD.project AND bucket = coalesce(unixepoch(OLD.created_at) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0);
  DELETE FROM annotation_activity
  WHERE project = OLD.project AND bucket = coalesce(unixepoch(OLD.created_at) / 900, -1)
    AND completed_by = coalesce(OLD.completed_by, 0) AND submitted <= 0 AND skipped <= 0;
  UPDATE annotation_label_activity AS kept SET count = kept.count - gone.count
  FROM (SELECT from_name, label, count(*) AS count FROM annotation_labels WHERE annotation = OLD.id
    GROUP BY from_name, label) AS gone
  WHERE kept.project = OLD.project AND kept.bucket = coalesce(unixepoch(OLD.created_at) / 900, -1)
    AND kept.from_name = gone.from_name AND kept.label = gone.label;
  DELETE FROM annotation_label_activity
  WHERE project = OLD.project AND bucket = coalesce(unixepoch(OLD.created_at) / 900, -1) AND count <= 0;
END;

CREATE TRIGGER annotations_activity_update_new AFTER UPDATE OF result, was_cancelled, project, completed_by, created_at ON annotations
WHEN
  OLD.result IS NOT NEW.result OR OLD.was_cancelled IS NOT NEW.was_cancelled OR OLD.project IS NOT NEW.project
  OR OLD.completed_by IS NOT NEW.completed_by OR OLD.created_at IS NOT NEW.created_at
BEGIN
  INSERT INTO annotation_activity (project, bucket, completed_by, submitted, skipped)
  VALUES (NEW.project, coalesce(unixepoch(NEW.created_at) / 900, -1), coalesce(NEW.completed_by, 0),
    NEW.was_cancelled = 0, NEW.was_cancelled <> 0)
  ON CONFLICT DO UPDATE SET submitted = submitted + excluded.submitted, skipped = skipped + excluded.skipped;
  INSERT INTO annotation_label_activity (project, bucket, from_name, label, count)
  SELECT NEW.project, coalesce(unixepoch(NEW.created_at) / 900, -1), from_name, label, count(*)
  FROM annotation_labels WHERE annotation = NEW.id GROUP BY from_name, label
  ON CONFLICT DO UPDATE SET count = count + excluded.count;
END;

-- The annotations already there.
INSERT INTO annotation_activity (project, bucket, completed_by, submitted, skipped)
SELECT project, coalesce(unixepoch(created_at) / 900, -1), coalesce(completed_by, 0),
  sum(was_cancelled = 0), sum(was_cancelled <> 0)
FROM annotations GROUP BY 1, 2, 3;

INSERT INTO annotation_label_activity (project, bucket, from_name, label, count)
SELECT a.project, coalesce(unixepoch(a.created_at) / 900, -1), l.from_name, l.label, count(*)
FROM annotation_labels l JOIN annotations a ON a.id = l.annotation
GROUP BY 1, 2, 3, 4;
