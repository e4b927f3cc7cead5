-- A copied or backed-up database carries no usable credential. The JWT signing
-- secret moves to a file of its own in the data folder (owner-only), and the rest is kept in forms
-- that are worthless without it:
-- * a legacy key is stored sealed (AES-GCM under a key derived from the signing secret, so
--   `GET /api/current-user/token` can still show it) and found by an HMAC of it;
-- * a personal access token is stored without its signature, which the signing secret recomputes.
-- Sealed keys go to a new table. The old one, `legacy_tokens`, keeps its plain-text rows until
-- start-up, which holds the secret, seals them and empties it (initializeDatabase:
-- sealStoredSecrets); it stays behind, empty. (Renaming it instead would make SQLite re-check every
-- trigger, and 0011's use a name its rename check does not resolve.)
CREATE TABLE legacy_keys (
  user INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL UNIQUE,
  sealed TEXT NOT NULL,
  created TEXT NOT NULL
) STRICT;

-- `header.payload.signature` → `header.payload` (everything before the last dot).
UPDATE personal_access_tokens
SET token = substr(token, 1, length(rtrim(token, replace(token, '.', ''))) - 1)
WHERE token LIKE '%.%.%';
