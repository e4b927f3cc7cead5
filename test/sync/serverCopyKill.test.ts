import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, type FaultRule } from '../helpers/faultProxy.js';
import { type RemoteOutpost } from '../helpers/syncRemote.js';
import {
  copyArgs,
  copyUntilComplete,
  expectCopiedOnce,
  localProjectOf,
  UPLOAD_FILES,
  TASK_IMPORT,
  PROJECT_CREATE,
  type SeededSource,
} from './serverCopyFixtures.js';
import { openCopyRig, type CopyRig } from './serverCopyRig.js';

/*
 * `outpost sync copy` SIGKILLed at chosen writes. The target sits behind a proxy that holds one
 * chosen write (the project's creation, a file upload, a batch's import), before the target sees
 * it or after it acted with its answer kept back, and the process is killed once the proxy holds
 * it: no clock decides where the kill lands. Each round resumes the copy the last one left. A
 * final run without faults must leave the target with one project holding every task, annotation,
 * prediction and file exactly once.
 */

interface KillPoint {
  path: RegExp;
  /** Matching writes let through first. */
  skip: number;
  at: 'request' | 'response';
}

// 3 uploads and 120 named tasks: three batches of 50, the uploads in the first.
const KILL_POINTS: KillPoint[] = [
  { path: PROJECT_CREATE, skip: 0, at: 'response' },
  { path: UPLOAD_FILES, skip: 0, at: 'request' },
  { path: UPLOAD_FILES, skip: 1, at: 'response' },
  { path: TASK_IMPORT, skip: 0, at: 'response' },
  { path: TASK_IMPORT, skip: 0, at: 'request' },
  { path: TASK_IMPORT, skip: 1, at: 'response' },
];

const hold = ({ path, skip, at }: KillPoint): FaultRule => ({
  method: 'POST',
  path,
  skip,
  times: 1,
  action: { kind: 'hold', at },
});

describe('a copy killed at chosen points', () => {
  let rig: CopyRig;
  let source: RemoteOutpost;
  let target: RemoteOutpost;
  let proxy: FaultProxy;
  let dataDir: string;
  let seeded: SeededSource;

  beforeAll(async () => {
    rig = await openCopyRig({
      named: 120,
      uploads: 3,
      authors: ['ann@example.org'],
      targetAuthors: ['ann@example.org'],
    });
    ({ source, target, proxy, dataDir, seeded } = rig);
  }, 120_000);

  afterAll(() => rig?.close());

  it('resumes exactly once after each SIGKILL', async () => {
    const local = localProjectOf(dataDir, seeded.project);
    const rounds: { point: KillPoint; reached: boolean; killed: boolean }[] = [];
    for (const point of KILL_POINTS) {
      proxy.setFaults([hold(point)]);
      const held = proxy.nextHeld();
      const child = spawn(process.execPath, copyArgs(dataDir, local, proxy.url, target.token), { stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      );
      const reached = await Promise.race([held.then(() => true), exited.then(() => false)]);
      child.kill('SIGKILL');
      const signal = await exited;
      proxy.clearFaults();
      rounds.push({ point, reached, killed: signal === 'SIGKILL' });
    }
    for (const round of rounds) {
      expect(round, JSON.stringify(round.point.path.source)).toMatchObject({ reached: true, killed: true });
    }

    const runs = await copyUntilComplete(dataDir, local, proxy.url, target.token);
    expect(runs).toHaveLength(1);
    await expectCopiedOnce(source, seeded, target);
  }, 240_000);
});
