import type { Statement } from 'better-sqlite3';
import type { Db } from './open.js';

/*
 * Writes that set only the columns a caller gives build their SQL from that subset. Built and
 * hashed again for every row, the text cost a pull of 10,000 tasks about a tenth of its local
 * time (profiled), so each subset is built once per connection, named by a bit mask of columns.
 */

type Build = (columns: readonly string[]) => string;

interface Built {
  statement: Statement;
  columns: readonly string[];
}

const cache = new WeakMap<Db, Map<Build, Map<number, Built>>>();

export interface ColumnWrite {
  statement: Statement;
  /** The given values by column name, as the statement's named parameters. */
  params: Record<string, unknown>;
}

/** The statement `build` makes for the columns of `all` that `values` gives (not undefined). */
export function columnStatement<C extends string>(
  db: Db,
  all: readonly C[],
  values: Partial<Record<C, unknown>>,
  build: (columns: readonly C[]) => string,
): ColumnWrite {
  if (all.length > 30) throw new Error('columnStatement takes at most 30 columns');
  let mask = 0;
  for (let index = 0; index < all.length; index += 1) {
    if (values[all[index]!] !== undefined) mask |= 1 << index;
  }
  let byBuild = cache.get(db);
  if (!byBuild) cache.set(db, (byBuild = new Map()));
  let byMask = byBuild.get(build as Build);
  if (!byMask) byBuild.set(build as Build, (byMask = new Map()));
  let built = byMask.get(mask);
  if (!built) {
    const columns = all.filter((column) => values[column] !== undefined);
    built = { statement: db.prepare(build(columns)), columns };
    byMask.set(mask, built);
  }
  const params: Record<string, unknown> = {};
  for (const column of built.columns) params[column] = values[column as C];
  return { statement: built.statement, params };
}
