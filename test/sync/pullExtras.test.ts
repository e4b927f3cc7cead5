import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import {
  choice,
  createRemoteProject,
  startRemoteOutpost,
  type RemoteOutpost,
  syncDepsOf,
} from '../helpers/syncRemote.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * What the remote's task list does not show, pulled from its export of the same tasks: drafts of
 * every author (the list gives only the caller's own), the prediction snapshot an annotation
 * keeps, and the annotation's unique_id. The local export then lists them as the remote's does,
 * and a draft deleted there is deleted here on the next pull of its task.
 */

type Json = Record<string, unknown>;
const SNAPSHOT = { id: 7, result: choice('pos'), score: 0.5, model_version: 'v1' };

interface ExportedTask {
  data: { text: string };
  drafts: Json[];
  annotations: Json[];
}

/** Drafts and annotation extras by task text, without local ids. */
function extrasOf(tasks: ExportedTask[]) {
  return Object.fromEntries(
    tasks.map((task) => [
      task.data.text,
      {
        drafts: task.drafts
          .map((draft) => ({
            created_username: String(draft.created_username).replace(/, \d+$/, ''),
            result: draft.result,
            lead_time: draft.lead_time,
            created_at: draft.created_at,
            updated_at: draft.updated_at,
          }))
          .sort((a, b) => a.created_username.localeCompare(b.created_username)),
        annotations: task.annotations.map((annotation) => ({
          prediction: annotation.prediction,
          unique_id: annotation.unique_id,
        })),
      },
    ]),
  );
}

describe('pulling drafts, prediction snapshots and unique ids', () => {
  let remote: RemoteOutpost;
  let t: TestApp;
  let deps: SyncDeps;
  let remoteId: number;
  let remoteProject: number;
  let taskIds: number[];
  let patDraft: number;

  /** Writes into the remote's database what its API cannot (another person's draft, a snapshot). */
  function remoteDb<T>(write: (db: ReturnType<typeof openDatabase>) => T): T {
    const db = openDatabase(join(remote.dataDir, 'outpost.db'));
    try {
      return write(db);
    } finally {
      db.close();
    }
  }

  const remoteExport = () =>
    remote.api<ExportedTask[]>('GET', `/api/projects/${remoteProject}/export?exportType=JSON&download_all_tasks=true`);
  const localExport = async () => {
    const project = t.db.prepare('SELECT project FROM remote_projects').pluck().get() as number;
    const response = await t.withToken(`/api/projects/${project}/export?exportType=JSON&download_all_tasks=true`);
    expect(response.status).toBe(200);
    return (await response.json()) as ExportedTask[];
  };

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    const pat = await remote.addUser('pat@example.com', 'Pat', 'Other');
    ({ projectId: remoteProject, taskIds } = await createRemoteProject(remote, ['one', 'two']));
    const annotation = await remote.api<{ id: number }>('POST', `/api/tasks/${taskIds[0]}/annotations/`, {
      result: choice('pos'),
    });
    await remote.api('POST', `/api/tasks/${taskIds[0]}/drafts`, { result: choice('neg'), lead_time: 2.5 });
    patDraft = remoteDb((db) => {
      db.prepare('UPDATE annotations SET prediction = ? WHERE id = ?').run(JSON.stringify(SNAPSHOT), annotation.id);
      const now = new Date().toISOString();
      return Number(
        db
          .prepare(
            `INSERT INTO drafts (task, project, user, result, lead_time, created_at, updated_at)
             VALUES (?, ?, ?, ?, 1.5, ?, ?)`,
          )
          .run(taskIds[1], remoteProject, pat, JSON.stringify(choice('pos')), now, now).lastInsertRowid,
      );
    });
    t = await createTestApp();
    deps = syncDepsOf(t);
    ({ id: remoteId } = await addRemote(deps, { url: remote.url, token: remote.token }));
  });
  afterAll(async () => {
    await remote?.stop();
  });

  it("brings every author's drafts, the snapshots and the unique ids on the first pull", async () => {
    const result = await runSync(deps, remoteId, { projects: [remoteProject] });
    expect(result.summary.errors).toEqual([]);
    const expected = extrasOf(await remoteExport());
    expect(expected.one!.annotations).toEqual([{ prediction: SNAPSHOT, unique_id: expect.any(String) }]);
    expect(expected.two!.drafts).toHaveLength(1);
    expect(extrasOf(await localExport())).toEqual(expected);
  });

  it('removes a draft deleted there when its task is pulled again', async () => {
    remoteDb((db) => db.prepare('DELETE FROM drafts WHERE id = ?').run(patDraft));
    await remote.api('PATCH', `/api/tasks/${taskIds[1]}/`, { meta: { touched: true } });
    const result = await runSync(deps, remoteId);
    expect(result.summary.errors).toEqual([]);
    const local = extrasOf(await localExport());
    expect(local.two!.drafts).toEqual([]);
    expect(local).toEqual(extrasOf(await remoteExport()));
  });
});
