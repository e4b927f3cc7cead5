import { syncDepsOf } from '../helpers/syncRemote.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../electron/core/domain/errors.js';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import type { SyncPhase, SyncProgress } from '../../electron/core/sync/syncTypes.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';
import { createTestApp } from '../helpers/testApp.js';

/** runSync's bookkeeping in sync_runs, against a second Outpost as the remote. */

const ZERO_STATS = {
  pulled: { projects: 0, tasks: 0, annotations: 0, predictions: 0, media: 0 },
  pushed: { annotations: 0, updates: 0, deletions: 0, tasks: 0 },
  conflicts: 0,
};

function recordingProgress(onPhase?: (phase: SyncPhase) => void) {
  const phases: string[] = [];
  const errors: string[] = [];
  const progress: SyncProgress = {
    phase: (phase, detail) => {
      phases.push(detail ? `${phase} ${detail}` : phase);
      onPhase?.(phase);
    },
    items: () => undefined,
    error: (item, message) => errors.push(`${item}: ${message}`),
  };
  return { progress, phases, errors };
}

describe('runSync', () => {
  let remoteDir: string;
  let remote: SpawnedCli;

  beforeAll(async () => {
    remoteDir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
    remote = await spawnCli(['serve', '--data', remoteDir, '--port', '0']);
  });
  afterAll(async () => {
    await remote?.stop();
    rmSync(remoteDir, { recursive: true, force: true });
  });

  /** A local Outpost with the remote added (by its legacy token). */
  async function localWithRemote() {
    const t = await createTestApp();
    const deps: SyncDeps = syncDepsOf(t);
    const { id } = await addRemote(deps, { url: remote.url, token: remote.token });
    const runRow = (runId: number) =>
      t.db.prepare('SELECT * FROM sync_runs WHERE id = ?').get(runId) as Record<string, unknown>;
    return { t, deps, remoteId: id, runRow };
  }

  it('records a completed run: connect, push (nothing journaled), no projects to pull', async () => {
    const { t, deps, remoteId, runRow } = await localWithRemote();
    t.db.prepare("UPDATE remotes SET remote_version = 'old', remote_user_email = NULL WHERE id = ?").run(remoteId);
    const { progress, phases, errors } = recordingProgress();
    let startedRun: number | undefined;
    const result = await runSync(deps, remoteId, { progress, onRunStarted: (id) => (startedRun = id) });
    expect(result).toEqual({ runId: startedRun, status: 'completed', summary: { ...ZERO_STATS, errors: [] } });
    expect(phases).toEqual([`connect ${remote.url}`, 'push', 'editor', 'done']);
    expect(errors).toEqual([]);
    const row = runRow(result.runId);
    expect(row).toMatchObject({ remote: remoteId, status: 'completed', phase: 'done', errors: '[]' });
    expect(JSON.parse(row.stats as string)).toEqual(ZERO_STATS);
    expect(row.finished_at).toEqual(expect.any(String));
    // Step 1 stored what the remote said about itself and the token's user.
    const stored = t.db.prepare('SELECT remote_version, remote_user_id, remote_user_email FROM remotes').get();
    expect(stored).toEqual({
      remote_version: '1.22.0',
      remote_user_id: expect.any(Number),
      remote_user_email: expect.stringContaining('@'),
    });
  });

  it('lists a project that fails to pull, goes on with the others, and marks the run failed', async () => {
    const { deps, remoteId, runRow } = await localWithRemote();
    const { progress, phases, errors } = recordingProgress();
    const result = await runSync(deps, remoteId, { projects: [987654, 987655], progress });
    expect(result.status).toBe('failed');
    expect(phases).toEqual([
      `connect ${remote.url}`,
      'push',
      // Each step once, named by the run (the CLI used to print each pull line twice).
      'pull project 987654 (1 of 2)',
      'pull project 987655 (2 of 2)',
      'editor',
      'done',
    ]);
    expect(result.summary.errors).toEqual([
      { phase: 'pull', item: 'project 987654', message: expect.any(String) },
      { phase: 'pull', item: 'project 987655', message: expect.any(String) },
    ]);
    expect(errors).toHaveLength(2);
    const row = runRow(result.runId);
    expect(row.status).toBe('failed');
    expect(JSON.parse(row.errors as string)).toEqual(result.summary.errors);
  });

  it('fails at connect when the remote refuses the stored token, and says so', async () => {
    const { t, deps, remoteId, runRow } = await localWithRemote();
    deps.tokenVault.set(remoteId, 'f'.repeat(40));
    const result = await runSync(deps, remoteId, { projects: [1] });
    expect(result.status).toBe('failed');
    expect(result.summary.errors).toEqual([
      { phase: 'connect', item: remote.url, message: `${remote.url} refused the legacy token: 401 Invalid token.` },
    ]);
    expect(runRow(result.runId)).toMatchObject({ status: 'failed', phase: 'connect' });
    expect(t.db.prepare('SELECT remote_version FROM remotes').pluck().get()).toBe('1.22.0');

    deps.tokenVault.delete(remoteId);
    const noToken = await runSync(deps, remoteId);
    expect(noToken.summary.errors).toEqual([
      { phase: 'connect', item: remote.url, message: 'No token is stored for this remote: give it again.' },
    ]);
  });

  it('records a cancelled run, stopped between steps', async () => {
    const { deps, remoteId, runRow } = await localWithRemote();
    const controller = new AbortController();
    const { progress, phases } = recordingProgress((phase) => {
      if (phase === 'push') controller.abort(new Error('cancelled by the test'));
    });
    const result = await runSync(deps, remoteId, { projects: [1, 2], signal: controller.signal, progress });
    expect(result.status).toBe('cancelled');
    expect(phases).toEqual([`connect ${remote.url}`, 'push']);
    expect(result.summary.errors).toEqual([]);
    expect(runRow(result.runId)).toMatchObject({ status: 'cancelled', phase: 'push' });
  });

  it('closes a run left running by a process that stopped when the next one starts', async () => {
    const { t, deps, remoteId, runRow } = await localWithRemote();
    const stale = Number(
      t.db
        .prepare(
          "INSERT INTO sync_runs (remote, started_at, status, phase) VALUES (?, '2026-01-01T00:00:00.000000Z', 'running', 'pull')",
        )
        .run(remoteId).lastInsertRowid,
    );
    const result = await runSync(deps, remoteId);
    expect(result.status).toBe('completed');
    expect(runRow(stale)).toMatchObject({ status: 'failed', phase: 'pull' });
    expect(JSON.parse(runRow(stale).errors as string)).toEqual([
      { phase: 'pull', item: 'run', message: 'interrupted: the process running it stopped' },
    ]);
  });

  it('refuses an unknown remote without recording a run', async () => {
    const { t, deps } = await localWithRemote();
    await expect(runSync(deps, 4242)).rejects.toThrow(NotFoundError);
    expect(t.db.prepare('SELECT count(*) FROM sync_runs').pluck().get()).toBe(0);
  });
});
