import { describe, expect, it } from 'vitest';
import { numberTokens } from '../interop/differential/numberTokens.js';
import { call, choices, createProject, type TestApp } from '../helpers/taskApi.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * Label Studio's float fields are written with their fraction (`4.0`) even when whole, and a
 * Python client reads them as floats; parsed JSON cannot tell, so these cases read the answers'
 * text. Numbers that are not float fields (ids, counts, task data) stay as they are.
 */

async function numbersOf(t: TestApp, method: string, path: string, body?: unknown) {
  const { status, response } = await call(t, method, path, body);
  expect(status, `${method} ${path}`).toBeLessThan(300);
  const tokens = numberTokens(await response.text());
  return (path: string) => {
    const token = tokens.get(path);
    if (!token) throw new Error(`no number at ${path}`);
    return token.isFloat ? `${token.value} (float)` : `${token.value} (int)`;
  };
}

describe('float fields in API answers', () => {
  it("writes an annotation's and a draft's lead_time as a float, wherever they are answered", async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const { body: task } = await call(t, 'POST', '/api/tasks/', { project, data: { text: 'x', n: 4 } });
    const created = await numbersOf(t, 'POST', `/api/tasks/${task.id}/annotations/`, {
      result: choices('pos'),
      lead_time: 4,
    });
    expect(created('lead_time')).toBe('4 (float)');
    expect(created('id')).toMatch(/ \(int\)$/);
    const read = await numbersOf(t, 'GET', `/api/tasks/${task.id}/`);
    expect([read('annotations.0.lead_time'), read('data.n'), read('total_annotations')]).toEqual([
      '4 (float)',
      '4 (int)',
      '1 (int)',
    ]);
    const dm = await numbersOf(t, 'GET', `/api/tasks?project=${project}&fields=all`);
    expect([dm('tasks.0.avg_lead_time'), dm('tasks.0.annotations.0.lead_time')]).toEqual(['4 (float)', '4 (float)']);
    const draft = await numbersOf(t, 'POST', `/api/tasks/${task.id}/drafts`, { result: [], lead_time: 2 });
    expect(draft('lead_time')).toBe('2 (float)');
  });

  it("writes a prediction's score and mislabeling as floats", async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const { body: task } = await call(t, 'POST', '/api/tasks/', { project, data: { text: 'x' } });
    const created = await numbersOf(t, 'POST', '/api/predictions/', {
      task: task.id,
      result: choices('pos'),
      score: 1,
      model_version: 'm',
    });
    expect([created('score'), created('mislabeling')]).toEqual(['1 (float)', '0 (float)']);
    const read = await numbersOf(t, 'GET', `/api/tasks/${task.id}/`);
    expect(read('predictions.0.score')).toBe('1 (float)');
  });

  it("writes the weights Label Studio computes as floats, and keeps a client's int weights ints", async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const fresh = await numbersOf(t, 'GET', `/api/projects/${project}/`);
    expect([fresh('control_weights.label.overall'), fresh('control_weights.label.labels.pos')]).toEqual([
      '1 (float)',
      '1 (float)',
    ]);
    const weights = { label: { type: 'Choices', overall: 2, labels: { pos: 3, neg: 0.5 } } };
    await call(t, 'PATCH', `/api/projects/${project}/`, { control_weights: weights });
    // A new config recomputes the weights: the ones set stay as they were, the new label gets 1.0.
    const changed = await numbersOf(t, 'PATCH', `/api/projects/${project}/`, {
      label_config:
        '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/><Choice value="new"/></Choices></View>',
    });
    expect(
      ['overall', 'labels.pos', 'labels.neg', 'labels.new'].map((path) => changed(`control_weights.label.${path}`)),
    ).toEqual(['2 (int)', '3 (int)', '0.5 (float)', '1 (float)']);
    const list = await numbersOf(t, 'GET', `/api/projects/?ids=${project}`);
    expect(list('results.0.control_weights.label.labels.new')).toBe('1 (float)');
  });
});
