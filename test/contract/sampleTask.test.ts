import { describe, expect, it } from 'vitest';
import { EXAMPLES_BY_TAG } from '../../shared/label-config/sampleExamples.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, TEST_TOKEN } from '../helpers/testApp.js';

const auth = { Authorization: `Token ${TEST_TOKEN}` };
const CONFIG = '<View><Image name="img" value="$image"/><Text name="t" value="$text"/></View>';

/** A test app with one project row, inserted directly so this test does not depend on the projects API. */
async function appWithProject() {
  const t = await createTestApp();
  const now = '2026-01-15T10:00:00.000000Z';
  const { lastInsertRowid } = t.db
    .prepare('INSERT INTO projects (title, created_at, updated_at) VALUES (?, ?, ?)')
    .run('Sample project', now, now);
  const projectId = Number(lastInsertRowid);
  const post = (body: unknown, id = projectId) => t.postJson(`/api/projects/${id}/sample-task/`, body, auth);
  return { ...t, projectId, post };
}

describe('POST /api/projects/{id}/sample-task/', () => {
  it('returns a sample task for the posted config, on both URL forms', async () => {
    const t = await appWithProject();
    for (const path of [`/api/projects/${t.projectId}/sample-task/`, `/api/projects/${t.projectId}/sample-task`]) {
      const response = await t.postJson(path, { label_config: CONFIG }, auth);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        sample_task: { image: EXAMPLES_BY_TAG.Image, text: EXAMPLES_BY_TAG.TextRaw },
      });
    }
  });

  it('returns {} for a config without variables', async () => {
    const t = await appWithProject();
    const response = await t.post({ label_config: '<View><Header value="Nothing to load"/></View>' });
    expect(await response.json()).toEqual({ sample_task: {} });
  });

  it('lets task data written in a config comment override the generated values', async () => {
    const t = await appWithProject();
    const config = `${CONFIG}\n<!-- {"data": {"text": "From the comment", "extra": 1}} -->`;
    const body = (await (await t.post({ label_config: config })).json()) as { sample_task: Record<string, unknown> };
    expect(body.sample_task).toEqual({ image: EXAMPLES_BY_TAG.Image, text: 'From the comment', extra: 1 });
  });

  it('does not validate the config beyond XML syntax (unknown toName is fine)', async () => {
    const t = await appWithProject();
    const config = '<View><Text name="t" value="$text"/><Choices name="c" toName="nowhere"/></View>';
    const response = await t.post({ label_config: config });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sample_task: { text: EXAMPLES_BY_TAG.TextRaw } });
  });

  it('refuses malformed XML with the parser message on label_config', async () => {
    const t = await appWithProject();
    await expectEnvelope(
      await t.post({ label_config: '<View><Text name="t" value="$t"></View>' }),
      400,
      'Validation error',
      { label_config: ['mismatched tag: line 1, column 34'] },
    );
    await expectEnvelope(await t.post({ label_config: '<View>' }), 400, 'Validation error', {
      label_config: ['no element found: line 1, column 6'],
    });
  });

  it('refuses a missing or empty label_config before looking up the project, as Label Studio does', async () => {
    const t = await appWithProject();
    for (const body of [{}, { label_config: '' }, { label_config: null }]) {
      await expectEnvelope(await t.post(body), 400, 'Validation error', {
        non_field_errors: ['Label config is not set or is empty'],
      });
    }
    await expectEnvelope(await t.post({}, 999), 400, 'Validation error', {
      non_field_errors: ['Label config is not set or is empty'],
    });
    await expectEnvelope(await t.post({ label_config: 42 }), 400, 'Validation error', {
      label_config: ['Not a valid string.'],
    });
  });

  it('answers 404 for a project that does not exist', async () => {
    const t = await appWithProject();
    await expectEnvelope(await t.post({ label_config: CONFIG }, 999), 404, 'No Project matches the given query.');
  });

  it('needs a token, accepts JSON only, and allows only POST', async () => {
    const t = await appWithProject();
    const path = `/api/projects/${t.projectId}/sample-task/`;
    await expectEnvelope(
      await t.postJson(path, { label_config: CONFIG }),
      401,
      'Authentication credentials were not provided.',
    );
    const form = await t.app.request(path, {
      method: 'POST',
      body: new URLSearchParams({ label_config: CONFIG }).toString(),
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    await expectEnvelope(form, 415, 'Unsupported media type "application/x-www-form-urlencoded" in request.');
    await expectEnvelope(await t.withToken(path), 405, 'Method "GET" not allowed.');
  });

  it('gives the Django 404 page for a non-numeric project id', async () => {
    const t = await appWithProject();
    const response = await t.postJson('/api/projects/abc/sample-task/', { label_config: CONFIG }, auth);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
