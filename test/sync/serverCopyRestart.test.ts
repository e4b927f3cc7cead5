import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.js';
import { startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { runSyncCli } from './faultsFixtures.js';
import {
  expectCopiedOnce,
  localProjectOf,
  runCopyCli,
  seedSource,
  TASK_IMPORT,
  type SeededSource,
} from './serverCopyFixtures.js';

/*
 * A copy whose project was deleted on the target before the copy finished: resuming it would
 * import into a project that is gone, so it starts over in a new one and says so.
 */

describe('a copy whose target project was deleted midway', () => {
  let source: RemoteOutpost;
  let target: RemoteOutpost;
  let proxy: FaultProxy;
  let dataDir: string;
  let seeded: SeededSource;

  beforeAll(async () => {
    [source, target] = await Promise.all([startRemoteOutpost(), startRemoteOutpost()]);
    proxy = await startFaultProxy(target.url);
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-copy-restart-'));
    await source.addUser('ann@example.org');
    await target.addUser('ann@example.org');
    seeded = await seedSource(source, { named: 8, uploads: 1, authors: ['ann@example.org'] });
    const pulled = await runSyncCli(dataDir, source.url, source.token, seeded.project);
    expect(pulled.code, pulled.stderr).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([source?.stop(), target?.stop()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts over in a new project, once', async () => {
    const local = localProjectOf(dataDir, seeded.project);
    // The target refuses every task import: the run creates the project, uploads the file, fails.
    proxy.setFaults([{ method: 'POST', path: TASK_IMPORT, action: { kind: 'status', status: 500 }, times: 100 }]);
    const failed = await runCopyCli(dataDir, local, proxy.url, target.token);
    expect(failed.code).toBe(1);
    const gone = failed.summary!.target_project!;
    await target.api('DELETE', `/api/projects/${gone}/`);
    proxy.clearFaults();

    const resumed = await runCopyCli(dataDir, local, proxy.url, target.token);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.summary!.errors.map((error) => error.item)).toEqual([`project ${gone}`]);
    // (Outpost may hand the new project the deleted one's id: SQLite reuses the highest id.)
    expect(await expectCopiedOnce(source, seeded, target)).toBe(resumed.summary!.target_project);
  }, 120_000);
});
