import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choice, createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { runSyncCli, withLocalServer } from './faultsFixtures.js';

/*
 * The ground-truth mark through whole syncs (push, then pull, through the CLI) with a second
 * Outpost as the remote. The mark is part of the version both sides agreed on, so setting or
 * clearing it on an annotation whose result nobody touched is a change like any other: pushed
 * from here, pulled from there, and, when the other side edited the result meanwhile, merged
 * with that edit.
 */
describe('ground truth through a whole sync', () => {
  let remote: RemoteOutpost;
  let dataDir: string;
  let projectId: number;
  const remoteIds: number[] = [];

  type LocalTasks = { tasks: { data: { text: string }; annotations: { id: number; ground_truth: boolean }[] }[] };
  const localMarks = () =>
    withLocalServer(dataDir, async (call) => {
      const { tasks } = await call<LocalTasks>('GET', '/api/tasks/?project=1&fields=all');
      return Object.fromEntries(
        tasks.map((task) => [task.data.text, task.annotations.map((annotation) => annotation.ground_truth)]),
      );
    });
  const remoteMark = async (id: number) =>
    (await remote.api<{ ground_truth: boolean }>('GET', `/api/annotations/${id}/`)).ground_truth;
  const sync = async () => {
    const outcome = await runSyncCli(dataDir, remote.url, remote.token, projectId);
    expect(outcome.code).toBe(0);
    return outcome.summary;
  };

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-local-ground-truth-'));
    const made = await createRemoteProject(remote, ['here', 'there', 'both']);
    projectId = made.projectId;
    for (const task of made.taskIds) {
      const body = { result: choice('pos') };
      remoteIds.push((await remote.api<{ id: number }>('POST', `/api/tasks/${task}/annotations/`, body)).id);
    }
    await sync();
  });

  afterAll(async () => {
    await remote?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pushes a mark set here and pulls one set there, with no annotation added', async () => {
    await withLocalServer(dataDir, async (call) => {
      const { tasks } = await call<LocalTasks>('GET', '/api/tasks/?project=1&fields=all');
      const here = tasks.find((task) => task.data.text === 'here')!.annotations[0]!.id;
      await call('PATCH', `/api/annotations/${here}/`, { ground_truth: true });
    });
    await remote.api('PATCH', `/api/annotations/${remoteIds[1]}/`, { ground_truth: true });

    const summary = await sync();
    expect(summary?.conflicts).toBe(0);
    expect(await remoteMark(remoteIds[0]!)).toBe(true);
    expect(await localMarks()).toEqual({ here: [true], there: [true], both: [false] });
  });

  it('clears a mark both ways', async () => {
    await withLocalServer(dataDir, async (call) => {
      const { tasks } = await call<LocalTasks>('GET', '/api/tasks/?project=1&fields=all');
      const there = tasks.find((task) => task.data.text === 'there')!.annotations[0]!.id;
      await call('PATCH', `/api/annotations/${there}/`, { ground_truth: false });
    });
    await remote.api('PATCH', `/api/annotations/${remoteIds[0]}/`, { ground_truth: false });

    expect((await sync())?.conflicts).toBe(0);
    expect(await remoteMark(remoteIds[1]!)).toBe(false);
    expect(await localMarks()).toEqual({ here: [false], there: [false], both: [false] });
  });

  it('a mark here against an edit there merges: one annotation, marked, with their edit', async () => {
    await withLocalServer(dataDir, async (call) => {
      const { tasks } = await call<LocalTasks>('GET', '/api/tasks/?project=1&fields=all');
      const both = tasks.find((task) => task.data.text === 'both')!.annotations[0]!.id;
      await call('PATCH', `/api/annotations/${both}/`, { ground_truth: true });
    });
    await remote.api('PATCH', `/api/annotations/${remoteIds[2]}/`, { result: choice('neg') });

    // The mark and the edit are different parts of the version: they merge, and the merge is pushed.
    expect((await sync())?.conflicts).toBe(0);
    expect(await remoteMark(remoteIds[2]!)).toBe(true);
    expect((await remote.api<{ result: unknown }>('GET', `/api/annotations/${remoteIds[2]}/`)).result).toEqual(
      choice('neg'),
    );
    expect((await localMarks()).both).toEqual([true]);
  });
});
