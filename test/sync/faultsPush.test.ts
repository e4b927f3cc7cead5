import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { expectExactlyOnce, runSyncCli, syncUntilComplete, type SyncOutcome } from './faultsFixtures.js';
import { ANNOTATION, ANNOTATIONS, LOST_ANSWERS, NOISE } from './faultRules.js';
import { expectUploadedImage, preparePushScenario } from './faultsScenario.js';

/*
 * Pushes through a faulty network: `outpost sync` runs against a proxy that loses answers after
 * the remote has acted on them, drops requests before they arrive, cuts answers mid-body and
 * answers 5xx/429 itself. Runs may fail; once the faults stop, syncing until a run completes
 * must leave the remote with exactly what was labeled: nothing twice, nothing lost.
 */

describe('sync pushes through a faulty network exactly once', () => {
  let remote: RemoteOutpost;
  let proxy: FaultProxy;
  const folders: string[] = [];

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    proxy = await startFaultProxy(remote.url);
  });

  afterAll(async () => {
    await proxy?.close();
    await remote?.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('new, updated, deleted and skipped annotations and a new image task: faulty runs, then clean runs', async () => {
    const scenario = await preparePushScenario(remote, proxy.url);
    folders.push(scenario.dataDir);
    const sync = () => runSyncCli(scenario.dataDir, proxy.url, remote.token, scenario.remoteProject);

    // Run 1: every POST of an annotation fails five times (more than a run retries), so those rows
    // outlive the run; the lost answers and the noise hit the rest.
    proxy.setFaults(
      [
        { method: 'POST', path: ANNOTATIONS, action: { kind: 'status', status: 500 }, times: 5 },
        ...LOST_ANSWERS,
        ...NOISE,
      ],
      11,
    );
    const faulty: SyncOutcome[] = [await sync()];
    // Runs 2 and 3: the lost answers again (on whatever is left), and more noise.
    for (const seed of [12, 13]) {
      proxy.setFaults([...LOST_ANSWERS, ...NOISE], seed);
      faulty.push(await sync());
    }
    const injected = proxy.injected();
    for (const fault of [
      /^status 500 POST \/api\/tasks\/\d+\/annotations/,
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

    // And a further run has nothing left to send.
    const after = await sync();
    expect(after.code, after.stderr).toBe(0);
    expect(after.summary!.pushed).toEqual({ annotations: 0, updates: 0, deletions: 0, tasks: 0 });
    await expectExactlyOnce(remote, scenario.remoteProject, scenario.dataDir, scenario.expected);
  }, 180_000);

  it('rides out 429 (with Retry-After), 503, a dropped connect and answers cut mid-body within one run', async () => {
    const scenario = await preparePushScenario(remote, proxy.url);
    folders.push(scenario.dataDir);
    const before = proxy.log.length;
    proxy.setFaults([
      // The connect step too: a 503 for the version, a dropped request for whoami.
      { method: 'GET', path: /^\/api\/version/, action: { kind: 'status', status: 503 }, times: 1 },
      { method: 'GET', path: /^\/api\/current-user\/whoami/, action: { kind: 'drop-request' }, times: 1 },
      { method: 'POST', path: ANNOTATIONS, action: { kind: 'status', status: 429, retryAfter: '1' }, times: 2 },
      { method: 'PATCH', path: ANNOTATION, action: { kind: 'status', status: 503 }, times: 2 },
      { method: 'DELETE', path: ANNOTATION, action: { kind: 'status', status: 503, retryAfter: '0' }, times: 1 },
      { method: 'POST', path: /\/import\?/, action: { kind: 'status', status: 429, retryAfter: '0' }, times: 1 },
      { method: 'GET', path: /^\/api\/tasks\/\?/, action: { kind: 'status', status: 503 }, times: 2 },
      // Answers cut off after their headers: a created annotation (the retry meets a 409) and a page.
      { method: 'POST', path: ANNOTATIONS, action: { kind: 'cut-response' }, times: 1 },
      { method: 'GET', path: /^\/api\/tasks\/\?/, action: { kind: 'cut-response' }, times: 1 },
    ]);
    const run = await runSyncCli(scenario.dataDir, proxy.url, remote.token, scenario.remoteProject);
    proxy.clearFaults();
    expect(run.code, run.stderr).toBe(0);
    expect(run.summary!.pushed).toEqual({ annotations: 7, skips: 2, updates: 2, deletions: 2, tasks: 1 });
    expect(run.summary!.errors).toEqual([]);
    const seen = proxy.log.slice(before);
    const rejected = seen.filter((entry) => entry.faults.some((fault) => /^status (429|503)/.test(fault)));
    expect(rejected).toHaveLength(9);
    expect(seen.filter((entry) => entry.faults.includes('cut-response'))).toHaveLength(2);
    expect(seen.filter((entry) => entry.faults.includes('drop-request'))).toHaveLength(1);
    await expectExactlyOnce(remote, scenario.remoteProject, scenario.dataDir, scenario.expected);
    await expectUploadedImage(remote, scenario.remoteProject);
  }, 120_000);
});
