import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy } from '../helpers/faultProxy.js';
import { type RemoteOutpost } from '../helpers/syncRemote.js';
import { expectCopiedOnce, localProjectOf, runCopyCli, TASK_IMPORT, type SeededSource } from './serverCopyFixtures.js';
import { openCopyRig, type CopyRig } from './serverCopyRig.js';

/*
 * A copy whose project was deleted on the target before the copy finished: resuming it would
 * import into a project that is gone, so it starts over in a new one and says so.
 */

describe('a copy whose target project was deleted midway', () => {
  let rig: CopyRig;
  let source: RemoteOutpost;
  let target: RemoteOutpost;
  let proxy: FaultProxy;
  let dataDir: string;
  let seeded: SeededSource;

  beforeAll(async () => {
    rig = await openCopyRig({ named: 8, uploads: 1, authors: ['ann@example.org'], targetAuthors: ['ann@example.org'] });
    ({ source, target, proxy, dataDir, seeded } = rig);
  }, 120_000);

  afterAll(() => rig?.close());

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
