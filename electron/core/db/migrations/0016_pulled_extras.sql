-- What a pull copies from a remote beyond its task list, which does not show these: the
-- prediction an annotation was made against (Label Studio keeps a copy of it on the annotation;
-- NULL here reads as the empty object the server gives annotations without one), and the drafts
-- of every author, tied to their remote ids so that a later pull updates or removes them rather
-- than adding copies. Drafts without a row here were saved in this Outpost.
ALTER TABLE annotations ADD COLUMN prediction TEXT;

CREATE TABLE remote_drafts (
  draft INTEGER PRIMARY KEY REFERENCES drafts (id) ON DELETE CASCADE,
  remote INTEGER NOT NULL REFERENCES remotes (id) ON DELETE CASCADE,
  remote_draft_id INTEGER NOT NULL,
  UNIQUE (remote, remote_draft_id)
) STRICT;
