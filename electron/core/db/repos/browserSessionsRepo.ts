import type { Db } from '../open.js';
import { statement } from '../statement.js';

export function insertLoginToken(db: Db, row: { token_hash: string; user: number; expires_at: string }): void {
  statement(db, 'INSERT INTO login_tokens (token_hash, user, expires_at) VALUES (@token_hash, @user, @expires_at)').run(
    row,
  );
}

/** Deletes the login token and returns its user when it was still valid: a link works once. */
export function consumeLoginToken(db: Db, tokenHash: string, now: string): number | null {
  const row = statement(db, 'DELETE FROM login_tokens WHERE token_hash = ? RETURNING user, expires_at').get(
    tokenHash,
  ) as { user: number; expires_at: string } | undefined;
  return row && row.expires_at > now ? row.user : null;
}

export function insertBrowserSession(
  db: Db,
  row: { session_hash: string; user: number; csrf_token: string; created_at: string; expires_at: string },
): void {
  statement(
    db,
    `INSERT INTO browser_sessions (session_hash, user, csrf_token, created_at, expires_at)
     VALUES (@session_hash, @user, @csrf_token, @created_at, @expires_at)`,
  ).run(row);
}

export function findBrowserSession(
  db: Db,
  sessionHash: string,
  now: string,
): { user: number; csrf_token: string } | undefined {
  return statement(db, 'SELECT user, csrf_token FROM browser_sessions WHERE session_hash = ? AND expires_at > ?').get(
    sessionHash,
    now,
  ) as { user: number; csrf_token: string } | undefined;
}

/** Expired login tokens and sessions are useless; they go whenever a new one is made. */
export function deleteExpiredBrowserCredentials(db: Db, now: string): void {
  statement(db, 'DELETE FROM login_tokens WHERE expires_at <= ?').run(now);
  statement(db, 'DELETE FROM browser_sessions WHERE expires_at <= ?').run(now);
}
