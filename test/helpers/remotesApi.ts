import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createFileTokenVault, type TokenVault } from '../../electron/core/sync/tokenVault.js';
import { syncRunListSchema, type SyncRun } from '../../shared/api/remotes.js';
import { spawnCli, type SpawnedCli } from './spawnCli.js';
import { createTestApp, type TestApp } from './testApp.js';

/*
 * The contract test of /api/outpost/remotes/: an in-process Outpost, a second Outpost (a real
 * process on 127.0.0.1) as the remote, and every response kept to check that no token leaked.
 */

export const REMOTE_KEYS = [
  'created_at',
  'id',
  'last_run',
  'name',
  'pending_changes',
  'remote_user_email',
  'remote_version',
  'sync_interval_minutes',
  'token_kind',
  'updated_at',
  'url',
];
export const RUN_KEYS = [
  'conflict_projects',
  'errors',
  'finished_at',
  'id',
  'phase',
  'remote',
  'started_at',
  'stats',
  'status',
];

/** A port that accepts connections and never answers: a remote stuck mid-request. */
export async function stalledServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

export interface RemotesApiSession {
  remote: SpawnedCli;
  remoteProjectId: number;
  remoteEmail: string;
  t: TestApp;
  vault: TokenVault;
  /** What the file vault printed (its one-time warning). */
  warnings: string[];
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  post(path: string, json?: unknown): Promise<Response>;
  patch(path: string, json: unknown): Promise<Response>;
  waitForRun(remoteId: number, runId: number): Promise<SyncRun>;
  /** Stops the remote, then checks no response carried one of its tokens. */
  close(): Promise<void>;
}

export async function startRemotesApiSession(): Promise<RemotesApiSession> {
  const remoteDir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
  const remote = await spawnCli(['serve', '--data', remoteDir, '--port', '0']);
  const headers = { Authorization: `Token ${remote.token}`, 'Content-Type': 'application/json' };
  const project = await fetch(`${remote.url}/api/projects/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Remote birds', label_config: '<View><Text name="t" value="$text"/></View>' }),
  });
  const remoteProjectId = ((await project.json()) as { id: number }).id;
  const remoteEmail = (
    (await (await fetch(`${remote.url}/api/current-user/whoami`, { headers })).json()) as { email: string }
  ).email;
  const t = await createTestApp();
  const warnings: string[] = [];
  const vault = createFileTokenVault({ dataDir: t.deps.dataDir, codec: null, warn: (line) => warnings.push(line) });
  t.deps.tokenVault = vault;
  const seen: string[] = [];

  async function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const { json, ...rest } = init;
    const response = await t.withToken(path, {
      ...rest,
      ...(json === undefined ? {} : { body: JSON.stringify(json), headers: { 'Content-Type': 'application/json' } }),
    });
    seen.push(await response.clone().text());
    return response;
  }

  async function waitForRun(remoteId: number, runId: number): Promise<SyncRun> {
    for (;;) {
      const runs = syncRunListSchema.parse(await (await call(`/api/outpost/remotes/${remoteId}/runs`)).json());
      const run = runs.find((item) => item.id === runId);
      if (run && run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    remote,
    remoteProjectId,
    remoteEmail,
    t,
    vault,
    warnings,
    call,
    post: (path, json) => call(path, { method: 'POST', json }),
    patch: (path, json) => call(path, { method: 'PATCH', json }),
    waitForRun,
    async close() {
      await remote.stop();
      rmSync(remoteDir, { recursive: true, force: true });
      for (const text of seen) {
        expect(text).not.toContain(remote.token);
        expect(text).not.toContain(remote.pat);
      }
    },
  };
}
