/*
 * Where Outpost answers differently from the real Label Studio 1.22 on purpose. Each entry names
 * the paths (into `{status, type, body}`, see differential/compare.ts) that differ and why. A case
 * lists the entries it shows, and fails when one of them no longer differs, so this list stays
 * true. Everything not listed here is a bug to fix in Outpost.
 */

export interface KnownDifference {
  paths: readonly string[];
  /** Numbers written as an int where Label Studio writes a float (or the reverse), by their path. */
  numberSpellings?: readonly RegExp[];
  reason: string;
}

export const KNOWN_DIFFERENCES = {
  // ---- authentication and errors ----
  'pat-truncated-token': {
    paths: ['status', 'type', 'body'],
    reason:
      'GET /api/token/ lists the live personal access tokens (truncated) and POST /api/token/blacklist/ revokes ' +
      'one with a 204. Label Studio 1.22 lists none and refuses every revoke with 404 "Token is invalid or ' +
      'already blacklisted.": both parse the stored token with a dummy signature that PyJWT 2.10+ refuses ' +
      '("Invalid crypto padding"), so its own settings page can neither show nor revoke a token. Outpost does both.',
  },
  'slash-on-slashless-route': {
    paths: ['status', 'type', 'body'],
    reason:
      'Outpost routes every path with or without its trailing slash. Label Studio adds a missing slash but does not ' +
      'drop an extra one, so the few routes it declares without a slash (whoami, current-user/token, ...) answer ' +
      'its HTML 404 when a client adds one. Accepting both forms breaks no client.',
  },

  // ---- projects and label configs ----
  'instruction-active-content': {
    paths: ['body.expert_instruction'],
    reason:
      "expert_instruction is cleaned with Label Studio's attribute list and its tag list minus the tags that run " +
      'script or load active content (script, style, iframe, embed, object, svg, form controls, base, link, meta, ' +
      'noscript, portal), which are escaped as text. Label Studio 1.22 allows those tags, so a project can carry a ' +
      "script into every annotator's page; Outpost shows instructions in its own window and will not.",
  },
  'project-summary': {
    paths: ['status', 'body'],
    reason:
      "A project's summary counts what the project holds: every annotation (imports too) in created_annotations " +
      'and created_labels, which the label-config compatibility checks read, and the tasks that have each data ' +
      'key in all_data_columns. Label Studio 1.22 updates the annotation counts only for annotations made through ' +
      'its annotation API, so it lets a config change drop labels imported annotations use; and it adds one to ' +
      'all_data_columns each time such an annotation saves its task (a stale summary object in its signal).',
  },
  'put-keeps-owner': {
    paths: ['body.created_by'],
    reason:
      'PUT /api/projects/{id}/ (hidden from the docs) keeps the project owner. Label Studio 1.22 sets created_by ' +
      'to null on every PUT: the field defaults to a context value that only its create view provides.',
  },

  // ---- import ----
  'json-file-error-wording': {
    paths: ['body.validation_errors.non_field_errors'],
    reason:
      'An uploaded JSON file that does not parse is reported with Python json\'s message and position ("Expecting ' +
      'value: line 1 column 11 (char 10)"), as for a JSON body. Label Studio 1.22 reads files with ujson, whose ' +
      'message says less ("Expected object or value").',
  },
  'empty-single-file': {
    paths: ['status', 'body'],
    reason:
      'A file that becomes one task by itself (an image, audio, video, HTML page) and is empty (0 bytes) is refused ' +
      'with a 400 in the envelope ("Failed to parse input file <name>: the file is empty (0 bytes), so there is ' +
      'nothing in it to label"), and nothing is imported. Label Studio 1.22 makes a task of it, which its editor ' +
      'then cannot open.',
  },
  'import-url-ssrf': {
    paths: ['status', 'body'],
    reason:
      'url= imports from loopback and private addresses are refused, with the message Label Studio gives when its ' +
      'SSRF_PROTECTION_ENABLED is on. Label Studio 1.22 CE ships with it off and downloads from them; Outpost runs ' +
      "on an annotator's laptop, where such an address reaches their own machine and network.",
  },
  'html-404': {
    paths: ['type', 'body'],
    reason:
      'An object that does not exist answers 404 in the JSON error envelope on every route. On a few routes ' +
      '(an import into an unknown project, a deleted export snapshot) Label Studio 1.22 answers its HTML 404 page ' +
      'instead; the status is the same. So do the ML routes for an ML backend that does not exist, ' +
      'interactive-annotating for an unknown task, and the storage routes for a storage that does not exist.',
  },

  // ---- tasks, annotations, drafts, predictions ----
  'dm-computed-columns': {
    paths: [
      'body.tasks.*.annotators',
      'body.tasks.*.annotations_results',
      'body.tasks.*.predictions_results',
      'body.tasks.*.annotations_ids',
      'body.tasks.*.predictions_model_versions',
      'body.tasks.*.file_upload',
      'body.tasks.*.completed_at',
      'body.tasks.*.avg_lead_time',
      'body.tasks.*.draft_exists',
      'body.tasks.*.predictions_score',
      'body.tasks.*.agreement',
    ],
    reason:
      'A task_only page of /api/tasks/ carries every computed column. Label Studio computes only those its view ' +
      'shows or its query filters or orders by, and leaves the rest empty ([], "", null) or out, so clients must ' +
      "treat them as optional anyway. Outpost's own Data Manager reads them for any view. `agreement` (the " +
      'agreement between annotators, a column of Label Studio Enterprise) is not in the community edition at all.',
  },
  'stale-prediction-counter': {
    paths: ['body.tasks.*.total_predictions', 'body.total_predictions'],
    reason:
      "After a prediction is deleted, a task's total_predictions counts what is left. Label Studio 1.22 " +
      'sometimes leaves the old count there (seen only in full interop runs, with many other projects on the ' +
      'server; its delete signal recounts before the row goes). Tolerated, not required, where it shows.',
  },
  'form-null-boolean': {
    paths: ['body.bulk_created', 'body.*.bulk_created', 'body.tasks.*.annotations.*.bulk_created'],
    reason:
      'An annotation created from a form (not JSON) without bulk_created has it false. Label Studio stores null ' +
      "there: DRF reads a nullable boolean missing from HTML form input as None. Outpost's column is never null.",
  },
  'label-studio-500': {
    paths: ['status', 'type', 'body'],
    reason:
      'Input that makes Label Studio 1.22 fail with a 500 gets a clear answer instead: a 400 with the reason in ' +
      'the error envelope (a Data Manager query that is not JSON, a view of another project given to the label ' +
      'stream, task data that is not an object on PATCH, a COCO export of keypoints without model_index, an ' +
      'unknown export format), or, for a label config that starts with an XML declaration naming an encoding, ' +
      "which both servers' validation accept, the project asked for; " +
      'a PATCH of an ML backend, whose validation calls the model server with only the fields sent and fails ' +
      'without url and project, is applied, asking the server again only when its address or credentials change.',
  },
  'dm-display-strings': {
    paths: [
      'body.tasks.*.annotations_results',
      'body.tasks.*.predictions_results',
      'body.tasks.*.predictions_model_versions',
      'body.tasks.*.annotations_ids',
      // The same strings on GET /api/tasks/{id}/.
      'body.annotations_ids',
      'body.predictions_model_versions',
    ],
    reason:
      "The Data Manager's display strings follow Label Studio on PostgreSQL (its production database): each result " +
      'once, compact. The interop server runs on SQLite (its default), where Label Studio builds them with ' +
      'GROUP_CONCAT over a join of annotations and predictions, so each result repeats once per row of the other ' +
      'table and keeps the JSON spacing. Neither is meant to be parsed.',
  },

  // ---- export ----
  'disabled-export-format': {
    paths: ['status', 'body'],
    reason:
      "An export in a format the project's config cannot produce (one /export/formats lists as disabled) is " +
      'refused with a 400 that says so. Label Studio 1.22 runs its converter anyway and answers whatever it makes ' +
      'of the config (a COCO zip of a text project whose categories are its NER labels, say).',
  },
  'coco-file-name': {
    paths: ['result.json .images[*].file_name'],
    reason:
      "COCO's images[].file_name is `images/<name>`, where the file is in a COCO_WITH_IMAGES zip. Label Studio " +
      "1.22 writes the file's path on its own disk relative to its export folder (`../<its data folder>/media/" +
      'upload/2/<name>`), which names nothing in the zip and shows how the server is laid out.',
  },
  'export-time': {
    paths: ['result.json .info.date_created'],
    reason: 'The moment the export was made: two exports made one after the other cannot share it.',
  },
  'csv-float-column-ints': {
    paths: [],
    numberSpellings: [/^tasks\.\d+\.data\.[^.]+: float expected, int written$/],
    reason:
      'Not yet done: Label Studio reads a CSV with pandas, which makes a column holding any fraction a float ' +
      "column, so its whole numbers come back as 2.0. Outpost keeps each cell's own number (2): task data is " +
      'stored as JavaScript writes JSON, which has no int/float distinction.',
  },

  'mirror-local-ids': {
    paths: [
      '(json) [*].id',
      '(json) [*].project',
      '(json) [*].annotations[*].task',
      '(json) [*].annotations[*].project',
      '(json) [*].drafts[*].task',
      '(json) [*].annotations[*].id',
      '(json) [*].annotations[*].parent_prediction',
      '(json) [*].drafts[*].id',
      '(json) [*].predictions[*]',
      '(json) [*].annotation_id',
      '(csv) column id',
      '(tsv) column id',
      '(csv) column annotation_id',
      '(tsv) column annotation_id',
    ],
    reason:
      "Not yet done: a pulled project's rows have this Outpost's own ids (its database numbers tasks, " +
      "annotations, predictions, drafts and projects in the order it meets them), and exports write those ids. Where the server's ids " +
      "differ, so do the id fields. (People are written with the server's user ids.)",
  },

  // ---- ML backends ----
  'retrieve-predictions-report': {
    paths: ['body.detail', 'body.job', 'body.created', 'body.skipped', 'body.cancelled', 'body.errors'],
    reason:
      'The Data Manager\'s "Retrieve Predictions" says what happened: how many predictions were stored, how many ' +
      'tasks already had one of the current model version, which tasks failed and why, and the job that shows its ' +
      'progress. Label Studio 1.22 answers "Retrieved N predictions" for N selected tasks whatever the model did ' +
      '(nothing, when every task already had a prediction; nothing either, when the model failed).',
  },
  'misfit-prediction-refused': {
    paths: ['body'],
    reason:
      "A model's prediction is checked against the labeling config before it is stored; one that does not fit " +
      '(a choice the config does not have, say) is refused for its task and the action reports why. Label Studio ' +
      '1.22 stores whatever the model answered.',
  },
  'webhook-unkept-project-columns': {
    paths: ['body.*.project.label_config_hash', 'body.*.project.token'],
    reason:
      "The project in a model server's webhook events has no label_config_hash and no token (both null). Label " +
      "Studio sends its column values: Python's hash() of the config, which differs in every Label Studio process, " +
      'and the invite-link token, random; Outpost has no invite links, and a hash of its own would match nothing.',
  },
  'ml-error-text': {
    paths: ['body.error', 'body.validation_errors.non_field_errors'],
    reason:
      "Failures to talk to a model server are told in Outpost's own words: one that got no answer says why in a " +
      'sentence (connection refused, timed out, unknown host) instead of the Python exception urllib3 raised; one ' +
      "that got an HTTP error keeps requests' text (`405 Client Error: METHOD NOT ALLOWED for url: ...`) and adds " +
      'the start of what the model server answered, which Label Studio drops.',
  },

  // ---- storages ----
  's3-untrusted-endpoint': {
    paths: ['status', 'type', 'body'],
    reason:
      'A storage that cannot be reached, or whose bucket or prefix is missing, is refused with a 400 saying why ' +
      '(Label Studio\'s serializer texts: "Cannot find bucket <b> in S3", "s3://<b>/<prefix> not found.", ...) ' +
      'whatever its s3_endpoint. Label Studio 1.22 keeps those texts for endpoints on the domains of ' +
      'S3_TRUSTED_STORAGE_DOMAINS (amazonaws.com and a few others) and, for any other endpoint (MinIO on a ' +
      'laptop, 127.0.0.1 here), replaces every failure with "Debugging info is not available for s3 endpoints on ' +
      'domain: ...", which its serializer does not catch: a 500. An annotator configuring their own endpoint needs ' +
      'the reason.',
  },
  'storage-patch-checked': {
    paths: ['status', 'type', 'body'],
    reason:
      'A PATCH that changes how a storage is reached (prefix, keys, endpoint, ...) checks the connection with the ' +
      'resulting settings and is refused when it fails, like a create. Label Studio 1.22 checks only when the ' +
      'request itself names the bucket, so it saves a prefix with nothing under it, or keys that do not work, ' +
      'and the next sync fails instead.',
  },
  'storage-import-annotations': {
    paths: [
      'body.tasks.*.annotations.*.completed_by',
      'body.tasks.*.annotations.*.created_username',
      'body.tasks.*.annotations.*.ground_truth',
      'body.tasks.*.annotations.*.updated_by',
      'body.tasks.*.annotators',
      'body.tasks.*.predictions_score',
      'body.tasks.*.updated_by',
    ],
    reason:
      'Annotations and predictions inside task files a storage sync reads are imported as an import imports ' +
      'them, with its checks: credited to the user who ran the sync (or the completed_by they name), ground ' +
      "truth, the predictions' model_version becoming the project's when it had none; one that does not fit " +
      'fails the sync, naming the object, and nothing is imported. Label Studio 1.22 creates them through its ' +
      'AnnotationSerializer instead: without an author (completed_by null, so no annotators), not ground truth, ' +
      "updated_by the syncing user, the project's model_version untouched; and it silently leaves out " +
      'annotations and predictions that fail validation while still counting them in the task.',
  },
  'export-create-answer': {
    paths: ['body.status', 'body.last_sync', 'body.last_sync_count', 'body.meta'],
    reason:
      'Creating an export storage runs its first sync (SYNC_ON_TARGET_STORAGE_CREATION) before answering, and ' +
      'the answer is the storage as that sync left it (completed, its count and times). Label Studio 1.22 answers ' +
      'the copy it marked "queued" before the sync ran, with meta {attempts, time_queued}; the objects are written ' +
      'either way, and a GET afterwards shows the same completed sync on both.',
  },
  'storage-import-all-or-nothing': {
    paths: ['body.tasks', 'body.total'],
    reason:
      'An import sync that fails (a file that is not JSON, a task that does not validate) imports nothing: the ' +
      'objects are read first and their tasks committed together at the end, so fixing the object and syncing ' +
      'again imports everything once. Label Studio 1.22 creates tasks as it reads and keeps those made before the ' +
      'failure; a later sync skips their objects.',
  },
  'storage-sync-traceback': {
    paths: ['body.traceback'],
    reason:
      "A failed sync's traceback is the reason in a sentence (the same text Label Studio raises: \"Can't import " +
      'JSON-formatted tasks from ...", "Cannot find bucket ..."). Label Studio 1.22 stores the whole Python ' +
      'traceback there, with its own file paths, ending in that sentence.',
  },
  'localfiles-patch-without-path': {
    paths: ['status', 'body'],
    reason:
      'A PATCH of a local-files storage changes the fields it sends and checks the folder the storage ends up ' +
      'with. Label Studio 1.22 checks a storage made of the sent fields alone, so every PATCH without `path` ' +
      '(turning recursive_scan on, renaming it) is refused with "Path must be set for Local Files storage"; its ' +
      'own UI always sends the whole form.',
  },
  'resolve-stream-failure-detail': {
    paths: ['body.detail'],
    reason:
      'When the storage proxy cannot stream an object (missing, storage out of reach) the 424 says why in ' +
      '`detail` (`Object "images/no.png" does not exist in S3 bucket ...`). Label Studio 1.22 says "Stream is ' +
      'None": its S3 client logs the reason and returns nothing.',
  },
} satisfies Record<string, KnownDifference>;

export type KnownDifferenceId = keyof typeof KNOWN_DIFFERENCES;
