import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** A user's legacy key as stored: sealed, and named by its HMAC (domain/tokens/tokenSealing.ts). */
export interface LegacyTokenRow {
  user: number;
  key_hash: string;
  sealed: string;
}

export interface PersonalAccessTokenRow {
  id: number;
  jti: string;
  /** `header.payload`: the signature is not stored (jwt.ts withSignature). */
  token: string;
  user: number;
  expires_at: string;
  blacklisted_at: string | null;
}

export function findLegacyTokenOfUser(db: Db, user: number): LegacyTokenRow | undefined {
  return statement(db, 'SELECT user, key_hash, sealed FROM legacy_keys WHERE user = ?').get(user) as
    LegacyTokenRow | undefined;
}

export function findLegacyTokenOwnerByHash(db: Db, keyHash: string): number | null {
  const row = statement(db, 'SELECT user FROM legacy_keys WHERE key_hash = ?').get(keyHash) as
    { user: number } | undefined;
  return row?.user ?? null;
}

/** Replaces the user's legacy key: a user has at most one, as in DRF's authtoken. */
export function replaceLegacyToken(db: Db, row: LegacyTokenRow, now: string): void {
  db.transaction(() => {
    statement(db, 'DELETE FROM legacy_keys WHERE user = ?').run(row.user);
    statement(db, 'INSERT INTO legacy_keys (user, key_hash, sealed, created) VALUES (?, ?, ?, ?)').run(
      row.user,
      row.key_hash,
      row.sealed,
      now,
    );
  })();
}

/** Legacy keys still in plain text from before schema 15, to be sealed at start-up. */
export function listUnsealedLegacyTokens(db: Db): { key: string; user: number; created: string }[] {
  return statement(db, 'SELECT key, user, created FROM legacy_tokens').all() as {
    key: string;
    user: number;
    created: string;
  }[];
}

export function deleteUnsealedLegacyTokens(db: Db): void {
  statement(db, 'DELETE FROM legacy_tokens').run();
}

const patColumns = 'id, jti, token, user, expires_at, blacklisted_at';

export function insertPersonalAccessToken(
  db: Db,
  row: { jti: string; token: string; user: number; created_at: string; expires_at: string },
): void {
  statement(
    db,
    'INSERT INTO personal_access_tokens (jti, token, user, created_at, expires_at) VALUES (@jti, @token, @user, @created_at, @expires_at)',
  ).run(row);
}

export function findPersonalAccessTokenByJti(db: Db, jti: string): PersonalAccessTokenRow | undefined {
  return statement(db, `SELECT ${patColumns} FROM personal_access_tokens WHERE jti = ?`).get(jti) as
    PersonalAccessTokenRow | undefined;
}

/** Tokens neither blacklisted nor expired, oldest first. */
export function listLivePersonalAccessTokens(db: Db, user: number, now: string): PersonalAccessTokenRow[] {
  return statement(
    db,
    `SELECT ${patColumns} FROM personal_access_tokens
     WHERE user = ? AND blacklisted_at IS NULL AND expires_at > ? ORDER BY id`,
  ).all(user, now) as PersonalAccessTokenRow[];
}

export function blacklistPersonalAccessToken(db: Db, id: number, now: string): void {
  statement(db, 'UPDATE personal_access_tokens SET blacklisted_at = ? WHERE id = ?').run(now, id);
}

/** Records an access token minted from the PAT of row `pat`, dropping the expired ones. */
export function insertAccessToken(db: Db, row: { jti: string; pat: number; expires_at: string }, now: string): void {
  db.transaction(() => {
    statement(db, 'DELETE FROM access_tokens WHERE expires_at <= ?').run(now);
    statement(db, 'INSERT INTO access_tokens (jti, pat, expires_at) VALUES (@jti, @pat, @expires_at)').run(row);
  })();
}

/** Whether the access token `jti` was minted here from a PAT that is not blacklisted. */
export function isAccessTokenLive(db: Db, jti: string): boolean {
  return (
    statement(
      db,
      `SELECT 1 FROM access_tokens a JOIN personal_access_tokens p ON p.id = a.pat
       WHERE a.jti = ? AND p.blacklisted_at IS NULL`,
    ).get(jti) !== undefined
  );
}

/** Every stored legacy key, sealed: start-up checks they still open with the data folder's secret. */
export function listLegacyTokens(db: Db): LegacyTokenRow[] {
  return statement(db, 'SELECT user, key_hash, sealed FROM legacy_keys').all() as LegacyTokenRow[];
}

export function deleteAllLegacyTokens(db: Db): void {
  statement(db, 'DELETE FROM legacy_keys').run();
}
