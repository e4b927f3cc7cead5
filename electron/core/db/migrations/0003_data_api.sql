-- What the data API (import, task lists, annotations, data manager) needs beyond the projects API.
-- Each part of issue 4 adds its statements under its own heading below.

-- == Import (file uploads, media) ==

-- /data/upload/<project>/<file> looks its upload up by the stored path on every media request.
CREATE INDEX file_uploads_file ON file_uploads (file);

-- == Task lists and Data Manager (views, filters, ordering) ==

-- == Tasks, annotations, drafts, predictions ==
