import type { TestApp } from './testApp.js';
import { getJson, taskListPath } from './dmData.js';

/* Data Manager filter queries for contract tests: filter items, the task list they give, a view holding them. */

export type Item = { filter: string; operator: string; type: string; value: unknown; child_filter?: Item };

export const item = (column: string, operator: string, type: string, value: unknown): Item => ({
  filter: `filter:tasks:${column}`,
  operator,
  type,
  value,
});

export async function list(t: TestApp, project: number, items: Item[], ordering: string[] = [], conjunction = 'and') {
  const { status, body } = await getJson(t, taskListPath(project, { filters: { conjunction, items }, ordering }));
  if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
  return body as { total: number; total_predictions: number; tasks: { id: number; data: Record<string, unknown> }[] };
}

export async function ids(t: TestApp, project: number, items: Item[], ordering: string[] = [], conjunction = 'and') {
  return (await list(t, project, items, ordering, conjunction)).tasks.map((task) => task.id);
}

export async function createView(t: TestApp, project: number, items: Item[]) {
  return t.withToken('/api/dm/views/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ project: String(project), data: { filters: { conjunction: 'and', items } } }),
  });
}
