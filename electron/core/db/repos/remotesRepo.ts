import type { Db } from '../open.js';
import { statement } from '../statement.js';

/* The `remotes` table (migration 0006): one row per remote Label Studio; its token is not here. */

export interface RemoteRow {
  id: number;
  url: string;
  name: string;
  token_kind: 'legacy' | 'pat';
  remote_version: string | null;
  remote_user_id: number | null;
  remote_user_email: string | null;
  sync_interval_minutes: number;
  /** The editor cached from this remote (migration 0012), null before one was. */
  editor_key: string | null;
  created_at: string;
  updated_at: string;
}

export function findRemote(db: Db, id: number): RemoteRow | undefined {
  return statement(db, 'SELECT * FROM remotes WHERE id = ?').get(id) as RemoteRow | undefined;
}

export function findRemoteByUrl(db: Db, url: string): RemoteRow | undefined {
  return statement(db, 'SELECT * FROM remotes WHERE url = ?').get(url) as RemoteRow | undefined;
}

export function listRemoteRows(db: Db): RemoteRow[] {
  return statement(db, 'SELECT * FROM remotes ORDER BY id').all() as RemoteRow[];
}

export function insertRemoteRow(db: Db, row: Omit<RemoteRow, 'id' | 'editor_key'>): number {
  const result = statement(
    db,
    `INSERT INTO remotes (url, name, token_kind, remote_version, remote_user_id, remote_user_email,
       sync_interval_minutes, created_at, updated_at)
     VALUES (@url, @name, @token_kind, @remote_version, @remote_user_id, @remote_user_email,
       @sync_interval_minutes, @created_at, @updated_at)`,
  ).run(row);
  return Number(result.lastInsertRowid);
}

export type RemoteChanges = Partial<Omit<RemoteRow, 'id' | 'created_at'>>;
const CHANGEABLE = [
  'url',
  'name',
  'token_kind',
  'remote_version',
  'remote_user_id',
  'remote_user_email',
  'sync_interval_minutes',
  'editor_key',
  'updated_at',
] as const;

/** Sets the given columns (absent keys are left alone). */
export function updateRemoteRow(db: Db, id: number, changes: RemoteChanges): void {
  const columns = CHANGEABLE.filter((column) => column in changes);
  if (columns.length === 0) return;
  const assignments = columns.map((column) => `${column} = @${column}`).join(', ');
  statement(db, `UPDATE remotes SET ${assignments} WHERE id = @id`).run({ ...changes, id });
}

export function deleteRemoteRow(db: Db, id: number): void {
  statement(db, 'DELETE FROM remotes WHERE id = ?').run(id);
}

/** Mirrored authors are keyed by the remote's URL (users.remote_origin): they follow a URL change. */
export function renameRemoteOrigin(db: Db, from: string, to: string): void {
  statement(db, 'UPDATE users SET remote_origin = ? WHERE remote_origin = ?').run(to, from);
}

/** Local changes journaled for this remote and not pushed yet. */
export function countPendingOutbox(db: Db, remote: number): number {
  return statement(db, 'SELECT count(*) FROM sync_outbox WHERE remote = ? AND done_at IS NULL')
    .pluck()
    .get(remote) as number;
}

/** The remote a local project mirrors, if it mirrors one. */
export function findRemoteOfProject(db: Db, project: number): RemoteRow | undefined {
  return statement(
    db,
    'SELECT r.* FROM remote_projects rp JOIN remotes r ON r.id = rp.remote WHERE rp.project = ?',
  ).get(project) as RemoteRow | undefined;
}

/** Whether any remote still uses this cached editor. */
export function isEditorKeyInUse(db: Db, key: string): boolean {
  return statement(db, 'SELECT 1 FROM remotes WHERE editor_key = ? LIMIT 1').get(key) !== undefined;
}
