import { describe, expect, it } from 'vitest';
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
import { ANNOTATION } from './faultRules.js';

/*
 * Found with killPush.test.ts's chosen kill points: `outpost sync` is killed after the remote
 * applied its PATCH but before the answer came back, then the annotation is deleted here. The
 * remote then holds our own edit, not one made there, so the next sync deletes it (it had
 * restored the annotation as "deleted here, edited there", and the deletion never reached it).
 */
describe('an edit whose answer was lost, then a deletion here', () => {
  const setup = useRemoteBehindProxy('outpost-kill-edit-');

  it('deletes it there once, with no conflict', async () => {
    const { remote, proxy, dataDir } = setup;
    const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
      title: 'edit then delete',
      label_config: CONFIG,
    });
    const { task_ids: ids } = await remote.api<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${project.id}/import?return_task_ids=true`,
      [{ image: 'images/0.png', name: 'k0' }],
    );
    await remote.api('POST', `/api/tasks/${ids[0]}/annotations/`, { result: label('a') });
    expect((await runSyncCli(dataDir, proxy.url, remote.token, project.id)).code).toBe(0);
    const [annotation] = localState(dataDir, project.id).annotations;

    await withLocalServer(dataDir, (call) =>
      call('PATCH', `/api/annotations/${annotation!.id}/`, { result: label('c') }),
    );
    proxy.setFaults([{ method: 'PATCH', path: ANNOTATION, times: 1, action: { kind: 'hold', at: 'response' } }]);
    const held = proxy.nextHeld();
    const child = spawnSyncCli(dataDir, proxy.url, remote.token, project.id);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await held;
    child.kill('SIGKILL');
    await exited;
    proxy.clearFaults();

    await withLocalServer(dataDir, (call) => call('DELETE', `/api/annotations/${annotation!.id}/`));
    await syncUntilComplete(dataDir, proxy.url, remote.token, project.id);
    await expectExactlyOnce(remote, project.id, dataDir, { k0: expectedSet([]) });
    expect(localState(dataDir, project.id).conflicts).toEqual([]);
    // Six `outpost sync` and server processes start in turn: seconds each on a loaded CI machine.
  }, 120_000);
});
