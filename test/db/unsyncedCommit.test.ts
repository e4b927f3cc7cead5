import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { unsyncedCommit } from '../../electron/core/db/unsyncedCommit.js';

describe('unsyncedCommit', () => {
  const open = () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'outpost-unsynced-')), 'x.db'));
    db.exec('CREATE TABLE t (v INTEGER)');
    return db;
  };
  const level = (db: ReturnType<typeof open>) => db.pragma('synchronous', { simple: true });

  it('commits with synchronous NORMAL, then puts every later commit back on FULL', () => {
    const db = open();
    expect(level(db)).toBe(2);
    const seen = unsyncedCommit(db, () => {
      db.prepare('INSERT INTO t (v) VALUES (1)').run();
      return level(db);
    });
    expect(seen).toBe(1);
    expect(level(db)).toBe(2);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(1);
  });

  it('rolls back a write that throws and still restores FULL', () => {
    const db = open();
    expect(() =>
      unsyncedCommit(db, () => {
        db.prepare('INSERT INTO t (v) VALUES (1)').run();
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(level(db)).toBe(2);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
  });
});
