-- The Data Manager keeps each project's data keys between requests (finding them reads every
-- task's JSON). New tasks show as new ids and deletions as a lower count; an edit of existing task
-- data shows only here: the trigger counts such edits per project, so the keys are read again.
CREATE TABLE task_data_versions (
  project INTEGER PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  version INTEGER NOT NULL
) STRICT;

CREATE TRIGGER tasks_data_edited AFTER UPDATE OF data ON tasks
WHEN NEW.data IS NOT OLD.data
BEGIN
  INSERT INTO task_data_versions (project, version) VALUES (NEW.project, 1)
  ON CONFLICT (project) DO UPDATE SET version = version + 1;
END;
