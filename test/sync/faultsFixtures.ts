import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy.js';
import { canonicalJson } from '../../electron/core/sync/conflict.js';
import { CLI_PATH, quickRetryEnv, spawnCli } from '../helpers/spawnCli.js';
import { startRemoteOutpost, type RemoteOutpost, type SyncTestRemote } from '../helpers/syncRemote.js';

/*
 * The harness of the fault and kill tests: `outpost sync` run as a process against a URL (the
 * fault proxy's), labeling through a local `outpost serve` as the app does, and the exactly-once
 * check: every task's full annotation set on the remote, and in the local mirror, compared field
 * by field (result, was_cancelled) with what the test says was labeled.
 */

export interface RemoteBehindProxy {
  remote: RemoteOutpost;
  proxy: FaultProxy;
  /** A local data folder for this file's syncs. */
  dataDir: string;
}

/** Registers the hooks that start a remote Outpost behind a fault proxy and clean up after. */
export function useRemoteBehindProxy(folderPrefix: string): RemoteBehindProxy {
  const setup = {} as RemoteBehindProxy;
  beforeAll(async () => {
    setup.remote = await startRemoteOutpost();
    setup.proxy = await startFaultProxy(setup.remote.url);
    setup.dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
  });
  afterAll(async () => {
    await setup.proxy?.close();
    await setup.remote?.stop();
    if (setup.dataDir) rmSync(setup.dataDir, { recursive: true, force: true });
  });
  return setup;
}

export const CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="a"/><Choice value="b"/><Choice value="c"/></Choices></View>';

export const label = (value: string) => [
  { id: 'r1', from_name: 'label', to_name: 'image', type: 'choices', value: { choices: [value] } },
];

export interface SyncOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  summary: { pushed: Record<string, number>; errors: unknown[]; conflicts: number } | null;
  stderr: string;
}

export function syncArgs(dataDir: string, url: string, token: string, project: number): string[] {
  return [
    CLI_PATH,
    'sync',
    '--data',
    dataDir,
    '--remote',
    url,
    '--token',
    token,
    '--project',
    String(project),
    '--json',
  ];
}

/** One `outpost sync`; resolves with how it ended (a failed run is an outcome, not an error). */
export function runSyncCli(dataDir: string, url: string, token: string, project: number): Promise<SyncOutcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      syncArgs(dataDir, url, token, project),
      { env: quickRetryEnv() },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').pop() ?? '';
        let summary: SyncOutcome['summary'] = null;
        try {
          summary = line ? (JSON.parse(line) as SyncOutcome['summary']) : null;
        } catch {
          // A killed or crashed run prints no summary.
        }
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, signal: (error?.signal as NodeJS.Signals | undefined) ?? null, summary, stderr });
      },
    );
  });
}

/** `outpost sync` as a child the test may kill. */
export function spawnSyncCli(dataDir: string, url: string, token: string, project: number): ChildProcess {
  return spawn(process.execPath, syncArgs(dataDir, url, token, project), { stdio: 'ignore', env: quickRetryEnv() });
}

/** Syncs until a run exits 0 (at most `tries` runs); returns the runs made. */
export async function syncUntilComplete(
  dataDir: string,
  url: string,
  token: string,
  project: number,
  tries = 4,
): Promise<SyncOutcome[]> {
  const runs: SyncOutcome[] = [];
  for (let index = 0; index < tries; index += 1) {
    const outcome = await runSyncCli(dataDir, url, token, project);
    runs.push(outcome);
    if (outcome.code === 0) return runs;
  }
  throw new Error(`sync never completed in ${tries} runs:\n${runs.map((run) => run.stderr).join('\n---\n')}`);
}

export type Call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

/** Runs `work` against a local `outpost serve` on the data folder (the app's own API). */
export async function withLocalServer<T>(
  dataDir: string,
  work: (call: Call, url: string, token: string) => Promise<T>,
) {
  const local = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
  const call: Call = async <R>(method: string, path: string, body?: unknown) => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${local.url}${path}`, {
      method,
      headers: { Authorization: `Token ${local.token}`, ...(isForm ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as R;
  };
  try {
    return await work(call, local.url, local.token);
  } finally {
    await local.stop();
  }
}

/** What an annotation is, for the comparison: its result (canonical) and whether it is a skip. */
export interface Labeled {
  result: string;
  was_cancelled: boolean;
}

export type TaskSets = Record<string, Labeled[]>;

const sortLabeled = (list: Labeled[]) =>
  [...list].sort((a, b) => `${a.result}${a.was_cancelled}`.localeCompare(`${b.result}${b.was_cancelled}`));

/** A task's key: its `name`, or for an uploaded file the file name (the 8-hex prefix dropped). */
export function taskKey(data: Record<string, unknown>): string {
  if (typeof data.name === 'string') return data.name;
  const file = String(data.image).split('/').pop()!;
  return `upload:${file.replace(/^[0-9a-f]{8}-/, '')}`;
}

interface WireTask {
  id: number;
  data: Record<string, unknown>;
  annotations: { id: number; result: unknown; was_cancelled: boolean }[];
}

/** Every task of the remote project with all its annotations (skips included), by key. */
export async function remoteTasks(remote: SyncTestRemote, project: number): Promise<WireTask[]> {
  const list = await remote.api<{ tasks: WireTask[] }>(
    'GET',
    `/api/tasks/?project=${project}&fields=all&resolve_uri=false&page_size=100000`,
  );
  return list.tasks;
}

export function setsOf(tasks: WireTask[]): TaskSets {
  const sets: TaskSets = {};
  for (const task of tasks) {
    const key = taskKey(task.data);
    expect(sets[key], `task ${key} is on the remote once`).toBeUndefined();
    sets[key] = sortLabeled(
      task.annotations.map((a) => ({ result: canonicalJson(a.result), was_cancelled: a.was_cancelled })),
    );
  }
  return sets;
}

/** The local mirror of a remote project, read from the data folder's database file. */
export function localState(dataDir: string, remoteProject: number) {
  const db = new Database(join(dataDir, 'outpost.db'), { readonly: true });
  try {
    const project = db
      .prepare('SELECT project FROM remote_projects WHERE remote_project_id = ?')
      .pluck()
      .get(remoteProject) as number;
    const tasks = db.prepare('SELECT id, data FROM tasks WHERE project = ?').all(project) as {
      id: number;
      data: string;
    }[];
    const annotations = db
      .prepare(
        `SELECT a.id, a.task, a.result, a.was_cancelled, ra.remote_annotation_id, rt.remote_task_id
         FROM annotations a JOIN tasks t ON t.id = a.task
         LEFT JOIN remote_annotations ra ON ra.annotation = a.id
         LEFT JOIN remote_tasks rt ON rt.task = a.task
         WHERE t.project = ?`,
      )
      .all(project) as {
      id: number;
      task: number;
      result: string;
      was_cancelled: number;
      remote_annotation_id: number | null;
      remote_task_id: number | null;
    }[];
    const keyOf = new Map(tasks.map((task) => [task.id, taskKey(JSON.parse(task.data) as Record<string, unknown>)]));
    const sets: TaskSets = Object.fromEntries(tasks.map((task) => [keyOf.get(task.id)!, [] as Labeled[]]));
    for (const row of annotations) {
      sets[keyOf.get(row.task)!]!.push({
        result: canonicalJson(JSON.parse(row.result)),
        was_cancelled: row.was_cancelled === 1,
      });
    }
    for (const key of Object.keys(sets)) sets[key] = sortLabeled(sets[key]!);
    const pending = db.prepare('SELECT kind, last_error FROM sync_outbox WHERE done_at IS NULL').all();
    const conflicts = db.prepare('SELECT kind FROM sync_conflicts').all();
    const integrity = db.pragma('integrity_check', { simple: true });
    return { sets, annotations, pending, conflicts, integrity };
  } finally {
    db.close();
  }
}

/** An expected set from annotations given as [choice, was_cancelled] pairs (a skip has no result). */
export function expectedSet(items: [string | null, boolean][]): Labeled[] {
  return sortLabeled(
    items.map(([value, cancelled]) => ({
      result: canonicalJson(value === null ? [] : label(value)),
      was_cancelled: cancelled,
    })),
  );
}

/**
 * Exactly once: the remote holds exactly `expected` per task (no annotation twice, none lost),
 * the local mirror holds the same, nothing waits in the outbox, and each local annotation is
 * linked to its own remote annotation on the matching remote task.
 */
export async function expectExactlyOnce(
  remote: SyncTestRemote,
  remoteProject: number,
  dataDir: string,
  expected: TaskSets,
): Promise<void> {
  const tasks = await remoteTasks(remote, remoteProject);
  expect(setsOf(tasks)).toEqual(expected);
  const local = localState(dataDir, remoteProject);
  expect(local.pending).toEqual([]);
  expect(local.conflicts).toEqual([]);
  expect(local.sets).toEqual(expected);
  const remoteIds = new Map(tasks.flatMap((task) => task.annotations.map((a) => [a.id, task.id] as const)));
  const linked = local.annotations.map((row) => row.remote_annotation_id);
  expect(new Set(linked).size, 'each local annotation has its own remote twin').toBe(linked.length);
  for (const row of local.annotations) {
    expect(row.remote_annotation_id).not.toBeNull();
    expect(remoteIds.get(row.remote_annotation_id!), 'linked to an annotation of the same task').toBe(
      row.remote_task_id,
    );
  }
}
