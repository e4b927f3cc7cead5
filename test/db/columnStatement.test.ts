import { describe, expect, it } from 'vitest';
import { columnStatement } from '../../electron/core/db/columnStatement.js';
import { openDatabase } from '../../electron/core/db/open.js';

const COLUMNS = ['a', 'b', 'c'] as const;
const insertSql = (columns: readonly string[]) =>
  `INSERT INTO t (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`;

describe('columnStatement', () => {
  it('writes the given columns (null included) and leaves the others to their defaults', () => {
    const db = openDatabase(':memory:');
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT DEFAULT 'da', b TEXT DEFAULT 'db', c TEXT DEFAULT 'dc')");
    for (const values of [{ a: 'x' }, { b: null, c: 'z' }, { a: 'x2', b: undefined }]) {
      const { statement, params } = columnStatement(db, COLUMNS, values, insertSql);
      statement.run(params);
    }
    expect(db.prepare('SELECT a, b, c FROM t ORDER BY id').all()).toEqual([
      { a: 'x', b: 'db', c: 'dc' },
      { a: 'da', b: null, c: 'z' },
      { a: 'x2', b: 'db', c: 'dc' },
    ]);
  });

  it('prepares each set of columns once per connection, and a different set apart', () => {
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT)');
    const first = columnStatement(db, COLUMNS, { a: '1' }, insertSql).statement;
    expect(columnStatement(db, COLUMNS, { a: '2', c: undefined }, insertSql).statement).toBe(first);
    expect(columnStatement(db, COLUMNS, { b: '3' }, insertSql).statement).not.toBe(first);
    const other = openDatabase(':memory:');
    other.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c TEXT)');
    expect(columnStatement(other, COLUMNS, { a: '1' }, insertSql).statement).not.toBe(first);
  });

  it('refuses more columns than its mask holds', () => {
    const db = openDatabase(':memory:');
    const many = Array.from({ length: 31 }, (_, index) => `c${index}`);
    expect(() => columnStatement(db, many, {}, insertSql)).toThrow('at most 30 columns');
  });
});
