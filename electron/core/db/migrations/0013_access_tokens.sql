-- Each access token minted from a personal access token: an access token is
-- honoured only while its row is here and its PAT is not blacklisted, so revoking or rotating a
-- PAT ends the access tokens it gave out at once instead of at their expiry.
CREATE TABLE access_tokens (
  jti TEXT PRIMARY KEY,
  pat INTEGER NOT NULL REFERENCES personal_access_tokens (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE INDEX access_tokens_expiry ON access_tokens (expires_at);
CREATE INDEX access_tokens_pat ON access_tokens (pat);
