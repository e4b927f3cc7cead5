import { describe, expect, it } from 'vitest';
import { insertExportedTasks, readGolden } from '../helpers/exportData.js';
import { insertPrediction } from '../helpers/projectData.js';
import { createTestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };

/**
 * The easy JSON export writes task text directly (a fast path), while snapshots build task
 * objects. Both must agree on every key and value, in order, so neither can drift alone.
 */
describe('JSON export: fast text path and object path agree', () => {
  it.each(['choices', 'image-bbox', 'text-ner'])('%s', async (example) => {
    const t = await createTestApp();
    const { config, tasks } = readGolden(example);
    const project = Math.max(...tasks.map((task) => task.project as number));
    for (let id = 1; id <= project; id += 1) {
      const body = JSON.stringify({ title: `Project ${id}`, label_config: config });
      expect((await t.withToken('/api/projects', { method: 'POST', headers: json, body })).status).toBe(201);
    }
    insertExportedTasks(t.db, project, tasks);
    insertPrediction(t.db, tasks[0]!.id as number, project);

    const easy = await t.withToken(`/api/projects/${project}/export?exportType=JSON&download_all_tasks=true`);
    expect(easy.status).toBe(200);
    const snapshot = await t.withToken(`/api/projects/${project}/exports/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ serialization_options: { drafts: { only_id: false } } }),
    });
    const { id } = (await snapshot.json()) as { id: number };
    const download = await t.withToken(`/api/projects/${project}/exports/${id}/download?exportType=JSON`);
    expect(download.status).toBe(200);

    // Parse and re-serialize both: JSON.stringify keeps key order, so order and values are compared.
    const fromText = JSON.stringify(JSON.parse(await easy.text()));
    const fromObjects = JSON.stringify(JSON.parse(await download.text()));
    expect(fromText).toBe(fromObjects);
    expect((JSON.parse(fromText) as unknown[]).length).toBe(tasks.length);
  });
});
