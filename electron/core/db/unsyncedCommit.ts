import type { Db } from './open.js';

/**
 * Runs `write` in a transaction whose commit is not flushed to disk (synchronous = NORMAL for this
 * commit only; every connection otherwise runs FULL). It survives the app being killed, since the
 * WAL is written, but a power cut may lose it until the next FULL commit flushes the WAL. Only for
 * writes whose loss is repaired on its own: the push's bookkeeping after a request landed, which a
 * retry finds and links (409 on unique_id, lookups) instead of sending twice; a pulled page, whose
 * checkpoint is lost with it, so the next pull fetches it again. better-sqlite3 is
 * synchronous, so no other write can run on the connection between the two pragmas.
 */
export function unsyncedCommit<T>(db: Db, write: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(write)();
  } finally {
    db.pragma('synchronous = FULL');
  }
}
