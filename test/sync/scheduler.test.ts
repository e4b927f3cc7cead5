import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../electron/core/domain/errors.js';
import { startBackgroundSync } from '../../electron/core/sync/engine/liveRuns.js';
import { addRemote } from '../../electron/core/sync/engine/manageRemotes.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import type { FetchLike } from '../../electron/core/sync/remoteClient.js';
import { runSync } from '../../electron/core/sync/runSync.js';
import { createSyncScheduler, type SyncScheduler } from '../../electron/core/sync/scheduler.js';
import type { Timers } from '../../electron/core/domain/timers.js';
import { createFileTokenVault } from '../../electron/core/sync/tokenVault.js';
import { spawnCli, type SpawnedCli } from '../helpers/spawnCli.js';
import { createRemoteProject, startRemoteOutpost, type RemoteOutpost } from '../helpers/syncRemote.js';
import { createTestApp } from '../helpers/testApp.js';

/*
 * The sync scheduler with a fake clock and fake timers (no test waits for real time) against a
 * real second Outpost: runs on schedule, none for a disabled remote, never two at once, and an
 * unreachable remote polled with backoff and synced as soon as it is back.
 */

const MINUTE = 60_000;

/** A clock and timers that move only when told; each fired timer's work is awaited. */
function fakeTime() {
  let now = Date.parse('2026-03-01T08:00:00.000Z');
  let queue: { at: number; callback: () => void }[] = [];
  const timers: Timers = {
    setTimeout(callback, ms) {
      const entry = { at: now + ms, callback };
      queue.push(entry);
      return entry;
    },
    clearTimeout(handle) {
      queue = queue.filter((entry) => entry !== handle);
    },
  };
  return {
    clock: () => new Date(now),
    timers,
    now: () => now,
    /** Moves time forward, firing due timers in order and waiting for what each starts (unless told not to). */
    async advance(ms: number, scheduler: SyncScheduler, options: { wait?: boolean } = {}) {
      const end = now + ms;
      for (;;) {
        queue.sort((a, b) => a.at - b.at);
        const next = queue[0];
        if (!next || next.at > end) break;
        queue.shift();
        now = next.at;
        next.callback();
        if (options.wait !== false) await scheduler.idle();
      }
      now = end;
    },
  };
}

async function localWithTime(fetchImpl?: FetchLike) {
  const t = await createTestApp();
  const time = fakeTime();
  const deps: SyncDeps = {
    ...t.ctx,
    clock: time.clock,
    dataDir: t.deps.dataDir,
    tokenVault: createFileTokenVault({ dataDir: t.deps.dataDir, codec: null }),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  };
  const runs = (remoteId: number) =>
    t.db
      .prepare('SELECT status, started_at, finished_at, stats FROM sync_runs WHERE remote = ? ORDER BY id')
      .all(remoteId) as { status: string; started_at: string; finished_at: string | null; stats: string }[];
  const setInterval = (remoteId: number, minutes: number) =>
    t.db.prepare('UPDATE remotes SET sync_interval_minutes = ? WHERE id = ?').run(minutes, remoteId);
  return { t, time, deps, runs, setInterval };
}

const minutesAfter = (start: number, iso: string) => (Date.parse(iso) - start) / MINUTE;

describe('the sync scheduler', () => {
  let remote: RemoteOutpost;
  let remoteProject: number;

  beforeAll(async () => {
    remote = await startRemoteOutpost();
    ({ projectId: remoteProject } = await createRemoteProject(remote, ['one', 'two']));
  });
  afterAll(async () => {
    await remote?.stop();
  });

  it('syncs a remote with an interval on schedule and leaves a disabled one alone', async () => {
    const { t, time, deps, runs, setInterval } = await localWithTime();
    const start = time.now();
    const { id: timed } = await addRemote(deps, { url: remote.url, token: remote.token });
    // The first pull of the project, by hand (it counts as the last run).
    expect((await runSync(deps, timed, { projects: [remoteProject] })).status).toBe('completed');
    setInterval(timed, 5);
    // A disabled remote: never reachable, and it must never be tried.
    const now = new Date(start).toISOString();
    const disabled = Number(
      t.db
        .prepare(
          "INSERT INTO remotes (url, token_kind, created_at, updated_at) VALUES ('http://127.0.0.1:9', 'legacy', ?, ?)",
        )
        .run(now, now).lastInsertRowid,
    );

    const scheduler = createSyncScheduler(deps, { timers: time.timers });
    scheduler.start();
    await time.advance(4 * MINUTE, scheduler);
    expect(runs(timed)).toHaveLength(1);
    await time.advance(MINUTE, scheduler);
    await time.advance(5 * MINUTE, scheduler);
    scheduler.stop();
    await time.advance(20 * MINUTE, scheduler);

    const timedRuns = runs(timed);
    expect(timedRuns.map((run) => [run.status, minutesAfter(start, run.started_at)])).toEqual([
      ['completed', 0],
      ['completed', 5],
      ['completed', 10],
    ]);
    // Every scheduled run covered the mirrored project.
    for (const run of timedRuns) expect(JSON.parse(run.stats)).toMatchObject({ pulled: { projects: 1 } });
    expect(runs(disabled)).toEqual([]);
  });

  it('never starts a run while one of the same remote is going on', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    // Holds every request while `holding`, so a run stays in progress as long as the test wants.
    const gated: FetchLike = async (input, init) => {
      if (holding) await held;
      return fetch(input, init);
    };
    const { time, deps, runs, setInterval } = await localWithTime(gated);
    const start = time.now();
    const { id } = await addRemote(deps, { url: remote.url, token: remote.token });
    setInterval(id, 5);
    const scheduler = createSyncScheduler(deps, { timers: time.timers });
    scheduler.start();

    holding = true;
    await time.advance(5 * MINUTE, scheduler, { wait: false });
    expect(runs(id).map((run) => run.status)).toEqual(['running']);
    // Three more intervals pass while it hangs: no second run, from the schedule or the API.
    await time.advance(15 * MINUTE, scheduler, { wait: false });
    expect(runs(id).map((run) => run.status)).toEqual(['running']);
    expect(() => startBackgroundSync(deps, id)).toThrow(ConflictError);

    holding = false;
    release();
    await scheduler.idle();
    // Overdue now: the next tick starts the next run, after the first one ended.
    await time.advance(15_000, scheduler);
    scheduler.stop();
    const all = runs(id);
    expect(all.map((run) => [run.status, minutesAfter(start, run.started_at)])).toEqual([
      ['completed', 5],
      ['completed', 20.25],
    ]);
    expect(Date.parse(all[1]!.started_at)).toBeGreaterThanOrEqual(Date.parse(all[0]!.finished_at!));
  });

  describe('with a remote that goes away', () => {
    let dataDir: string;
    let port: number;
    let cli: SpawnedCli | undefined;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
      port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
    });
    afterAll(async () => {
      await cli?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const serveRemote = () => spawnCli(['serve', '--data', dataDir, '--port', String(port)]);

    it('polls it with backoff while unreachable and syncs as soon as it answers', async () => {
      const versionPolls: number[] = [];
      const { time, deps, runs, setInterval } = await localWithTime((input, init) => {
        if (new URL(input).pathname === '/api/version') versionPolls.push(time.now());
        return fetch(input, init);
      });
      const start = time.now();
      cli = await serveRemote();
      const { id } = await addRemote(deps, { url: cli.url, token: cli.token });
      setInterval(id, 5);
      await cli.stop();
      cli = undefined;

      const scheduler = createSyncScheduler(deps, { timers: time.timers });
      scheduler.start();
      await time.advance(5 * MINUTE, scheduler);
      expect(runs(id).map((run) => run.status)).toEqual(['failed']);
      // Asked when the remote was added (0 s), by the run's connect and the check after it failed
      // (300 s), then polled 15 s later and 30 s after that: still down.
      await time.advance(MINUTE, scheduler);
      expect(versionPolls.map((at) => (at - start) / 1000)).toEqual([0, 300, 300, 315, 345]);
      expect(runs(id)).toHaveLength(1);

      // Back (same folder, same token): the next poll, 60 s after the last, syncs at once.
      cli = await serveRemote();
      await time.advance(MINUTE, scheduler);
      scheduler.stop();
      // The poll that answered, and the run's own connect right after it.
      expect(versionPolls.map((at) => (at - start) / 1000)).toEqual([0, 300, 300, 315, 345, 405, 405]);
      expect(runs(id).map((run) => [run.status, minutesAfter(start, run.started_at)])).toEqual([
        ['failed', 5],
        ['completed', 6.75],
      ]);
    });
  });
});
