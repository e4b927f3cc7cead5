import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * Files an import must refuse whole, in Label Studio's envelope: a CSV whose quote is
 * never closed (pandas refuses it: Label Studio answers the same), an empty CSV (Label Studio's
 * own message), and an empty image or page, which Label Studio 1.22 would make a task of
 * (test/interop/knownDifferences.ts: empty-single-file). Nothing is imported and no upload is kept.
 */

const IMAGE_CONFIG = '<View><Image name="image" value="$image"/></View>';
const TEXT_CONFIG = '<View><Text name="text" value="$text"/></View>';
const STORED = '[0-9a-f]{8}';

async function createProject(t: TestApp, labelConfig: string): Promise<number> {
  const response = await t.postJson(
    '/api/projects/',
    { label_config: labelConfig },
    {
      Authorization: `Token ${t.token}`,
    },
  );
  return ((await response.json()) as { id: number }).id;
}

function upload(t: TestApp, project: number, name: string, content: string | Buffer, query = '') {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return t.withToken(`/api/projects/${project}/import${query}`, { method: 'POST', body: form });
}

/** The one refusal: a 400 envelope whose single non-field error is `Failed to parse input file <stored name>: <why>`. */
async function expectRefused(response: Response, name: string, why: string): Promise<void> {
  expect(response.status).toBe(400);
  const body = (await expectEnvelope(response.clone(), 400, 'Validation error', {
    non_field_errors: [expect.any(String)],
  })) as { validation_errors: { non_field_errors: string[] } };
  const [message] = body.validation_errors.non_field_errors;
  expect(message).toMatch(new RegExp(`^Failed to parse input file ${STORED}-${name.replace('.', '\\.')}: `));
  expect(message!.replace(/^Failed to parse input file [^:]+: /, '')).toBe(why);
  // Never a path on this machine.
  expect(message).not.toContain('/');
}

function expectNothingKept(t: TestApp, project: number): void {
  expect(t.db.prepare('SELECT count(*) FROM tasks WHERE project = ?').pluck().get(project)).toBe(0);
  expect(t.db.prepare('SELECT count(*) FROM file_uploads WHERE project = ?').pluck().get(project)).toBe(0);
  const folder = join(t.deps.uploadsDir, String(project));
  expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
}

describe('imports refused whole, with the reason', () => {
  it('refuses a CSV whose quote never closes, naming the row as pandas does', async () => {
    const t = await createTestApp();
    const project = await createProject(t, TEXT_CONFIG);
    for (const query of ['', '?commit_to_project=false']) {
      const response = await upload(t, project, 'broken.csv', 'text\n"hello, world\nsecond\n', query);
      await expectRefused(
        response,
        'broken.csv',
        'Error tokenizing data. C error: EOF inside string starting at row 1',
      );
    }
    const tsv = await upload(t, project, 'broken.tsv', 'text\nfine\n"open\n');
    await expectRefused(tsv, 'broken.tsv', 'Error tokenizing data. C error: EOF inside string starting at row 2');
    expectNothingKept(t, project);
  });

  it("refuses an empty CSV with Label Studio's message, and no path in it", async () => {
    const t = await createTestApp();
    const project = await createProject(t, TEXT_CONFIG);
    await expectRefused(await upload(t, project, 'empty.csv', ''), 'empty.csv', 'No columns to parse from file');
    expectNothingKept(t, project);
  });

  it('refuses an empty image or page: nothing to label, nothing imported', async () => {
    const t = await createTestApp();
    const images = await createProject(t, IMAGE_CONFIG);
    const why = 'the file is empty (0 bytes), so there is nothing in it to label';
    await expectRefused(await upload(t, images, 'empty.png', Buffer.alloc(0)), 'empty.png', why);
    expectNothingKept(t, images);
    const pages = await createProject(t, '<View><HyperText name="page" value="$page"/></View>');
    await expectRefused(await upload(t, pages, 'blank.html', ''), 'blank.html', why);
    expectNothingKept(t, pages);
  });
});
