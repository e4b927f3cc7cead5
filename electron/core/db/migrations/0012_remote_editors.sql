-- The key of the editor cached from each remote (`<data folder>/editors/<key>/`): the
-- remote's release and its editor's commit. Null until a sync has downloaded one.
ALTER TABLE remotes ADD COLUMN editor_key TEXT;
