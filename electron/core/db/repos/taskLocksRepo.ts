import type { Db } from '../open.js';
import { statement } from '../statement.js';

export interface TaskLockRow {
  task: number;
  user: number;
  unique_id: string;
  expire_at: string;
}

/** Creates or extends a user's lock on a task (Label Studio's Task.set_lock). */
export function upsertTaskLock(db: Db, lock: TaskLockRow): void {
  statement(
    db,
    `INSERT INTO task_locks (task, user, unique_id, expire_at) VALUES (@task, @user, @unique_id, @expire_at)
     ON CONFLICT (task, user) DO UPDATE SET expire_at = excluded.expire_at`,
  ).run(lock);
}

export function findUserLock(db: Db, task: number, user: number): TaskLockRow | undefined {
  return statement(db, 'SELECT task, user, unique_id, expire_at FROM task_locks WHERE task = ? AND user = ?').get(
    task,
    user,
  ) as TaskLockRow | undefined;
}

/** Live locks on a task held by other users. */
export function countOtherUsersLocks(db: Db, task: number, user: number, now: string): number {
  return (
    statement(db, 'SELECT count(*) AS n FROM task_locks WHERE task = ? AND user <> ? AND expire_at > ?').get(
      task,
      user,
      now,
    ) as { n: number }
  ).n;
}

export function countLiveLocks(db: Db, task: number, now: string): number {
  return (
    statement(db, 'SELECT count(*) AS n FROM task_locks WHERE task = ? AND expire_at > ?').get(task, now) as {
      n: number;
    }
  ).n;
}

/** Task.release_lock(user), which also clears the task's expired locks. */
export function releaseTaskLock(db: Db, task: number, user: number, now: string): void {
  statement(db, 'DELETE FROM task_locks WHERE task = ? AND (user = ? OR expire_at < ?)').run(task, user, now);
}

export function clearExpiredLocks(db: Db, task: number, now: string): void {
  statement(db, 'DELETE FROM task_locks WHERE task = ? AND expire_at < ?').run(task, now);
}
