import { describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/faultProxy.js';
import {
  CONFIG,
  expectedSet,
  expectExactlyOnce,
  label,
  localState,
  runSyncCli,
  spawnSyncCli,
  syncUntilComplete,
  withLocalServer,
  useRemoteBehindProxy,
} from './faultsFixtures.js';

/*
 * `outpost sync` SIGKILLed at random points of a push. Each round labels more offline (new
 * annotations, an edit and a deletion of earlier ones), then starts a sync through a proxy that
 * slows every request down, and kills the process a seeded random delay after its first request
 * reaches the remote. A final sync without faults must leave the remote with exactly what was
 * labeled, and the local database must pass `PRAGMA integrity_check`.
 */

const TASKS = 30;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ROUNDS = 6;

describe('a push killed at random points', () => {
  const setup = useRemoteBehindProxy('outpost-kill-');

  it('resumes exactly once after each SIGKILL, and the local database stays sound', async () => {
    const { remote, proxy, dataDir } = setup;
    const project = await remote.api<{ id: number }>('POST', '/api/projects/', { title: 'kill', label_config: CONFIG });
    const items = Array.from({ length: TASKS }, (_, index) => ({
      image: `images/${index}.png`,
      name: `k${index}`,
    }));
    const { task_ids: ids } = await remote.api<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${project.id}/import?return_task_ids=true`,
      items,
    );
    for (let index = 0; index < 5; index += 1) {
      await remote.api('POST', `/api/tasks/${ids[index]}/annotations/`, { result: label('a') });
    }
    const first = await runSyncCli(dataDir, proxy.url, remote.token, project.id);
    expect(first.code, first.stderr).toBe(0);

    // What the annotator's work is, by local annotation id: its task's key and its choice.
    const labeled = new Map<number, { key: string; value: string }>();
    const random = seededRandom(7);
    const rounds: { delay: number; killed: boolean; writesSent: number; pendingAfter: number }[] = [];

    await withLocalServer(dataDir, async (call) => {
      const [local] = (await call<{ results: { id: number }[] }>('GET', '/api/projects/')).results;
      const list = await call<{ tasks: { id: number; data: { name: string }; annotations: { id: number }[] }[] }>(
        'GET',
        `/api/tasks/?project=${local!.id}&fields=all`,
      );
      for (const task of list.tasks) {
        for (const annotation of task.annotations) labeled.set(annotation.id, { key: task.data.name, value: 'a' });
      }
    });

    for (let round = 0; round < ROUNDS; round += 1) {
      await withLocalServer(dataDir, async (call) => {
        const [local] = (await call<{ results: { id: number }[] }>('GET', '/api/projects/')).results;
        const list = await call<{ tasks: { id: number; data: { name: string } }[] }>(
          'GET',
          `/api/tasks/?project=${local!.id}&page_size=1000`,
        );
        const byName = new Map(list.tasks.map((task) => [task.data.name, task.id]));
        for (let offset = 0; offset < 6; offset += 1) {
          const key = `k${(round * 6 + offset) % TASKS}`;
          const value = ['a', 'b', 'c'][(round + offset) % 3]!;
          const made = await call<{ id: number }>('POST', `/api/tasks/${byName.get(key)}/annotations/`, {
            result: label(value),
          });
          labeled.set(made.id, { key, value });
        }
        // An edit and a deletion of earlier work (pushed or not, depending on the last kill).
        const earlier = [...labeled.keys()];
        const edit = earlier[Math.floor(random() * (earlier.length - 6))]!;
        await call('PATCH', `/api/annotations/${edit}/`, { result: label('c') });
        labeled.set(edit, { ...labeled.get(edit)!, value: 'c' });
        const removed = earlier.filter((id) => id !== edit)[Math.floor(random() * (earlier.length - 7))]!;
        await call('DELETE', `/api/annotations/${removed}/`);
        labeled.delete(removed);
      });

      // Every request takes a while, so the kill lands somewhere inside the push (or its pull).
      proxy.setFaults([{ path: /^\/api\//, action: { kind: 'latency', ms: 40 } }]);
      const before = proxy.log.length;
      const delay = Math.round(random() * 1500);
      const child = spawnSyncCli(dataDir, proxy.url, remote.token, project.id);
      let ended = false;
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => {
          ended = true;
          resolve(signal);
        }),
      );
      // The delay counts from the run's first request (the connect), not from the spawn: how
      // long a process takes to start says nothing about where in the push the kill lands.
      while (!ended && proxy.log.length === before) await sleep(5);
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      const signal = await exited;
      clearTimeout(timer);
      proxy.clearFaults();
      const writesSent = proxy.log.slice(before).filter((entry) => entry.method !== 'GET').length;
      rounds.push({
        delay,
        killed: signal === 'SIGKILL',
        writesSent,
        pendingAfter: localState(dataDir, project.id).pending.length,
      });
    }

    // Some kills came mid-push: after some writes went out, with rows still pending.
    expect(
      rounds.some((round) => round.killed && round.writesSent > 0 && round.pendingAfter > 0),
      JSON.stringify(rounds),
    ).toBe(true);

    await syncUntilComplete(dataDir, proxy.url, remote.token, project.id);
    const expected: Record<string, [string, boolean][]> = Object.fromEntries(items.map((item) => [item.name, []]));
    for (const { key, value } of labeled.values()) expected[key]!.push([value, false]);
    await expectExactlyOnce(
      remote,
      project.id,
      dataDir,
      Object.fromEntries(Object.entries(expected).map(([key, list]) => [key, expectedSet(list)])),
    );
    expect(localState(dataDir, project.id).integrity).toBe('ok');
  }, 240_000);
});
