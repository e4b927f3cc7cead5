import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';
import { countRows } from '../helpers/projectData.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/tasks.csv') res.writeHead(200, { 'Content-Type': 'text/csv' }).end('text\nfrom url\nsecond\n');
    else if (req.url === '/moved') res.writeHead(302, { Location: '/tasks.csv' }).end();
    else if (req.url === '/api/export?format=json') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"text": "typed"}]');
    } else if (req.url === '/big.txt') res.writeHead(200).end('x'.repeat(5000));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function createProject(t: TestApp): Promise<number> {
  const response = await t.withToken('/api/projects/', {
    method: 'POST',
    body: JSON.stringify({ label_config: '<View><Text name="text" value="$text"/></View>' }),
    headers: { 'Content-Type': 'application/json' },
  });
  return ((await response.json()) as { id: number }).id;
}

function importForm(t: TestApp, project: number, form: Record<string, string>) {
  return t.withToken(`/api/projects/${project}/import`, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}

// Which addresses an import may reach (SSRF): test/security/ssrf.test.ts.
describe('POST /api/projects/{id}/import with url=', () => {
  it('downloads a file (following redirects) into an upload when private addresses are allowed', async () => {
    const t = await createTestApp({ allowPrivateImportUrls: true });
    const project = await createProject(t);
    const response = await importForm(t, project, { url: `${base}/moved` });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      task_count: 2,
      found_formats: { '.csv': 1 },
      could_be_tasks_list: true,
    });
    const file = t.db.prepare('SELECT file FROM file_uploads').get() as { file: string };
    expect(file.file).toMatch(/^upload\/\d+\/[0-9a-f]{8}-tasks\.csv$/);
    const typed = await importForm(t, project, { url: `${base}/api/export?format=json` });
    expect(await typed.json()).toMatchObject({ task_count: 1, found_formats: { '.json': 1 } });
  });

  it('reports HTTP errors, the size limit, a missing url and inline JSON', async () => {
    const t = await createTestApp({ allowPrivateImportUrls: true, bodyLimitBytes: 4000 });
    const project = await createProject(t);
    await expectEnvelope(await importForm(t, project, { url: `${base}/missing.csv` }), 400, 'Validation error', {
      non_field_errors: [`404 Client Error: Not Found for url: ${base}/missing.csv`],
    });
    await expectEnvelope(await importForm(t, project, { url: `${base}/big.txt` }), 400, 'Validation error', {
      non_field_errors: ['Maximum total size of all files is 4000 bytes, current size is 5000 bytes'],
    });
    await expectEnvelope(await importForm(t, project, {}), 400, 'Validation error', {
      non_field_errors: ['"url" is not found in request data'],
    });
    const inline = await importForm(t, project, { url: '[{"text": "inline"}]' });
    expect(await inline.json()).toMatchObject({ task_count: 1, found_formats: { '.json': 1 } });
    expect(countRows(t.db, 'tasks')).toBe(1);
    // Single quotes make it JSON to the detection, but the text is stored as it came (Label Studio 1.22).
    const quoted = await importForm(t, project, { url: "[{'text': 'inline'}]" });
    expect(quoted.status).toBe(400);
    expect(countRows(t.db, 'tasks')).toBe(1);
  });
});
