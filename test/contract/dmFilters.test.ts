import { describe, expect, it } from 'vitest';
import { addAnnotation, addPrediction, addProject, addTask } from '../helpers/dmData.js';
import { createView, item, list } from '../helpers/dmFilterQueries.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * Data Manager filters over hand-built datasets: Label Studio's own tavern filter tests
 * (tests/data_manager/filters/*.tavern.yml, with their task files), replayed.
 */

describe("Label Studio's tavern filter tests", () => {
  it('str: empty is NULL, missing or ""; regex matches nothing here; a bad regex gives no tasks', async () => {
    const t = await createTestApp();
    const project = addProject(t.db, {});
    for (const data of [{ text: 'x1' }, { text: '' }, { text: null }, { $undefined$: 'o1' }])
      addTask(t.db, project, { data });
    const empty = await list(t, project, [item('data.text', 'empty', 'String', 'true')], ['tasks:data.text']);
    expect(empty.total).toBe(3);
    expect(empty.tasks.slice(0, 2).map((task) => task.data)).toEqual([{ text: '' }, { text: null }]);
    expect((await list(t, project, [item('data.text', 'regex', 'String', 'o.*')])).total).toBe(0);
    expect((await list(t, project, [item('data.text', 'regex', 'String', '*')])).total).toBe(0);
    expect((await list(t, project, [item('data.text', 'regex', 'String', '^x')])).total).toBe(1);
  });

  async function intProject() {
    const t = await createTestApp();
    const project = addProject(t.db);
    const first = addTask(t.db, project, { data: { text: 'Test example phrase 1', int_field: 1 } });
    addPrediction(t.db, first, { model_version: 'model_version_A' });
    for (const data of [
      { int_field: 20, text: 'x2' },
      { int_field: 30, text: 'x3' },
      { int_field: 4, text: 'x4' },
      { int_field: '50', text: 'x5' },
      { text: 'x6' },
    ]) {
      addTask(t.db, project, { data });
    }
    return { t, project };
  }

  it('int: Number filters cast data values, so "50" is greater than 5; ranges; empty', async () => {
    const { t, project } = await intProject();
    const greater = await list(t, project, [item('data.int_field', 'greater', 'Number', 5)], ['tasks:data.int_field']);
    expect(greater.tasks.map((task) => task.data.int_field)).toEqual([20, 30, '50']);
    const between = await list(t, project, [item('data.int_field', 'in', 'Number', { min: 10, max: 40 })]);
    expect(between.tasks.map((task) => task.data.int_field)).toEqual([20, 30]);
    const empty = await list(t, project, [item('data.int_field', 'empty', 'Number', 'true')]);
    expect(empty.tasks.map((task) => task.data)).toEqual([{ text: 'x6' }]);
  });

  it('annotation ids: empty without annotations, and a non-number equality matches nothing', async () => {
    const { t, project } = await intProject();
    const empty = await list(
      t,
      project,
      [item('annotations_ids', 'empty', 'String', 'true')],
      ['tasks:annotations_ids'],
    );
    expect(empty).toMatchObject({ total: 6, total_predictions: 1 });
    expect((await list(t, project, [item('annotations_ids', 'empty', 'String', 'false')])).total).toBe(0);
    expect((await list(t, project, [item('annotations_ids', 'equal', 'String', '123wrong')])).total).toBe(0);
  });

  it('in_list / not_in_list: NOT IN leaves out tasks without the key; an empty list matches nothing', async () => {
    const { t, project } = await intProject();
    expect((await list(t, project, [item('data.int_field', 'in_list', 'Number', [20, 30])])).total).toBe(2);
    expect((await list(t, project, [item('data.int_field', 'not_in_list', 'Number', [20, 30])])).total).toBe(3);
    expect((await list(t, project, [item('id', 'in_list', 'Number', [])])).total).toBe(0);
    expect((await createView(t, project, [item('annotations_ids', 'in_list', 'Number', [1, 2])])).status).toBe(400);
    expect((await createView(t, project, [item('id', 'in_list', 'Number', 'not a list')])).status).toBe(400);
  });

  it('float: data ordering is numeric for numbers, textual for strings; objects and arrays order too', async () => {
    const t = await createTestApp();
    const project = addProject(t.db, {});
    for (const data of [
      { a: '456', b: 789, c: 4.56, d: 'string', e: { test: 1 } },
      { a: '123', b: 123, c: 12.3, d: 'string', e: [1, 2, 3] },
      { a: '789', b: 456, c: -7.89, d: 'string', e: null },
    ]) {
      addTask(t.db, project, { data });
    }
    const by = async (key: string) =>
      (await list(t, project, [], [`tasks:data.${key}`])).tasks.map((task) => task.data[key]);
    expect(await by('a')).toEqual(['123', '456', '789']);
    expect(await by('b')).toEqual([123, 456, 789]);
    expect(await by('c')).toEqual([-7.89, 4.56, 12.3]);
    expect(await by('e')).toHaveLength(3);
  });

  it('annotation results: empty when any annotation has an empty result', async () => {
    const t = await createTestApp();
    const project = addProject(t.db);
    const task = addTask(t.db, project, { data: { text: 'a' } });
    const choice = (label: string) => ({
      from_name: 'sentiment',
      to_name: 'text',
      type: 'choices',
      value: { choices: [label] },
    });
    addAnnotation(t.db, task, { result: [choice('pos')] });
    addAnnotation(t.db, task, { result: [] });
    const two = addAnnotation(t.db, task, { result: [choice('neg'), choice('pos')] });
    expect((await list(t, project, [item('annotations_results', 'empty', 'String', 'true')])).total).toBe(1);
    expect((await list(t, project, [item('annotations_results', 'empty', 'String', 'false')])).total).toBe(0);
    t.db.prepare('DELETE FROM annotations WHERE id = ?').run(two);
    expect((await list(t, project, [item('annotations_results', 'empty', 'String', 'true')])).total).toBe(1);
    expect((await list(t, project, [item('annotations_results', 'empty', 'String', 'false')])).total).toBe(0);
  });
});
