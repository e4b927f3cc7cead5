import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, type FaultRule } from '../helpers/faultProxy.js';
import { type RemoteOutpost } from '../helpers/syncRemote.js';
import { NOISE } from './faultRules.js';
import {
  copyUntilComplete,
  expectCopiedOnce,
  localProjectOf,
  PROJECT_CREATE,
  runCopyCli,
  TASK_IMPORT,
  UPLOAD_FILES,
  type CopyOutcome,
  type SeededSource,
} from './serverCopyFixtures.js';
import { openCopyRig, type CopyRig } from './serverCopyRig.js';

/*
 * A copy through a faulty network: the target's proxy loses the answers of the project's
 * creation, of file uploads and of batch imports after the target acted, drops requests, cuts
 * answers mid-body and answers 5xx itself. Runs may fail and are started again (which resumes
 * the copy); once one completes, the target holds everything exactly once.
 */

const LOST_COPY_ANSWERS: FaultRule[] = [
  { method: 'POST', path: PROJECT_CREATE, action: { kind: 'drop-response' }, times: 1 },
  { method: 'POST', path: UPLOAD_FILES, action: { kind: 'drop-response' }, times: 1 },
  { method: 'POST', path: UPLOAD_FILES, action: { kind: 'drop-request' }, times: 1 },
  { method: 'POST', path: TASK_IMPORT, action: { kind: 'drop-response' }, times: 2 },
  { method: 'POST', path: TASK_IMPORT, action: { kind: 'cut-response' }, times: 1 },
];

describe('a copy through a faulty network', () => {
  let rig: CopyRig;
  let source: RemoteOutpost;
  let target: RemoteOutpost;
  let proxy: FaultProxy;
  let dataDir: string;
  let seeded: SeededSource;

  beforeAll(async () => {
    rig = await openCopyRig({
      named: 110,
      uploads: 3,
      authors: ['ann@example.org', 'ghost@example.org'],
      targetAuthors: ['ann@example.org'],
    });
    ({ source, target, proxy, dataDir, seeded } = rig);
  }, 120_000);

  afterAll(() => rig?.close());

  it('ends with everything on the target exactly once', async () => {
    const local = localProjectOf(dataDir, seeded.project);
    const runs: CopyOutcome[] = [];
    for (const seed of [31, 32, 33, 34]) {
      proxy.setFaults([...LOST_COPY_ANSWERS, ...NOISE], seed);
      runs.push(await runCopyCli(dataDir, local, proxy.url, target.token));
      if (runs.at(-1)!.code === 0) break;
    }
    const injected = proxy.injected();
    for (const fault of [
      /^drop-response POST \/api\/projects\/$/,
      /^drop-response POST \/api\/projects\/\d+\/import\?.*commit_to_project=false/,
      /^drop-response POST \/api\/projects\/\d+\/import\?.*return_task_ids=true/,
      /^cut-response POST \/api\/projects\/\d+\/import\?.*return_task_ids=true/,
    ]) {
      expect(
        injected.some((line) => fault.test(line)),
        `${String(fault)} in ${injected.join('\n')}`,
      ).toBe(true);
    }
    proxy.clearFaults();
    if (runs.at(-1)!.code !== 0) runs.push(...(await copyUntilComplete(dataDir, local, proxy.url, target.token)));
    // Whoever sent the ghost's annotations said they were credited to the token's user.
    const notes = runs.flatMap((run) => run.summary?.errors.map((error) => error.item) ?? []);
    expect(notes).toContain('author ghost@example.org');
    await expectCopiedOnce(source, seeded, target);
  }, 240_000);
});
