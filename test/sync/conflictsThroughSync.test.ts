import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/core/db/open.js';
import { choice, createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { runSyncCli, withLocalServer } from './faultsFixtures.js';

/*
 * Conflicts as a whole sync meets them (push first, then pull), through the CLI: a deletion here
 * against an edit there, and edits on both sides. Nothing is lost, and each is recorded.
 */
describe('conflicts through a whole sync', () => {
  let remote: RemoteOutpost;
  let dataDir: string;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-local-conflicts-'));
  });

  afterAll(async () => {
    await remote?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('restores an annotation deleted here but edited there, keeps both edits, and records both', async () => {
    const { projectId, taskIds } = await createRemoteProject(remote, ['one', 'two']);
    const remoteIds: number[] = [];
    for (const task of taskIds) {
      remoteIds.push(
        (await remote.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, { result: choice('pos') })).id,
      );
    }
    expect((await runSyncCli(dataDir, remote.url, remote.token, projectId)).code).toBe(0);

    await withLocalServer(dataDir, async (call) => {
      const tasks = (
        await call<{ tasks: { data: { text: string }; annotations: { id: number }[] }[] }>(
          'GET',
          '/api/tasks/?project=1&fields=all',
        )
      ).tasks;
      const local = (text: string) => tasks.find((task) => task.data.text === text)!.annotations[0]!.id;
      await call('DELETE', `/api/annotations/${local('one')}/`);
      await call('PATCH', `/api/annotations/${local('two')}/`, { result: choice('neg') });
    });
    await remote.api('PATCH', `/api/annotations/${remoteIds[0]}/`, { result: choice('neg') });
    await remote.api('PATCH', `/api/annotations/${remoteIds[1]}/`, { result: [] });

    const outcome = await runSyncCli(dataDir, remote.url, remote.token, projectId);
    expect(outcome.code).toBe(0);
    expect(outcome.summary?.conflicts).toBe(2);

    // The remote kept its edits: nothing was deleted or overwritten there.
    expect((await remote.api<{ result: unknown }>('GET', `/api/annotations/${remoteIds[0]}/`)).result).toEqual(
      choice('neg'),
    );
    expect((await remote.api<{ result: unknown }>('GET', `/api/annotations/${remoteIds[1]}/`)).result).toEqual([]);

    const db = openDatabase(join(dataDir, 'outpost.db'));
    try {
      const kinds = db.prepare('SELECT kind FROM sync_conflicts ORDER BY kind').pluck().all();
      expect(kinds).toEqual(['deleted_here_edited_there', 'edited_on_both_sides']);
      const results = db
        .prepare(
          "SELECT t.data ->> 'text' AS text, a.result FROM annotations a JOIN tasks t ON t.id = a.task ORDER BY text, a.id",
        )
        .all() as { text: string; result: string }[];
      // "one" is back with their edit; "two" holds both versions side by side.
      expect(results.map((row) => [row.text, JSON.parse(row.result)])).toEqual([
        ['one', choice('neg')],
        ['two', choice('neg')],
        ['two', []],
      ]);
      expect(db.prepare('SELECT count(*) FROM sync_outbox WHERE done_at IS NULL').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });
});
