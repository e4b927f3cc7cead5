-- Two edits of one annotation are merged region by region; when some regions were changed
-- differently on both sides, the conflict keeps which ones (JSON: the clashing units with both
-- values, and how many units merged), so it can be shown region by region. NULL for conflicts
-- about whole annotations.
ALTER TABLE sync_conflicts ADD COLUMN regions TEXT;
