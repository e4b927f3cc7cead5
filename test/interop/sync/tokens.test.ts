import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { CLI_PATH } from '../../helpers/spawnCli.js';
import { startLabelStudio, type LabelStudioServer } from '../labelStudio.js';
import { snapshotProject } from './syncSnapshot.js';
import {
  CHOICES_CONFIG,
  choice,
  labelStudioApi,
  listTasks,
  startOutpost,
  type HttpJson,
  type OutpostServer,
} from './syncRig.js';

/*
 * Both token kinds against the real Label Studio. Its access tokens are made to live 4 s (its own
 * settings with simplejwt's lifetime changed, test/interop/python/interop_settings.py), and a
 * proxy slows every request, so a personal access token's access token expires during the sync:
 * once proactively (Outpost refreshes it before it runs out), and once while a request is held
 * in the proxy past its expiry, which Label Studio answers with its 401 and Outpost retries.
 */
const ACCESS_SECONDS = 4;

describe('syncing with either kind of Label Studio token', () => {
  let ls: LabelStudioServer;
  let remote: HttpJson;
  let proxy: FaultProxy;
  let outpost: OutpostServer;
  let projectId: number;

  beforeAll(async () => {
    ls = await startLabelStudio({ accessTokenLifetimeSeconds: ACCESS_SECONDS });
    remote = labelStudioApi(ls);
    proxy = await startFaultProxy(ls.url);
    outpost = await startOutpost();
    projectId = (
      await remote.call<{ id: number }>('POST', '/api/projects/', { title: 'Tokens', label_config: CHOICES_CONFIG })
    ).id;
    const { task_ids: ids } = await remote.call<{ task_ids: number[] }>(
      'POST',
      `/api/projects/${projectId}/import?return_task_ids=true`,
      ['alpha', 'beta', 'gamma'].map((text) => ({ data: { text } })),
    );
    await remote.call('POST', `/api/tasks/${ids[0]}/annotations/`, { result: choice('pos') });
  });
  afterAll(async () => {
    await outpost?.stop();
    await proxy?.close();
    await ls?.dispose();
  });

  it('pulls with the legacy token from the `outpost sync` command', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outpost-interop-cli-'));
    try {
      const args = [
        'sync',
        '--data',
        dataDir,
        '--remote',
        ls.url,
        '--token',
        ls.user.token,
        '--project',
        String(projectId),
        '--json',
      ];
      const { stdout } = await promisify(execFile)(process.execPath, [CLI_PATH, ...args]);
      expect(JSON.parse(stdout)).toMatchObject({ pulled: { projects: 1, tasks: 3, annotations: 1 }, errors: [] });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('pulls and pushes with a personal access token whose access tokens expire during the sync', async () => {
    const remoteId = await outpost.addRemote(proxy.url, ls.user.pat);
    proxy.log.length = 0;
    proxy.setFaults([
      // Held past the access token's life after Outpost attached it: Label Studio refuses it.
      {
        method: 'GET',
        path: new RegExp(`^/api/projects/${projectId}/?$`),
        action: { kind: 'latency', ms: (ACCESS_SECONDS + 1) * 1000 },
        times: 1,
      },
      // Every other call slowed, so the sync outlives more than one access token.
      { path: /^\/api\/(?!token\/refresh)/, action: { kind: 'latency', ms: 900 } },
    ]);
    const pulled = await outpost.sync(remoteId, [projectId]);
    expect(pulled.errors).toEqual([]);
    expect(pulled.status).toBe('completed');
    const calls = proxy.log.map((request) => `${request.method} ${request.path.split('?')[0]}`);
    // The held request went twice: refused with the stale token, then sent again with a fresh one;
    // and the slowed pull needed more than one access token.
    expect(calls.filter((call) => call === `GET /api/projects/${projectId}/`)).toHaveLength(2);
    expect(calls.filter((call) => call === 'POST /api/token/refresh/').length).toBeGreaterThanOrEqual(3);

    const local = await outpost.mirrorOf(remoteId, projectId);
    const [beta] = (
      await outpost.api.call<{ tasks: { id: number; data: { text: string } }[] }>('GET', `/api/tasks/?project=${local}`)
    ).tasks.filter((task) => task.data.text === 'beta');
    await outpost.api.call('POST', `/api/tasks/${beta!.id}/annotations/`, { result: choice('neg') });
    const pushed = await outpost.sync(remoteId);
    expect(pushed.errors).toEqual([]);
    expect(pushed.stats.pushed).toMatchObject({ annotations: 1 });

    proxy.clearFaults();
    const tasks = await listTasks(remote, projectId);
    expect(tasks.find((task) => task.data.text === 'beta')?.annotations.map((annotation) => annotation.result)).toEqual(
      [choice('neg')],
    );
    expect(await snapshotProject(outpost.api, local)).toEqual(await snapshotProject(remote, projectId));
  });
});
