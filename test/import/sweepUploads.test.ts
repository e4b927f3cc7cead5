import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepUploads } from '../../electron/core/domain/imports/sweepUploads.js';
import { createTestApp } from '../helpers/testApp.js';

const json = { 'Content-Type': 'application/json' };

async function projectWithUpload() {
  const t = await createTestApp();
  const created = await t.withToken('/api/projects/', { method: 'POST', body: '{}', headers: json });
  const project = ((await created.json()) as { id: number }).id;
  const form = new FormData();
  form.append('file', new Blob(['text\nrow\n']), 'kept.csv');
  await t.withToken(`/api/projects/${project}/import?commit_to_project=false`, { method: 'POST', body: form });
  return { t, project, folder: join(t.deps.uploadsDir, String(project)) };
}

describe('uploads folder housekeeping', () => {
  it('removes a deleted project’s media with it', async () => {
    const { t, project, folder } = await projectWithUpload();
    expect(readdirSync(folder)).toHaveLength(1);
    expect((await t.withToken(`/api/projects/${project}/`, { method: 'DELETE' })).status).toBe(204);
    expect(existsSync(folder)).toBe(false);
  });

  it('at startup drops half-received and never-committed files, keeping every recorded upload', async () => {
    const { t, folder } = await projectWithUpload();
    const [kept] = readdirSync(folder);
    writeFileSync(join(folder, 'deadbeef-orphan.jpg'), 'x');
    mkdirSync(join(t.deps.uploadsDir, '.incoming'), { recursive: true });
    writeFileSync(join(t.deps.uploadsDir, '.incoming', 'part'), 'x');
    expect(sweepUploads(t.db, t.deps.uploadsDir)).toEqual({ removed: 1 });
    expect(readdirSync(folder)).toEqual([kept]);
    expect(existsSync(join(t.deps.uploadsDir, '.incoming'))).toBe(false);
  });
});
