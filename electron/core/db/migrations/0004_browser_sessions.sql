-- Browser mode: `outpost serve` prints a one-time login link; opening it trades the
-- link's token for an HttpOnly session cookie. Only SHA-256 hashes of both secrets are stored.
CREATE TABLE login_tokens (
  token_hash TEXT PRIMARY KEY,
  user INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
) STRICT;

CREATE TABLE browser_sessions (
  session_hash TEXT PRIMARY KEY,
  user INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Double-submit CSRF token: the page reads it from a script-readable cookie and echoes it in
  -- X-CSRFToken on every write made with the session cookie.
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;
