import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * JSON nested deeper than Python's json module can decode (found by the fuzz suite). Label Studio's
 * parser stops at its recursion limit; Outpost's code that walks parsed values recursed as deep as
 * the document went and overflowed the stack, a 500. Now the document is refused as a parse error,
 * with Python's RecursionError text.
 */

const DEPTH = 50_000;
const DEEP_ARRAY = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const TOO_DEEP = 'maximum recursion depth exceeded while decoding a JSON array from a unicode string';
const CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="a"/></Choices></View>';

async function createProject(t: TestApp): Promise<number> {
  const response = await t.postJson('/api/projects/', { label_config: CONFIG }, { Authorization: `Token ${t.token}` });
  return ((await response.json()) as { id: number }).id;
}

function postText(t: TestApp, path: string, text: string) {
  return t.withToken(path, { method: 'POST', body: text, headers: { 'Content-Type': 'application/json' } });
}

describe('JSON nested too deep', () => {
  it('is a parse error on an import, not a 500', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    await expectEnvelope(
      await postText(t, `/api/projects/${project}/import`, DEEP_ARRAY),
      400,
      `JSON parse error - ${TOO_DEEP}`,
    );
    const form = new FormData();
    form.append('file', new Blob([`[{"text": ${DEEP_ARRAY}}]`]), 'tasks.json');
    const upload = await t.withToken(`/api/projects/${project}/import`, { method: 'POST', body: form });
    expect(upload.status).toBe(400);
    expect(JSON.stringify(await upload.json())).toContain(TOO_DEEP);
  });

  it('is a parse error on a prediction import and on any JSON body, valid or broken', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const predictions = await postText(t, `/api/projects/${project}/import/predictions`, DEEP_ARRAY);
    await expectEnvelope(predictions, 400, `JSON parse error - ${TOO_DEEP}`);
    await expectEnvelope(await postText(t, '/api/projects/', DEEP_ARRAY), 400, `JSON parse error - ${TOO_DEEP}`);
    // Unclosed: Python's error position is found by walking the text, which recursed too.
    await expectEnvelope(await postText(t, '/api/projects/', '['.repeat(DEPTH)), 400, `JSON parse error - ${TOO_DEEP}`);
  });

  it('is an invalid Data Manager query', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const query = encodeURIComponent(`{"filters": ${'['.repeat(2000)}${']'.repeat(2000)}}`);
    await expectEnvelope(await t.withToken(`/api/tasks?project=${project}&query=${query}`), 400, 'Validation error', {
      query: [`Invalid JSON: ${TOO_DEEP}`],
    });
  });

  // Found by the fuzz suite too: a body the scanner could cut whose item did not parse was a 500.
  it('answers a malformed item of an import body with the parse error', async () => {
    const t = await createTestApp();
    const project = await createProject(t);
    const quoted = await postText(t, `/api/projects/${project}/import`, "{'a': 1}");
    await expectEnvelope(
      quoted,
      400,
      'JSON parse error - Expecting property name enclosed in double quotes: line 1 column 2 (char 1)',
    );
    const bulk = await postText(t, `/api/projects/${project}/tasks/bulk`, '[{"a":NaN}]');
    expect(bulk.status).toBe(400);
    expect(((await bulk.json()) as { detail: string }).detail).toMatch(/^JSON parse error - /);
  });
});
