import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import { makePng } from '../helpers/labelingMedia.js';
import { choice, startRemoteOutpost, type RemoteOutpost, syncDepsOf } from '../helpers/syncRemote.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * A pulled task keeps the server's updated_at and updater, and names the upload it came from,
 * as the server's export does; a pull is nobody's edit and happens at no time of the server's.
 * The project keeps the server's created_at and creator.
 */

const CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="pos"/></Choices></View>';

interface ExportedTask {
  updated_at: string;
  updated_by: number | null;
  file_upload?: string | null;
}

describe('task fields a pull keeps as the server has them', () => {
  let remote: RemoteOutpost;
  let t: TestApp;
  let remoteProject: number;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    remoteProject = (
      await remote.api<{ id: number }>('POST', '/api/projects/', { title: 'Origin', label_config: CONFIG })
    ).id;
    const form = new FormData();
    form.append('file', new Blob([makePng(3, 3)], { type: 'image/png' }), 'origin.png');
    const imported = await fetch(`${remote.url}/api/projects/${remoteProject}/import?return_task_ids=true`, {
      method: 'POST',
      headers: { Authorization: `Token ${remote.token}` },
      body: form,
    });
    const [task] = ((await imported.json()) as { task_ids: number[] }).task_ids;
    // Someone else made the project there (Outpost has no API to say so: its database is told).
    const pat = await remote.addUser('pat@example.com', 'Pat', 'Other');
    const db = openDatabase(join(remote.dataDir, 'outpost.db'));
    try {
      db.prepare("UPDATE projects SET created_by = ?, created_at = '2025-03-04T05:06:07.123456Z' WHERE id = ?").run(
        pat,
        remoteProject,
      );
    } finally {
      db.close();
    }
    await remote.api('POST', `/api/tasks/${task}/annotations/`, {
      result: choice('pos').map((r) => ({ ...r, to_name: 'image' })),
    });
    t = await createTestApp();
    // The local clock is far from the remote's: a pull time would show.
    t.advanceSeconds(86_400 * 30);
    const deps: SyncDeps = syncDepsOf(t);
    const { id } = await addRemote(deps, { url: remote.url, token: remote.token });
    expect((await runSync(deps, id, { projects: [remoteProject] })).summary.errors).toEqual([]);
  });
  afterAll(async () => {
    await remote?.stop();
  });

  it("exports updated_at, updated_by and file_upload as the server's export gives them", async () => {
    const [theirs] = await remote.api<ExportedTask[]>('GET', `/api/projects/${remoteProject}/export?exportType=JSON`);
    const project = t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
    const response = await t.withToken(`/api/projects/${project}/export?exportType=JSON`);
    const [ours] = (await response.json()) as ExportedTask[];
    expect(theirs!.file_upload).toMatch(/-origin\.png$/);
    expect(theirs!.updated_by).not.toBeNull();
    const pick = (task: ExportedTask) => ({
      updated_at: task.updated_at,
      updated_by: task.updated_by === null ? null : 'the token user',
      file_upload: task.file_upload,
    });
    expect(pick(ours!)).toEqual(pick(theirs!));
    expect(ours!.updated_by).toBe(t.userId);
  });

  it('keeps the time the project was made there and who made it', async () => {
    const theirs = await remote.api<{ created_at: string; created_by: { email: string } }>(
      'GET',
      `/api/projects/${remoteProject}/`,
    );
    const project = t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
    const response = await t.withToken(`/api/projects/${project}/`);
    const ours = (await response.json()) as { created_at: string; created_by: { email: string } };
    expect(theirs.created_by.email).toBe('pat@example.com');
    expect({ created_at: ours.created_at, creator: ours.created_by.email }).toEqual({
      created_at: theirs.created_at,
      creator: theirs.created_by.email,
    });
  });
});
