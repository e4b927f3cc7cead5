import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { PNG } from '../helpers/syncPushFixtures.js';
import type { SyncTestRemote } from '../helpers/syncRemote.js';
import { CONFIG, expectedSet, label, runSyncCli, withLocalServer, type TaskSets } from './faultsFixtures.js';

/*
 * The push scenario of the fault tests: a remote project pulled once (without faults) into a
 * fresh data folder, then labeled offline through the local server with every kind of change
 * the outbox carries. Returns what the remote must hold afterwards, task by task, written down
 * here independently of the code under test. Task images are relative names, not URLs, so no
 * step tries to fetch them from the web (there is none here).
 */

export interface PushScenario {
  dataDir: string;
  remoteProject: number;
  expected: TaskSets;
}

const TASKS = 14;

export async function preparePushScenario(remote: SyncTestRemote, syncUrl: string): Promise<PushScenario> {
  const project = await remote.api<{ id: number }>('POST', '/api/projects/', { title: 'faults', label_config: CONFIG });
  const items = Array.from({ length: TASKS }, (_, index) => ({
    image: `images/${index}.png`,
    name: `t${index}`,
  }));
  const { task_ids: ids } = await remote.api<{ task_ids: number[] }>(
    'POST',
    `/api/projects/${project.id}/import?return_task_ids=true`,
    items,
  );
  const other = await remote.addUser(`other-${project.id}@example.org`);
  const post = (task: number, value: string, completedBy?: number) =>
    remote.api('POST', `/api/tasks/${ids[task]}/annotations/`, {
      result: label(value),
      ...(completedBy === undefined ? {} : { completed_by: completedBy }),
    });
  for (const [task, value] of [
    [0, 'a'],
    [1, 'a'],
    [2, 'a'],
    [3, 'b'],
    [5, 'a'],
  ] as const)
    await post(task, value);
  await post(4, 'c', other);

  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-faults-local-'));
  const first = await runSyncCli(dataDir, syncUrl, remote.token, project.id);
  expect(first.code, first.stderr).toBe(0);

  await withLocalServer(dataDir, async (call) => {
    const [local] = (await call<{ results: { id: number }[] }>('GET', '/api/projects/')).results;
    const list = await call<{ tasks: { id: number; data: { name: string }; annotations: { id: number }[] }[] }>(
      'GET',
      `/api/tasks/?project=${local!.id}&fields=all&page_size=1000`,
    );
    const byName = Object.fromEntries(list.tasks.map((task) => [task.data.name, task]));
    const task = (index: number) => byName[`t${index}`]!;
    const create = (index: number, value: string | null) =>
      call<{ id: number }>(
        'POST',
        `/api/tasks/${task(index).id}/annotations/`,
        value === null ? { result: [], was_cancelled: true } : { result: label(value) },
      );
    // Updates (one edited twice) and deletions of pulled annotations.
    await call('PATCH', `/api/annotations/${task(0).annotations[0]!.id}/`, { result: label('b') });
    await call('PATCH', `/api/annotations/${task(1).annotations[0]!.id}/`, { result: label('c') });
    await call('PATCH', `/api/annotations/${task(1).annotations[0]!.id}/`, { result: label('b') });
    await call('DELETE', `/api/annotations/${task(2).annotations[0]!.id}/`);
    await call('DELETE', `/api/annotations/${task(3).annotations[0]!.id}/`);
    // New ones: beside another person's, two on one task, one edited before the push, one
    // created and deleted before it (nothing to push), skips.
    await create(4, 'a');
    await create(6, 'a');
    await create(7, 'b');
    await create(7, 'c');
    const edited = await create(8, 'a');
    await call('PATCH', `/api/annotations/${edited.id}/`, { result: label('b') });
    const gone = await create(9, 'c');
    await call('DELETE', `/api/annotations/${gone.id}/`);
    await create(10, 'a');
    await create(11, null);
    await create(12, null);
    // A task created here from an uploaded image, labeled before it ever reached the remote.
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'photo.png');
    const imported = await call<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${local!.id}/import?return_task_ids=true`,
      form,
    );
    await call('POST', `/api/tasks/${imported.task_ids[0]}/annotations/`, { result: label('b') });
  });

  const expected: TaskSets = {
    t0: expectedSet([['b', false]]),
    t1: expectedSet([['b', false]]),
    t2: [],
    t3: [],
    t4: expectedSet([
      ['c', false],
      ['a', false],
    ]),
    t5: expectedSet([['a', false]]),
    t6: expectedSet([['a', false]]),
    t7: expectedSet([
      ['b', false],
      ['c', false],
    ]),
    t8: expectedSet([['b', false]]),
    t9: [],
    t10: expectedSet([['a', false]]),
    t11: expectedSet([[null, true]]),
    t12: expectedSet([[null, true]]),
    t13: [],
    'upload:photo.png': expectedSet([['b', false]]),
  };
  return { dataDir, remoteProject: project.id, expected };
}

/** The uploaded task's image is served by the remote itself, byte for byte. */
export async function expectUploadedImage(remote: SyncTestRemote, remoteProject: number): Promise<void> {
  const list = await remote.api<{ tasks: { data: { image: string; name?: string } }[] }>(
    'GET',
    `/api/tasks/?project=${remoteProject}&fields=all&page_size=1000`,
  );
  const uploaded = list.tasks.filter((task) => task.data.name === undefined);
  expect(uploaded).toHaveLength(1);
  const url = uploaded[0]!.data.image;
  expect(url).toMatch(new RegExp(`^/data/upload/${remoteProject}/[0-9a-f]{8}-photo\\.png$`));
  const image = await fetch(`${remote.url}${url}`, { headers: { Authorization: `Token ${remote.token}` } });
  expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
}
