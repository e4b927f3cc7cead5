import { describe, expect, it } from 'vitest';
import { INDEX_THRESHOLD_TASKS } from '../../electron/core/domain/dataManager/dataKeyIndexes.js';
import { addProject, addTask, getJson, T0, taskListPath } from '../helpers/dmData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

describe('data-key indexes made on demand', () => {
  function bigProject(t: TestApp) {
    const project = addProject(t.db);
    const insert = t.db.prepare(
      'INSERT INTO tasks (project, inner_id, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    );
    t.db.transaction(() => {
      for (let index = 1; index <= INDEX_THRESHOLD_TASKS; index += 1) {
        const data =
          index % 1000 === 0 ? { category: `c${index % 10}` } : { category: `c${index % 10}`, score: index % 97 };
        insert.run(project, index, JSON.stringify(data), T0, T0);
      }
    })();
    return project;
  }

  it('indexes (project, filter key, order key, id) for a large project and answers from it', async () => {
    const t = await createTestApp();
    const project = bigProject(t);
    const small = addProject(t.db);
    addTask(t.db, small, { data: { category: 'c3', score: 1 } });
    const filters = {
      conjunction: 'and',
      items: [{ filter: 'filter:tasks:data.category', operator: 'equal', type: 'String', value: 'c3' }],
    };
    const query = { filters, ordering: ['-tasks:data.score'] };
    expect((await getJson(t, taskListPath(small, query))).body.total).toBe(1);
    expect(t.db.prepare('SELECT count(*) FROM data_key_indexes').pluck().get()).toBe(0);

    const expected = t.db
      .prepare(
        `SELECT id FROM tasks WHERE project = ? AND json_extract(data, '$.category') = 'c3'
         ORDER BY json_extract(data, '$.score') IS NULL, json_extract(data, '$.score') DESC, id DESC`,
      )
      .pluck()
      .all(project) as number[];
    const pages: number[] = [];
    for (const page of [1, 2, 3, 20]) {
      const { body } = await getJson(t, taskListPath(project, query, `&page_size=100&page=${page}`));
      expect(body.total).toBe(expected.length);
      pages.push(...body.tasks.map((task: { id: number }) => task.id));
    }
    expect(pages).toEqual([...expected.slice(0, 300), ...expected.slice(1900)]);
    const indexes = t.db.prepare('SELECT name, definition FROM data_key_indexes').all() as {
      name: string;
      definition: string;
    }[];
    expect(indexes.map((index) => index.definition)).toEqual([
      `project, json_extract(data, '$."category"'), json_extract(data, '$."score"'), id`,
    ]);
    const plan = t.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT t.id FROM tasks t WHERE t.project = ? AND json_extract(t.data, '$."category"') = ?
         ORDER BY json_extract(t.data, '$."score"') DESC, t.id DESC LIMIT 10`,
      )
      .all(project, 'c3') as { detail: string }[];
    expect(plan.map((row) => row.detail).join(' ')).toContain(`COVERING INDEX ${indexes[0]!.name}`);
  });

  it('keeps at most eight, dropping the oldest', async () => {
    const t = await createTestApp();
    const project = bigProject(t);
    for (let key = 0; key < 9; key += 1) {
      await getJson(t, taskListPath(project, { ordering: [`tasks:data.k${key}`] }));
      t.advanceSeconds(1);
    }
    const definitions = t.db
      .prepare('SELECT definition FROM data_key_indexes ORDER BY created_at')
      .pluck()
      .all() as string[];
    expect(definitions).toHaveLength(8);
    expect(definitions[0]).toContain('k1');
    const names = t.db
      .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'tasks_dk_%'")
      .pluck()
      .get();
    expect(names).toBe(8);
  });
});
