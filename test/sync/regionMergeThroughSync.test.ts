import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conflict } from '../../shared/api/conflicts.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { runSyncCli, withLocalServer, type Call } from './faultsFixtures.js';
import {
  BASE,
  HERE,
  MERGED,
  REGION_MERGE_CONFIG as CONFIG,
  THEIRS_MERGED,
  THERE,
  type Item,
} from './regionMergeScenario.js';

/*
 * Two edits of one annotation, one here and one on the remote (a second Outpost), through whole
 * syncs (push, pull, push of the merge) by the CLI. Different regions merge with no conflict and
 * both sides end holding both edits; one region changed differently on both sides is a conflict
 * that names it, while the regions that did not clash still merge.
 */

interface RemoteAnnotation {
  id: number;
  result: Item[];
  updated_at: string;
}

const CASE = { timeout: 150_000 };

describe('region merge through a whole sync', () => {
  let remote: RemoteOutpost;
  let dataDir: string;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-local-region-merge-'));
  });

  afterAll(async () => {
    await remote?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const localResults = () => {
    const db = openDatabase(join(dataDir, 'outpost.db'));
    try {
      const rows = db
        .prepare(
          "SELECT t.data ->> 'text' AS text, a.result FROM annotations a JOIN tasks t ON t.id = a.task ORDER BY text, a.id",
        )
        .all() as { text: string; result: string }[];
      return rows.map((row) => [row.text, JSON.parse(row.result) as Item[]] as const);
    } finally {
      db.close();
    }
  };
  const pendingRows = () => {
    const db = openDatabase(join(dataDir, 'outpost.db'));
    try {
      return db.prepare('SELECT count(*) FROM sync_outbox WHERE done_at IS NULL').pluck().get();
    } finally {
      db.close();
    }
  };

  // Four syncs by the CLI and three local servers, each a process of its own: about 10 s alone, 26 s
  // with a loaded machine, and past the default 60 s bound once with every core many times over.
  it('merges edits of different regions, pushes the merge, and then has nothing left to do', CASE, async () => {
    const { projectId, taskIds } = await createRemoteProject(remote, ['merge me', 'clash me'], {
      label_config: CONFIG,
    });
    const annotations: RemoteAnnotation[] = [];
    for (const task of taskIds) {
      annotations.push(await remote.api<RemoteAnnotation>('POST', `/api/tasks/${task}/annotations/`, { result: BASE }));
    }
    expect((await runSyncCli(dataDir, remote.url, remote.token, projectId)).code).toBe(0);

    // Here: s1's span moves in "merge me"; in "clash me" s1 is relabelled and s2 moved. There:
    // s1's note and s2's label in "merge me"; s1 relabelled otherwise in "clash me".
    await withLocalServer(dataDir, async (call: Call) => {
      const tasks = (
        await call<{ tasks: { data: { text: string }; annotations: { id: number }[] }[] }>(
          'GET',
          '/api/tasks/?project=1&fields=all',
        )
      ).tasks;
      const localId = (text: string) => tasks.find((task) => task.data.text === text)!.annotations[0]!.id;
      await call('PATCH', `/api/annotations/${localId('merge me')}/`, { result: HERE.merge });
      await call('PATCH', `/api/annotations/${localId('clash me')}/`, { result: HERE.clash });
    });
    await remote.api('PATCH', `/api/annotations/${annotations[0]!.id}/`, { result: THERE.merge });
    await remote.api('PATCH', `/api/annotations/${annotations[1]!.id}/`, { result: THERE.clash });

    const outcome = await runSyncCli(dataDir, remote.url, remote.token, projectId);
    expect(outcome.code).toBe(0);
    expect(outcome.summary?.conflicts).toBe(1);

    // "merge me": both edits, the same on both sides, in the base's order.
    const remoteMerged = await remote.api<RemoteAnnotation>('GET', `/api/annotations/${annotations[0]!.id}/`);
    expect(remoteMerged.result).toEqual(MERGED);
    // "clash me": the mirror is their s1 with our s2 (pushed there too); ours is kept beside it.
    const remoteClash = await remote.api<RemoteAnnotation>('GET', `/api/annotations/${annotations[1]!.id}/`);
    expect(remoteClash.result).toEqual(THEIRS_MERGED);
    expect(localResults()).toEqual([
      ['clash me', HERE.clash],
      ['clash me', THEIRS_MERGED],
      ['merge me', MERGED],
    ]);
    expect(pendingRows()).toBe(0);

    // The conflicts API names the clashing region with both values and counts the merged one.
    const conflicts = await withLocalServer(dataDir, (call: Call) =>
      call<Conflict[]>('GET', '/api/outpost/conflicts/'),
    );
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      kind: 'edited_on_both_sides',
      local: { result: HERE.clash },
      remote: { result: THEIRS_MERGED },
      regions: { clashes: [{ kind: 'item', here: HERE.clash[0], there: THERE.clash[0] }], merged: 1 },
    });

    // A second sync finds nothing to do: no change either side, no conflict.
    const again = await runSyncCli(dataDir, remote.url, remote.token, projectId);
    expect(again.code).toBe(0);
    expect(again.summary?.conflicts).toBe(0);
    expect(Object.values(again.summary?.pushed ?? {}).every((count) => count === 0)).toBe(true);
    expect(localResults()).toEqual([
      ['clash me', HERE.clash],
      ['clash me', THEIRS_MERGED],
      ['merge me', MERGED],
    ]);
    const after = await remote.api<RemoteAnnotation>('GET', `/api/annotations/${annotations[0]!.id}/`);
    expect(after.updated_at).toBe(remoteMerged.updated_at);
    expect(pendingRows()).toBe(0);

    // Keep both: our version (with the merged region too) joins theirs on the remote.
    await withLocalServer(dataDir, (call: Call) =>
      call('POST', `/api/outpost/conflicts/${conflicts[0]!.id}/resolve`, { resolution: 'keep_both' }),
    );
    expect((await runSyncCli(dataDir, remote.url, remote.token, projectId)).summary?.conflicts).toBe(0);
    const task = await remote.api<{ annotations: { result: Item[] }[] }>('GET', `/api/tasks/${taskIds[1]!}/`);
    expect(task.annotations.map((annotation) => annotation.result)).toEqual([THEIRS_MERGED, HERE.clash]);
    expect(pendingRows()).toBe(0);
  });
});
