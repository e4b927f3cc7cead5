import { describe, expect, it } from 'vitest';
import { ANNOTATION } from './faultRules.js';
import {
  CONFIG,
  localState,
  runSyncCli,
  spawnSyncCli,
  syncUntilComplete,
  useRemoteBehindProxy,
  withLocalServer,
} from './faultsFixtures.js';

/*
 * A merge by region is pushed by the same guarded PATCH as any edit. `outpost sync` is SIGKILLed
 * while that PATCH is held by a proxy, before the remote sees it and after the remote applied it
 * with its answer kept back. The next sync finishes the job exactly once: the remote holds the
 * merge in its one annotation, nothing is a conflict, and a further sync changes nothing.
 */

const item = (id: string, value: string) => ({
  id,
  from_name: 'label',
  to_name: 'image',
  type: 'choices',
  value: { choices: [value] },
});

describe('a merge push killed mid-flight', () => {
  const setup = useRemoteBehindProxy('outpost-kill-merge-');

  it.each(['request', 'response'] as const)(
    'lands once after a kill at the %s',
    async (at) => {
      const { remote, proxy, dataDir } = setup;
      const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
        title: `merge killed at the ${at}`,
        label_config: CONFIG,
      });
      const { task_ids: ids } = await remote.api<{ task_ids: number[] }>(
        'POST',
        `/api/projects/${project.id}/import?return_task_ids=true`,
        [{ image: 'images/0.png', name: 'k0' }],
      );
      const there = await remote.api<{ id: number }>('POST', `/api/tasks/${ids[0]}/annotations/`, {
        result: [item('r1', 'a'), item('r2', 'a')],
      });
      expect((await runSyncCli(dataDir, proxy.url, remote.token, project.id)).code).toBe(0);
      const [annotation] = localState(dataDir, project.id).annotations;

      await withLocalServer(dataDir, (call) =>
        call('PATCH', `/api/annotations/${annotation!.id}/`, { result: [item('r1', 'b'), item('r2', 'a')] }),
      );
      await remote.api('PATCH', `/api/annotations/${there.id}/`, { result: [item('r1', 'a'), item('r2', 'c')] });

      // The run's only PATCH is the merge's: the push before the pull sees the remote changed and waits.
      proxy.setFaults([{ method: 'PATCH', path: ANNOTATION, times: 1, action: { kind: 'hold', at } }]);
      const held = proxy.nextHeld();
      const child = spawnSyncCli(dataDir, proxy.url, remote.token, project.id);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await held;
      child.kill('SIGKILL');
      await exited;
      proxy.clearFaults();

      const merged = [item('r1', 'b'), item('r2', 'c')];
      await syncUntilComplete(dataDir, proxy.url, remote.token, project.id);
      const list = await remote.api<{
        tasks: { annotations: { id: number; result: unknown; updated_at: string }[] }[];
      }>('GET', `/api/tasks/?project=${project.id}&fields=all`);
      expect(list.tasks[0]!.annotations.map((held) => [held.id, held.result])).toEqual([[there.id, merged]]);
      const state = localState(dataDir, project.id);
      expect(state.conflicts).toEqual([]);
      expect(state.pending).toEqual([]);
      expect(state.integrity).toBe('ok');
      expect(state.annotations.map((local) => JSON.parse(local.result) as unknown)).toEqual([merged]);

      const again = await runSyncCli(dataDir, proxy.url, remote.token, project.id);
      expect(again.code).toBe(0);
      expect(again.summary?.conflicts).toBe(0);
      const after = await remote.api<{ updated_at: string }>('GET', `/api/annotations/${there.id}/`);
      expect(after.updated_at).toBe(list.tasks[0]!.annotations[0]!.updated_at);
      // Several `outpost sync` and server processes start in turn: seconds each on a loaded CI machine.
    },
    120_000,
  );
});
