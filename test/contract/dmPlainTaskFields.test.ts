import { describe, expect, it } from 'vitest';
import { addProject, addTask } from '../helpers/dmData.js';
import { ids as listedIds, item, type Item } from '../helpers/dmFilterQueries.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * Data Manager filters and orderings on the task's plain fields that no column shows (is_labeled,
 * allow_skip, overlap, the comment counters and dates): Label Studio takes any field of the task
 * there (checked against 1.22 in the interop conformance suite), so scripts and tabs that use them
 * work here too.
 */

describe("the Data Manager on a task's plain fields", () => {
  it('filters and orders by is_labeled, allow_skip, overlap and the comment fields', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const [first, second, third] = [1, 2, 3].map((n) => addTask(t.db, project, { data: { text: `task ${n}` } }));
    const set = (task: number, values: Record<string, unknown>) => {
      const columns = Object.keys(values);
      t.db
        .prepare(`UPDATE tasks SET ${columns.map((column) => `${column} = @${column}`).join(', ')} WHERE id = @id`)
        .run({ ...values, id: task });
    };
    set(first!, { is_labeled: 1, overlap: 2, comment_count: 2, unresolved_comment_count: 1 });
    set(second!, { allow_skip: 0, last_comment_updated_at: '2026-01-15T10:00:00.000000Z' });
    const ids = (items: Item[], ordering: string[] = []) => listedIds(t, project, items, ordering);
    expect(await ids([item('is_labeled', 'equal', 'Boolean', true)])).toEqual([first]);
    expect(await ids([item('is_labeled', 'equal', 'Boolean', false)])).toEqual([second, third]);
    expect(await ids([item('allow_skip', 'equal', 'Boolean', false)])).toEqual([second]);
    expect(await ids([item('overlap', 'greater', 'Number', 1)])).toEqual([first]);
    expect(await ids([item('comment_count', 'greater', 'Number', 0)])).toEqual([first]);
    expect(await ids([item('unresolved_comment_count', 'equal', 'Number', 1)])).toEqual([first]);
    expect(await ids([item('last_comment_updated_at', 'empty', 'Datetime', false)])).toEqual([second]);
    // Only the first ordering key counts, as in Label Studio: ties come in no defined order.
    expect((await ids([], ['-tasks:is_labeled'])).at(0)).toBe(first);
    expect((await ids([], ['tasks:is_labeled'])).at(-1)).toBe(first);
  });
});
