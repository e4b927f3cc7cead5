import type { Db } from '../open.js';
import { statement } from '../statement.js';

export interface UserRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  phone: string;
  avatar: string | null;
  custom_hotkeys: string;
  allow_newsletters: number | null;
  date_joined: string;
  last_activity: string;
  is_local: number;
}

const columns =
  'id, email, username, first_name, last_name, phone, avatar, custom_hotkeys, allow_newsletters, date_joined, last_activity, is_local';

export function findUserById(db: Db, id: number): UserRow | undefined {
  return statement(db, `SELECT ${columns} FROM users WHERE id = ?`).get(id) as UserRow | undefined;
}

/** Everyone this Outpost knows: the local user and the stand-ins for remote authors. */
export function listAllUsers(db: Db): UserRow[] {
  return statement(db, `SELECT ${columns} FROM users ORDER BY id`).all() as UserRow[];
}

export function findFirstLocalUser(db: Db): UserRow | undefined {
  return statement(db, `SELECT ${columns} FROM users WHERE is_local = 1 ORDER BY id LIMIT 1`).get() as
    UserRow | undefined;
}

export function insertLocalUser(db: Db, email: string, now: string): number {
  const result = statement(
    db,
    'INSERT INTO users (email, date_joined, last_activity, is_local) VALUES (?, ?, ?, 1)',
  ).run(email, now, now);
  return Number(result.lastInsertRowid);
}

export interface UserIdentity {
  email: string;
  username: string;
  first_name: string;
  last_name: string;
}

/** Renames a user (the names Label Studio shows for it: created_username, initials, /api/users). */
export function setUserIdentity(db: Db, id: number, identity: UserIdentity): void {
  statement(
    db,
    'UPDATE users SET email = @email, username = @username, first_name = @first_name, last_name = @last_name WHERE id = @id',
  ).run({ ...identity, id });
}
