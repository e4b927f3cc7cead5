import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileTokenVault } from '../../electron/core/sync/tokenVault.js';
import { syncRunListSchema, type SyncRun } from '../../shared/api/remotes.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { waitUntil } from '../helpers/eventually.js';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/*
 * `POST /api/outpost/remotes/{id}/sync` with a list of projects: a list past the limit is refused
 * before the remote hears anything, and a project named many times costs the remote what naming
 * it once costs. The remote is a second Outpost behind a proxy that logs every request it gets.
 */

describe('the project list of a sync request', () => {
  let remoteDir: string;
  let remote: SpawnedCli;
  let proxy: FaultProxy;
  let remoteProject: number;

  beforeAll(async () => {
    remoteDir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
    remote = await spawnCli(['serve', '--data', remoteDir, '--port', '0']);
    const headers = { Authorization: `Token ${remote.token}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${remote.url}/api/projects/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Remote words', label_config: '<View><Text name="t" value="$text"/></View>' }),
    });
    remoteProject = ((await created.json()) as { id: number }).id;
    await fetch(`${remote.url}/api/projects/${remoteProject}/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify([{ text: 'one' }, { text: 'two' }, { text: 'three' }]),
    });
    proxy = await startFaultProxy(remote.url);
  });

  afterAll(async () => {
    await proxy?.close();
    await remote?.stop();
    rmSync(remoteDir, { recursive: true, force: true });
  });

  async function localWithRemote(): Promise<{ t: TestApp; remoteId: number }> {
    const t = await createTestApp();
    t.deps.tokenVault = createFileTokenVault({ dataDir: t.deps.dataDir, codec: null, warn: () => undefined });
    const added = await t.withToken('/api/outpost/remotes/', {
      method: 'POST',
      body: JSON.stringify({ url: proxy.url, token: remote.token }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(added.status).toBe(201);
    return { t, remoteId: ((await added.json()) as { id: number }).id };
  }

  const requestSync = (t: TestApp, remoteId: number, projects: number[]) =>
    t.withToken(`/api/outpost/remotes/${remoteId}/sync`, {
      method: 'POST',
      body: JSON.stringify({ projects }),
      headers: { 'Content-Type': 'application/json' },
    });

  /** Polls the run list until the run has ended (the run goes on in the background). */
  async function finishedRun(t: TestApp, remoteId: number, runId: number): Promise<SyncRun> {
    return waitUntil(async () => {
      const runs = syncRunListSchema.parse(await (await t.withToken(`/api/outpost/remotes/${remoteId}/runs`)).json());
      const run = runs.find((item) => item.id === runId);
      return run && run.status !== 'running' ? run : null;
    }, `sync run ${runId} to end`);
  }

  /** How many requests the remote got for one whole run of `projects`, on a fresh local Outpost. */
  async function requestsForRun(projects: number[]): Promise<{ count: number; run: SyncRun }> {
    const { t, remoteId } = await localWithRemote();
    const before = proxy.log.length;
    const started = await requestSync(t, remoteId, projects);
    expect(started.status).toBe(201);
    const run = await finishedRun(t, remoteId, ((await started.json()) as { id: number }).id);
    return { count: proxy.log.length - before, run };
  }

  it('refuses more than 1000 projects with a 400 that names the limit, before any request to the remote', async () => {
    const { t, remoteId } = await localWithRemote();
    const before = proxy.log.length;
    const response = await requestSync(
      t,
      remoteId,
      Array.from({ length: 20_000 }, () => remoteProject),
    );
    await expectEnvelope(response, 400, 'Validation error', {
      projects: ['Ensure this field has no more than 1000 elements.'],
    });
    expect(proxy.log.length).toBe(before);
    // Nothing is left running: the next sync starts.
    const next = await requestSync(t, remoteId, [remoteProject]);
    expect(next.status).toBe(201);
    await finishedRun(t, remoteId, ((await next.json()) as { id: number }).id);
  });

  it('syncs a project named 1000 times once: the remote gets the requests of a single naming', async () => {
    const once = await requestsForRun([remoteProject]);
    const repeated = await requestsForRun(Array.from({ length: 1000 }, () => remoteProject));
    expect(once.run.status).toBe('completed');
    expect(repeated.run.status).toBe('completed');
    expect(repeated.run.stats).toMatchObject({ pulled: { projects: 1, tasks: 3 } });
    expect(repeated.count).toBe(once.count);
  });
});
