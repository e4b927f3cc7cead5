import { describe, expect, it } from 'vitest';
import { resultCount } from '../../electron/core/domain/annotations/resultCount.js';
import { createTestApp } from '../helpers/testApp.js';

/** Label Studio 1.22 counts an annotation's distinct region ids (Annotation.save), which its exports show. */
describe('result_count in exports', () => {
  it('counts distinct region ids, regions without one together', () => {
    const region = (id?: unknown) => ({ ...(id === undefined ? {} : { id }), type: 'labels', value: {} });
    expect(resultCount([])).toBe(0);
    expect(resultCount([region(), region()])).toBe(1);
    expect(resultCount([region('a'), region('b'), region('a')])).toBe(2);
    expect(resultCount([region('a'), region(), region(null)])).toBe(2);
    expect(resultCount({ not: 'a list' })).toBe(0);
  });
});

describe('result_count is stored as Label Studio stores it', () => {
  const CONFIG =
    '<View><Text name="text" value="$text"/><Labels name="ner" toName="text"><Label value="PER"/></Labels></View>';
  const region = (id: string) => ({
    id,
    from_name: 'ner',
    to_name: 'text',
    type: 'labels',
    value: { start: 0, end: 1, labels: ['PER'] },
  });

  it('is 0 for imported annotations, counted for ones saved through the API, and counted again on every save', async () => {
    const t = await createTestApp();
    const json = (path: string, method: string, body: unknown) =>
      t.withToken(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const project = (await (
      await json('/api/projects/', 'POST', { title: 'Counts', label_config: CONFIG })
    ).json()) as { id: number };
    const imported = (await (
      await json(`/api/projects/${project.id}/import?return_task_ids=true`, 'POST', [
        { data: { text: 'a' }, annotations: [{ result: [region('x'), region('y')] }] },
        { data: { text: 'b' } },
      ])
    ).json()) as { task_ids: number[] };
    await json(`/api/tasks/${imported.task_ids[1]}/annotations/`, 'POST', {
      result: [region('x'), region('y'), region('x')],
    });
    const counts = async () => {
      const tasks = (await (await t.withToken(`/api/projects/${project.id}/export?exportType=JSON`)).json()) as {
        annotations: { id: number; result_count: number }[];
      }[];
      return tasks.map((task) => task.annotations.map((annotation) => annotation.result_count));
    };
    expect(await counts()).toEqual([[0], [2]]);
    const [first] = (await (await t.withToken(`/api/tasks/${imported.task_ids[0]}/annotations/`)).json()) as {
      id: number;
    }[];
    await json(`/api/annotations/${first!.id}/`, 'PATCH', { lead_time: 5 });
    expect(await counts()).toEqual([[2], [2]]);
  });
});
