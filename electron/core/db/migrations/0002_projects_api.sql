-- What the Projects API needs beyond the first schema.

-- Derived from the label config's XML (perRegion, Choices value=…), which parsed_label_config does
-- not keep, so it is stored at write time instead of re-parsing every config of a list page.
-- 1 is right for the default '<View></View>'.
ALTER TABLE projects ADD COLUMN config_suitable_for_bulk_annotation INTEGER NOT NULL DEFAULT 1;

-- The project list's counters come from one grouped query per page of projects. This index answers
-- every annotation counter without reading the table, including Label Studio's `result IS NOT NULL`
-- test (a JSON null result is stored as the text 'null'). It also serves every query the old
-- (project, was_cancelled, ground_truth) index did, so that one goes.
CREATE INDEX annotations_project_counters
  ON annotations (project, was_cancelled, ground_truth, task, (result = 'null'));
DROP INDEX annotations_project;

-- queue_total and queue_done: the requesting user's annotations in each project of a page.
CREATE INDEX annotations_project_completed_by ON annotations (project, completed_by, task, was_cancelled);

-- The list's default order (pinned first, newest pin first, then newest), so a page is an index
-- walk instead of a sort of every project, however deep the page.
CREATE INDEX projects_default_order ON projects ((pinned_at IS NULL), pinned_at DESC, created_at DESC, id DESC);
