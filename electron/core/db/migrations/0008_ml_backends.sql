-- Machine learning backends (Label Studio's ml app) and Outpost's built-in local model.

-- A model server connected to a project, as Label Studio's MLBackend. `url` is the server's
-- address, or `outpost:local-model` for the built-in model that runs inside Outpost. The Basic
-- Auth password is not stored here: it lives in the secret vault (secrets.json), and only
-- whether one is set is kept.
CREATE TABLE ml_backends (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'DI' CHECK (state IN ('CO', 'DI', 'ER', 'TR', 'PR')),
  is_interactive INTEGER NOT NULL DEFAULT 0,
  url TEXT NOT NULL,
  error_message TEXT,
  title TEXT DEFAULT 'default',
  auth_method TEXT NOT NULL DEFAULT 'NONE' CHECK (auth_method IN ('NONE', 'BASIC_AUTH')),
  basic_auth_user TEXT DEFAULT '',
  basic_auth_pass_is_set INTEGER NOT NULL DEFAULT 0,
  description TEXT DEFAULT '',
  extra_params TEXT,
  model_version TEXT DEFAULT '',
  timeout REAL NOT NULL DEFAULT 100.0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  auto_update INTEGER NOT NULL DEFAULT 1
) STRICT;
CREATE INDEX ml_backends_project ON ml_backends (project, id);

-- The built-in model's trained state per project: the newest version only, replaced on each
-- retraining. `model` is the serialized classifiers and span lexicons (JSON); `metrics` holds
-- the accuracy measured on held-back annotations.
CREATE TABLE local_models (
  project INTEGER PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  version INTEGER NOT NULL,
  trained_at TEXT NOT NULL,
  annotation_count INTEGER NOT NULL,
  metrics TEXT NOT NULL DEFAULT '{}',
  model TEXT NOT NULL
) STRICT;
