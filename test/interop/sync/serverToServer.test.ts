import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import type { SyncTestRemote } from '../../helpers/syncRemote.js';
import { runSyncCli } from '../../sync/faultsFixtures.js';
import {
  COPIED_PROJECT_FIELDS,
  copyUntilComplete,
  expectCopiedOnce,
  KNOWN_COPY_DIFFERENCES,
  localProjectOf,
  PROJECT_CREATE,
  runCopyCli,
  seedSource,
  TASK_IMPORT,
  UPLOAD_FILES,
  type SeededSource,
} from '../../sync/serverCopyFixtures.js';
import { startLabelStudio, type LabelStudioServer } from '../labelStudio.js';
import { addLabelStudioUser, labelStudioApi, labelStudioRemote } from './syncRig.js';

/*
 * Server to server between two real Label Studio 1.22 servers: a project pulled from the suite's
 * Label Studio is copied with `outpost sync copy` to a second one started here (its own port and
 * data folder), through a proxy that loses the answers of the project's creation, of a file
 * upload and of a batch import once each. The target's JSON export must equal the source's except
 * for ids, times and KNOWN_COPY_DIFFERENCES (serverCopyFixtures.ts, and docs/sync.md), with
 * every task, annotation, prediction and file there exactly once.
 */

describe('copying a project between two Label Studio servers', () => {
  const ls = inject('labelStudio');
  const source = labelStudioRemote(ls);
  let targetServer: LabelStudioServer;
  let target: SyncTestRemote;
  let proxy: FaultProxy;
  let dataDir: string;
  let seeded: SeededSource;

  beforeAll(async () => {
    targetServer = await startLabelStudio();
    target = labelStudioRemote(targetServer);
    proxy = await startFaultProxy(targetServer.url);
    dataDir = mkdtempSync(join(tmpdir(), 'outpost-interop-copy-'));
    const suffix = Date.now().toString(36);
    const ann = `ann-${suffix}@example.org`;
    const ghost = `ghost-${suffix}@example.org`;
    await addLabelStudioUser(labelStudioApi(ls), ann, 'Ann', 'Lee');
    await addLabelStudioUser(labelStudioApi(ls), ghost);
    await addLabelStudioUser(labelStudioApi(targetServer), ann, 'Ann', 'Lee');
    const me = (await source.api<{ email: string }>('GET', '/api/current-user/whoami')).email;
    seeded = await seedSource(source, { named: 60, uploads: 2, authors: [ann, ghost, me] });
    const pulled = await runSyncCli(dataDir, ls.url, ls.user.token, seeded.project);
    expect(pulled.code, pulled.stderr).toBe(0);
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    await targetServer?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports what the source exports, every object once, after lost answers', async () => {
    expect(KNOWN_COPY_DIFFERENCES.length).toBeGreaterThan(0);
    const local = localProjectOf(dataDir, seeded.project);
    proxy.setFaults([
      { method: 'POST', path: PROJECT_CREATE, action: { kind: 'drop-response' }, times: 1 },
      { method: 'POST', path: UPLOAD_FILES, action: { kind: 'drop-response' }, times: 1 },
      { method: 'POST', path: TASK_IMPORT, action: { kind: 'drop-response' }, times: 1 },
    ]);
    const first = await runCopyCli(dataDir, local, proxy.url, target.token);
    const injected = proxy.injected();
    expect(
      injected.filter((line) => line.startsWith('drop-response')),
      injected.join('\n'),
    ).toHaveLength(3);
    proxy.clearFaults();
    if (first.code !== 0) await copyUntilComplete(dataDir, local, proxy.url, target.token);
    const copied = await expectCopiedOnce(source, seeded, target);

    const settings = await target.api<Record<string, unknown>>('GET', `/api/projects/${copied}/`);
    const original = await source.api<Record<string, unknown>>('GET', `/api/projects/${seeded.project}/`);
    for (const field of COPIED_PROJECT_FIELDS) {
      expect(settings[field], field).toEqual(original[field]);
    }
  }, 300_000);
});
