import type { Db } from '../open.js';
import { statement } from '../statement.js';

/** A `views` row (a Data Manager tab). JSON columns are text. */
export interface ViewRow {
  id: number;
  project: number;
  data: string;
  filter_group: string | null;
  ordering: string;
  selected_items: string;
  order: number | null;
  user: number | null;
  created_at: string;
  updated_at: string;
}

export type ViewColumns = Omit<ViewRow, 'id'>;

const SELECT =
  'SELECT id, project, data, filter_group, ordering, selected_items, "order", user, created_at, updated_at FROM views';

export function findView(db: Db, id: number): ViewRow | undefined {
  return statement(db, `${SELECT} WHERE id = ?`).get(id) as ViewRow | undefined;
}

/** Label Studio's View ordering: by `order`, then id. */
export function listViews(db: Db, project: number | null): ViewRow[] {
  if (project === null) return statement(db, `${SELECT} ORDER BY "order", id`).all() as ViewRow[];
  return statement(db, `${SELECT} WHERE project = ? ORDER BY "order", id`).all(project) as ViewRow[];
}

export function insertView(db: Db, view: ViewColumns): number {
  const result = statement(
    db,
    `INSERT INTO views (project, data, filter_group, ordering, selected_items, "order", user, created_at, updated_at)
     VALUES (@project, @data, @filter_group, @ordering, @selected_items, @order, @user, @created_at, @updated_at)`,
  ).run(view);
  return Number(result.lastInsertRowid);
}

export function updateViewRow(
  db: Db,
  id: number,
  values: Pick<ViewColumns, 'data' | 'filter_group' | 'ordering' | 'selected_items' | 'updated_at'>,
): void {
  statement(
    db,
    `UPDATE views SET data = @data, filter_group = @filter_group, ordering = @ordering,
       selected_items = @selected_items, updated_at = @updated_at WHERE id = @id`,
  ).run({ ...values, id });
}

export function deleteViewRow(db: Db, id: number): void {
  statement(db, 'DELETE FROM views WHERE id = ?').run(id);
}

export function deleteProjectViews(db: Db, project: number): void {
  statement(db, 'DELETE FROM views WHERE project = ?').run(project);
}

export function countProjectViews(db: Db, project: number): number {
  return statement(db, 'SELECT count(*) FROM views WHERE project = ?').pluck().get(project) as number;
}

export function maxProjectViewOrder(db: Db, project: number): number | null {
  return statement(db, 'SELECT max("order") FROM views WHERE project = ?').pluck().get(project) as number | null;
}

export function setViewOrder(db: Db, id: number, project: number, order: number): void {
  statement(db, 'UPDATE views SET "order" = ? WHERE id = ? AND project = ?').run(order, id, project);
}
