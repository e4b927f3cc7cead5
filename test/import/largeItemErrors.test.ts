import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * A refused import names the item and the problem, but quotes at most the start of a large item:
 * a 10 MB task must not come back as a 10 MB answer.
 */

const TEN_MB = 10 * 1024 * 1024;

async function textProject(t: TestApp): Promise<number> {
  const response = await t.withToken('/api/projects/', {
    method: 'POST',
    body: JSON.stringify({ title: 'Large items', label_config: '<View><Text name="t" value="$text"/></View>' }),
    headers: { 'Content-Type': 'application/json' },
  });
  return ((await response.json()) as { id: number }).id;
}

async function importJson(t: TestApp, project: number, body: string): Promise<{ status: number; text: string }> {
  const response = await t.withToken(`/api/projects/${project}/import`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
  });
  return { status: response.status, text: await response.text() };
}

describe('errors about a large item', () => {
  it('a 10 MB task with a bad field gets a small 400 naming the item, the problem and its size', async () => {
    const t = await createTestApp();
    const project = await textProject(t);
    const task = { data: { text: 'x'.repeat(TEN_MB) }, annotations: 'not a list' };
    const answer = await importJson(t, project, JSON.stringify([task]));
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(4000);
    const message = String(
      (JSON.parse(answer.text) as { validation_errors: { non_field_errors: string[] } }).validation_errors
        .non_field_errors,
    );
    expect(message).toMatch(/^Error at item 0: .*annotations.* :: \{'data': \{'text': 'xxxx/);
    expect(message).toMatch(/… \(10,485,[0-9]{3} characters in all\)$/);
  });

  it('a small bad task is still quoted whole, as Label Studio quotes it', async () => {
    const t = await createTestApp();
    const project = await textProject(t);
    const answer = await importJson(t, project, JSON.stringify([{ data: { text: 'short' }, annotations: 'x' }]));
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(":: {'data': {'text': 'short'}, 'annotations': 'x'}");
    expect(answer.text).not.toContain('characters in all');
  });

  it('a task whose only data key is 10 MB long gets a small 400', async () => {
    const t = await createTestApp();
    const project = await textProject(t);
    const answer = await importJson(t, project, JSON.stringify([{ ['k'.repeat(TEN_MB)]: 1 }]));
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(4000);
  });

  it('an annotation by a 10 MB completed_by gets a small 400 naming the field', async () => {
    const t = await createTestApp();
    const project = await textProject(t);
    const task = { data: { text: 'a' }, annotations: [{ result: [], completed_by: 'z'.repeat(TEN_MB) }] };
    const answer = await importJson(t, project, JSON.stringify([task]));
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(4000);
    expect(answer.text).toContain('completed_by=zzz');
  });
});
