import { describe, expect, it } from 'vitest';
import { seededRandom, type FaultRule } from '../helpers/faultProxy.js';
import { ANNOTATION, ANNOTATIONS } from './faultRules.js';
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
 * `outpost sync` SIGKILLed at chosen points of a push. Each round labels more offline (new
 * annotations, an edit and a deletion of annotations already on the remote), then starts a sync
 * through a proxy that holds one chosen write (the Nth POST, PATCH or DELETE of the run), either
 * before the remote sees it or after the remote has acted with its answer kept back, and kills the
 * process once the proxy holds it: no clock decides where the kill lands. A final sync without
 * faults must leave the remote with exactly what was labeled, and the local database must pass
 * `PRAGMA integrity_check`.
 */

const TASKS = 30;

interface KillPoint {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** Writes of that method let through first. */
  skip: number;
  at: 'request' | 'response';
}

const KILL_POINTS: KillPoint[] = [
  { method: 'POST', skip: 0, at: 'request' },
  { method: 'POST', skip: 3, at: 'response' },
  { method: 'PATCH', skip: 0, at: 'response' },
  { method: 'DELETE', skip: 0, at: 'request' },
  { method: 'DELETE', skip: 0, at: 'response' },
  { method: 'PATCH', skip: 0, at: 'request' },
];

function holdAt({ method, skip, at }: KillPoint): FaultRule {
  return { method, path: method === 'POST' ? ANNOTATIONS : ANNOTATION, skip, times: 1, action: { kind: 'hold', at } };
}

describe('a push killed at chosen points', () => {
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
    // Enough annotations on the remote for every round to edit one and delete another.
    for (let index = 0; index < 2 * KILL_POINTS.length; index += 1) {
      await remote.api('POST', `/api/tasks/${ids[index]}/annotations/`, { result: label('a') });
    }
    const first = await runSyncCli(dataDir, proxy.url, remote.token, project.id);
    expect(first.code, first.stderr).toBe(0);

    // What the annotator's work is, by local annotation id: its task's key and its choice.
    const labeled = new Map<number, { key: string; value: string }>();
    const random = seededRandom(7);
    const rounds: (KillPoint & { killed: boolean; writesSent: number; pendingAfter: number })[] = [];

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

    // Each annotation is edited or deleted once at most, so every round's writes are new ones;
    // killEditThenDelete.test.ts covers an edit whose answer was lost, then a deletion of it.
    const touched = new Set<number>();
    for (const [round, point] of KILL_POINTS.entries()) {
      // Edits and deletions of annotations the remote has, so each round's push sends both.
      const onRemote = localState(dataDir, project.id)
        .annotations.filter((row) => row.remote_annotation_id !== null && labeled.has(row.id) && !touched.has(row.id))
        .map((row) => row.id);
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
        const edit = onRemote[Math.floor(random() * onRemote.length)]!;
        await call('PATCH', `/api/annotations/${edit}/`, { result: label('c') });
        labeled.set(edit, { ...labeled.get(edit)!, value: 'c' });
        const others = onRemote.filter((id) => id !== edit);
        const removed = others[Math.floor(random() * others.length)]!;
        touched.add(edit).add(removed);
        await call('DELETE', `/api/annotations/${removed}/`);
        labeled.delete(removed);
      });

      proxy.setFaults([holdAt(point)]);
      const before = proxy.log.length;
      const held = proxy.nextHeld();
      const child = spawnSyncCli(dataDir, proxy.url, remote.token, project.id);
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      );
      const reached = await Promise.race([held.then(() => true), exited.then(() => false)]);
      child.kill('SIGKILL');
      const signal = await exited;
      proxy.clearFaults();
      const sent = proxy.log.slice(before);
      expect(
        reached,
        `round ${round}: the run never sent ${JSON.stringify(point)}; it sent ${JSON.stringify(sent)}`,
      ).toBe(true);
      rounds.push({
        ...point,
        killed: signal === 'SIGKILL',
        writesSent: sent.filter((entry) => entry.method !== 'GET').length,
        pendingAfter: localState(dataDir, project.id).pending.length,
      });
    }

    // Every kill came mid-push: at its write, with that write and later ones still pending.
    for (const round of rounds) {
      expect(round.killed, JSON.stringify(round)).toBe(true);
      expect(round.writesSent, JSON.stringify(round)).toBeGreaterThan(0);
      expect(round.pendingAfter, JSON.stringify(round)).toBeGreaterThan(0);
    }

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
