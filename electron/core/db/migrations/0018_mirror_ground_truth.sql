-- The ground-truth mark is part of the version both sides of a sync agreed on, so a mark set or
-- taken off on one side, on an annotation whose result nobody touched, is told apart from no
-- change and carried to the other side. Rows synced before keep the mark they hold here as agreed:
-- the earlier sync took the two sides for equal when their results were.
ALTER TABLE remote_annotations ADD COLUMN base_ground_truth INTEGER NOT NULL DEFAULT 0;

UPDATE remote_annotations
SET base_ground_truth = (SELECT a.ground_truth FROM annotations a WHERE a.id = remote_annotations.annotation);
