import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/testApp.js';
import { insertExportedTasks, readGolden, readGoldenOutput } from '../helpers/exportData.js';

/**
 * The golden examples (docs/export-formats.md#test-fixtures), each loaded into a project with its
 * own ids, then exported over HTTP; the bytes must equal what the real Label Studio converter
 * wrote. `out/JSON` is the compact ujson form of the example's input (the easy export's JSON),
 * generated once from it.
 */
const CASES: [example: string, format: string, file: string][] = [
  ['image-bbox', 'JSON', 'result.json'],
  ['image-bbox', 'JSON_MIN', 'result.json'],
  ['image-bbox', 'CSV', 'result.csv'],
  ['image-bbox', 'TSV', 'result.csv'],
  ['text-ner', 'JSON', 'result.json'],
  ['text-ner', 'JSON_MIN', 'result.json'],
  ['text-ner', 'CSV', 'result.csv'],
  ['text-ner', 'TSV', 'result.csv'],
  ['text-ner', 'CONLL2003', 'result.conll'],
  ['choices', 'JSON', 'result.json'],
  ['choices', 'JSON_MIN', 'result.json'],
  ['choices', 'CSV', 'result.csv'],
  ['choices', 'TSV', 'result.csv'],
];

/** A project whose id is the example's (projects 1..n are created in order on a fresh database). */
async function goldenApp(example: string) {
  const app = await createTestApp();
  const { config, tasks } = readGolden(example);
  const projectId = tasks[0]!.project as number;
  for (let id = 1; id <= projectId; id += 1) {
    const response = await app.withToken('/api/projects', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: `Golden ${example}`, label_config: config }),
    });
    expect(response.status).toBe(201);
  }
  insertExportedTasks(app.db, projectId, tasks);
  return { app, projectId };
}

describe('golden exports', () => {
  it.each(CASES)('%s as %s matches the real converter byte for byte', async (example, format, file) => {
    const { app, projectId } = await goldenApp(example);
    const response = await app.withToken(
      `/api/projects/${projectId}/export?exportType=${format}&download_all_tasks=true`,
    );
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.toString('utf8')).toBe(readGoldenOutput(example, format, file).toString('utf8'));
    expect(body.equals(readGoldenOutput(example, format, file))).toBe(true);
  });
});
