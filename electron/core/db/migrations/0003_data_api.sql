-- What the data API (import, task lists, annotations, data manager) needs beyond the projects API.
-- Each part of issue 4 adds its statements under its own heading below.

-- == Import (file uploads, media) ==

-- == Task lists and Data Manager (views, filters, ordering) ==

-- == Tasks, annotations, drafts, predictions ==
