-- A task's agreement between annotators (0..1), stored so the Data Manager sorts and filters it
-- like any other task column. NULL when fewer than two annotators answered (skipped annotations
-- left out; the annotations of deleted authors count as one unknown annotator) or when no control
-- of theirs can be scored. The domain recomputes a task's value in
-- the same transaction as every write to its annotations.
ALTER TABLE tasks ADD COLUMN agreement REAL CHECK (agreement IS NULL OR (agreement >= 0 AND agreement <= 1));

-- Sorting a project's tasks by agreement walks this index instead of sorting the project.
CREATE INDEX tasks_project_agreement ON tasks (project, agreement, id);

-- The score is computed in TypeScript, which SQL cannot call: the tasks an existing database
-- already holds with two annotators or more are queued here, and the first start after this
-- migration computes them (then empties the queue).
CREATE TABLE task_agreement_backfill (task INTEGER PRIMARY KEY);

INSERT INTO task_agreement_backfill (task)
SELECT task FROM annotations
WHERE was_cancelled = 0
GROUP BY task
HAVING count(DISTINCT coalesce(completed_by, 0)) >= 2;
