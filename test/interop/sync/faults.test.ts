import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { LOST_ANSWERS, NOISE, ANNOTATIONS } from '../../sync/faultRules.js';
import { expectExactlyOnce, runSyncCli, syncUntilComplete, type SyncOutcome } from '../../sync/faultsFixtures.js';
import { expectUploadedImage, preparePushScenario } from '../../sync/faultsScenario.js';
import { labelStudioRemote } from './syncRig.js';

/*
 * The push scenario of test/sync/faultsPush.test.ts, against the real Label Studio behind the
 * fault proxy: answers lost after Label Studio acted on them, requests dropped before they reach
 * it, answers cut mid-body, 5xx. Once the faults stop, Label Studio holds exactly what was
 * labeled: no annotation twice, none lost, the new task once with its image.
 */
describe('pushing to the real Label Studio through a faulty network', () => {
  const ls = inject('labelStudio');
  const remote = labelStudioRemote(ls);
  let proxy: FaultProxy;
  const folders: string[] = [];

  beforeAll(async () => {
    proxy = await startFaultProxy(ls.url);
  });
  afterAll(async () => {
    await proxy?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('lands every change exactly once after faulty runs', async () => {
    const scenario = await preparePushScenario(remote, proxy.url);
    folders.push(scenario.dataDir);
    const sync = () => runSyncCli(scenario.dataDir, proxy.url, remote.token, scenario.remoteProject);

    proxy.setFaults(
      [
        { method: 'POST', path: ANNOTATIONS, action: { kind: 'status', status: 500 }, times: 5 },
        ...LOST_ANSWERS,
        ...NOISE,
      ],
      21,
    );
    const faulty: SyncOutcome[] = [await sync()];
    for (const seed of [22, 23]) {
      proxy.setFaults([...LOST_ANSWERS, ...NOISE], seed);
      faulty.push(await sync());
    }
    const injected = proxy.injected();
    for (const fault of [
      /^drop-response POST \/api\/tasks\/\d+\/annotations/,
      /^drop-response PATCH \/api\/annotations\//,
      /^drop-response DELETE \/api\/annotations\//,
      /^drop-response POST \/api\/projects\/\d+\/import\?.*return_task_ids/,
    ]) {
      expect(
        injected.some((line) => fault.test(line)),
        `${String(fault)} in ${injected.join('\n')}`,
      ).toBe(true);
    }
    expect(faulty.every((run) => run.signal === null)).toBe(true);

    proxy.clearFaults();
    const clean = await syncUntilComplete(scenario.dataDir, proxy.url, remote.token, scenario.remoteProject);
    expect(clean.at(-1)!.summary!.errors).toEqual([]);
    await expectExactlyOnce(remote, scenario.remoteProject, scenario.dataDir, scenario.expected);
    await expectUploadedImage(remote, scenario.remoteProject);

    const after = await sync();
    expect(after.summary!.pushed).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
    await expectExactlyOnce(remote, scenario.remoteProject, scenario.dataDir, scenario.expected);
  }, 300_000);
});
