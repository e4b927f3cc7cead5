import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conflict } from '../../shared/api/conflicts.js';
import { openDatabase } from '../../electron/core/db/open.js';
import { createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { runSyncCli, withLocalServer, type Call } from './faultsFixtures.js';

/*
 * Two edits of one annotation, one here and one on the remote (a second Outpost), through whole
 * syncs (push, pull, push of the merge) by the CLI. Different regions merge with no conflict and
 * both sides end holding both edits; one region changed differently on both sides is a conflict
 * that names it, while the regions that did not clash still merge.
 */

const CONFIG = `<View><Text name="text" value="$text"/>
<Labels name="ner" toName="text"><Label value="Person"/><Label value="Place"/></Labels>
<TextArea name="note" toName="text" perRegion="true"/></View>`;

type Item = Record<string, unknown>;

const span = (id: string, start: number, label: string): Item => ({
  id,
  from_name: 'ner',
  to_name: 'text',
  type: 'labels',
  value: { start, end: start + 3, labels: [label] },
});
const note = (id: string, start: number, text: string): Item => ({
  id,
  from_name: 'note',
  to_name: 'text',
  type: 'textarea',
  value: { start, end: start + 3, text: [text] },
});

const BASE = [span('s1', 0, 'Person'), note('s1', 0, 'first'), span('s2', 8, 'Place')];

interface RemoteAnnotation {
  id: number;
  result: Item[];
  updated_at: string;
}

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

  it('merges edits of different regions, pushes the merge, and then has nothing left to do', async () => {
    const { projectId, taskIds } = await createRemoteProject(remote, ['merge me', 'clash me'], {
      label_config: CONFIG,
    });
    const annotations: RemoteAnnotation[] = [];
    for (const task of taskIds) {
      annotations.push(await remote.api<RemoteAnnotation>('POST', `/api/tasks/${task}/annotations/`, { result: BASE }));
    }
    expect((await runSyncCli(dataDir, remote.url, remote.token, projectId)).code).toBe(0);

    // Here: s1's span moves in "merge me"; in "clash me" s1 is relabelled and s2 moved.
    const here = {
      merge: [span('s1', 1, 'Person'), BASE[1]!, BASE[2]!],
      clash: [span('s1', 0, 'Place'), BASE[1]!, span('s2', 9, 'Place')],
    };
    // There: s1's note and s2's label in "merge me"; s1 relabelled otherwise in "clash me".
    const there = {
      merge: [BASE[0]!, note('s1', 0, 'second'), span('s2', 8, 'Person')],
      clash: [span('s1', 0, 'Person'), note('s1', 0, 'first'), BASE[2]!].map((item, index) =>
        index === 0 ? { ...item, value: { start: 0, end: 5, labels: ['Person'] } } : item,
      ),
    };
    await withLocalServer(dataDir, async (call: Call) => {
      const tasks = (
        await call<{ tasks: { data: { text: string }; annotations: { id: number }[] }[] }>(
          'GET',
          '/api/tasks/?project=1&fields=all',
        )
      ).tasks;
      const localId = (text: string) => tasks.find((task) => task.data.text === text)!.annotations[0]!.id;
      await call('PATCH', `/api/annotations/${localId('merge me')}/`, { result: here.merge });
      await call('PATCH', `/api/annotations/${localId('clash me')}/`, { result: here.clash });
    });
    await remote.api('PATCH', `/api/annotations/${annotations[0]!.id}/`, { result: there.merge });
    await remote.api('PATCH', `/api/annotations/${annotations[1]!.id}/`, { result: there.clash });

    const outcome = await runSyncCli(dataDir, remote.url, remote.token, projectId);
    expect(outcome.code).toBe(0);
    expect(outcome.summary?.conflicts).toBe(1);

    // "merge me": both edits, the same on both sides, in the base's order.
    const merged = [span('s1', 1, 'Person'), note('s1', 0, 'second'), span('s2', 8, 'Person')];
    const remoteMerged = await remote.api<RemoteAnnotation>('GET', `/api/annotations/${annotations[0]!.id}/`);
    expect(remoteMerged.result).toEqual(merged);
    // "clash me": the mirror is their s1 with our s2 (pushed there too); ours is kept beside it.
    const theirsMerged = [there.clash[0]!, BASE[1]!, span('s2', 9, 'Place')];
    const remoteClash = await remote.api<RemoteAnnotation>('GET', `/api/annotations/${annotations[1]!.id}/`);
    expect(remoteClash.result).toEqual(theirsMerged);
    expect(localResults()).toEqual([
      ['clash me', here.clash],
      ['clash me', theirsMerged],
      ['merge me', merged],
    ]);
    expect(pendingRows()).toBe(0);

    // The conflicts API names the clashing region with both values and counts the merged one.
    const conflicts = await withLocalServer(dataDir, (call: Call) =>
      call<Conflict[]>('GET', '/api/outpost/conflicts/'),
    );
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      kind: 'edited_on_both_sides',
      local: { result: here.clash },
      remote: { result: theirsMerged },
      regions: { clashes: [{ kind: 'item', here: here.clash[0], there: there.clash[0] }], merged: 1 },
    });

    // A second sync finds nothing to do: no change either side, no conflict.
    const again = await runSyncCli(dataDir, remote.url, remote.token, projectId);
    expect(again.code).toBe(0);
    expect(again.summary?.conflicts).toBe(0);
    expect(Object.values(again.summary?.pushed ?? {}).every((count) => count === 0)).toBe(true);
    expect(localResults()).toEqual([
      ['clash me', here.clash],
      ['clash me', theirsMerged],
      ['merge me', merged],
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
    expect(task.annotations.map((annotation) => annotation.result)).toEqual([theirsMerged, here.clash]);
    expect(pendingRows()).toBe(0);
  });
});
