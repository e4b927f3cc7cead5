-- Label Studio stores an annotation's result_count when the annotation is saved through its API
-- (the number of distinct region ids), and leaves it 0 for annotations made in bulk (imports,
-- predictions turned into annotations). Exports show it, so it is kept, not computed on export.
-- Existing annotations get the count the exports showed so far.
ALTER TABLE annotations ADD COLUMN result_count INTEGER NOT NULL DEFAULT 0;

UPDATE annotations SET result_count = CASE json_type(result)
  WHEN 'array' THEN (
    SELECT count(DISTINCT json_extract(value, '$.id')) + coalesce(max(json_extract(value, '$.id') IS NULL), 0)
    FROM json_each(annotations.result)
  )
  ELSE 0
END;
