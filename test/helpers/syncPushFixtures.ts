import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertAnnotationRow } from '../../electron/core/db/repos/annotationsRepo.js';
import {
  insertMirrorProject,
  upsertMirrorAnnotation,
  upsertMirrorTask,
} from '../../electron/core/db/repos/syncMirrorRepo.js';
import { refreshTaskCounters } from '../../electron/core/db/repos/taskCountersRepo.js';
import { canonicalJson } from '../../electron/core/sync/conflict.js';
import { createRemoteClient, type FetchLike } from '../../electron/core/sync/remoteClient.js';
import type { SyncContext } from '../../electron/core/sync/syncTypes.js';
import { spawnCli, type SpawnedCli } from './spawnCli.js';
import { call } from './taskApi.js';
import { createTestApp, type TestApp } from './testApp.js';

/*
 * Fixtures for push tests: a second Outpost as the remote (a real process over HTTP), a local
 * in-process app holding a mirror of one remote project (its remote_projects/remote_tasks rows
 * written here, as a pull would), and a fetch wrapper that injects faults.
 */

export const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="a"/><Choice value="b"/></Choices></View>';

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const label = (value: string) => [
  { id: 'r1', from_name: 'label', to_name: 'image', type: 'choices', value: { choices: [value] } },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many JSON shapes field by field
type Json = any;

export interface RemoteServer {
  cli: SpawnedCli;
  /** A JSON request to the remote with its legacy token. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }>;
  stop(): Promise<void>;
}

export async function startRemote(): Promise<RemoteServer> {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-push-remote-'));
  const cli = await spawnCli(['serve', '--data', dir, '--port', '0']);
  return {
    cli,
    api: async (method, path, body) => {
      const response = await fetch(`${cli.url}${path}`, {
        method,
        headers: { Authorization: `Token ${cli.token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    stop: async () => {
      await cli.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Mirror {
  t: TestApp;
  remote: RemoteServer;
  remoteId: number;
  remoteProject: number;
  project: number;
  /** Local task ids and their remote twins, in creation order. */
  tasks: { local: number; remote: number }[];
  progressErrors: string[];
  /** The sync context of a run against the remote, optionally through a fetch wrapper. */
  context(fetch?: FetchLike): Promise<SyncContext>;
}

/**
 * A remote project with `taskCount` tasks, and its local mirror: the local project and tasks are
 * made through the local API before the project becomes a mirror (so nothing is journaled), then
 * linked by the mapping rows a pull would write.
 */
export async function setUpMirror(remote: RemoteServer, taskCount: number): Promise<Mirror> {
  const created = await remote.api('POST', '/api/projects/', { title: 'remote', label_config: IMAGE_CONFIG });
  const remoteProject = created.body.id as number;
  const items = Array.from({ length: taskCount }, (_, index) => ({ image: `https://example.org/${index}.png` }));
  const imported = await remote.api('POST', `/api/projects/${remoteProject}/import?return_task_ids=true`, items);
  const remoteTasks = imported.body.task_ids as number[];

  const { t, project, remoteId, tasks } = await localMirror(remote.cli.url, remoteProject, items, remoteTasks);
  const progressErrors: string[] = [];
  const whoami = (await remote.api('GET', '/api/current-user/whoami')).body as { id: number; email: string };
  return {
    t,
    remote,
    remoteId,
    remoteProject,
    project,
    tasks,
    progressErrors,
    context: async (fetch?: FetchLike) => ({
      ...t.ctx,
      dataDir: t.deps.dataDir,
      remoteId,
      remoteUrl: remote.cli.url,
      remoteUser: { id: whoami.id, email: whoami.email },
      localUserId: t.userId,
      client: createRemoteClient({ url: remote.cli.url, token: remote.cli.token, fetch }),
      progress: {
        phase: () => {},
        items: () => {},
        error: (item, message) => progressErrors.push(`${item}: ${message}`),
      },
    }),
  };
}

/**
 * The local half: a project with the given tasks made through the local API (nothing journaled
 * yet), then a `remotes` row and the mapping rows that make it a mirror of `remoteProject`.
 */
export async function localMirror(
  remoteUrl: string,
  remoteProject: number,
  items: Record<string, unknown>[],
  remoteTasks: number[],
) {
  const t = await createTestApp();
  // Uploads where a data folder keeps them (what `serve` does), so the push finds them by dataDir.
  t.deps.uploadsDir = join(t.deps.dataDir, 'media', 'upload');
  const project = (await call(t, 'POST', '/api/projects/', { title: 'mirror', label_config: IMAGE_CONFIG })).body
    .id as number;
  const local = (await call(t, 'POST', `/api/projects/${project}/import?return_task_ids=true`, items)).body
    .task_ids as number[];
  const now = '2026-01-15T10:00:00.000000Z';
  const remoteId = Number(
    t.db
      .prepare("INSERT INTO remotes (url, token_kind, created_at, updated_at) VALUES (?, 'legacy', ?, ?)")
      .run(remoteUrl, now, now).lastInsertRowid,
  );
  insertMirrorProject(t.db, { project, remote: remoteId, remote_project_id: remoteProject });
  const tasks = local.map((task, index) => ({ local: task, remote: remoteTasks[index]! }));
  for (const task of tasks) {
    upsertMirrorTask(t.db, {
      task: task.local,
      remote: remoteId,
      remote_task_id: task.remote,
      remote_updated_at: null,
    });
  }
  return { t, project, remoteId, tasks };
}

/**
 * An annotation both sides already agree on, as a pull leaves it: made on the remote through its
 * API, and locally by a repo-level write (not journaled) with its mapping and base.
 */
export async function agreedAnnotation(mirror: Mirror, taskIndex: number, result: unknown) {
  const task = mirror.tasks[taskIndex]!;
  const made = await mirror.remote.api('POST', `/api/tasks/${task.remote}/annotations/`, { result });
  const now = '2026-01-15T10:00:00.000000Z';
  const local = insertAnnotationRow(mirror.t.db, {
    task: task.local,
    project: mirror.project,
    unique_id: `pulled-${made.body.id as number}`,
    result: JSON.stringify(result),
    completed_by: mirror.t.userId,
    created_at: now,
    updated_at: now,
  });
  refreshTaskCounters(mirror.t.db, task.local);
  upsertMirrorAnnotation(mirror.t.db, {
    annotation: local,
    remote: mirror.remoteId,
    remote_annotation_id: made.body.id as number,
    remote_updated_at: made.body.updated_at as string,
    base_result: canonicalJson(result),
    base_was_cancelled: 0,
    base_ground_truth: 0,
  });
  return { local, remote: made.body.id as number };
}

/** The remote task with all its annotations (skipped ones too). */
export async function remoteTask(remote: RemoteServer, id: number): Promise<Json> {
  return (await remote.api('GET', `/api/tasks/${id}/`)).body;
}

export interface Fault {
  method: string;
  path: RegExp;
  /** 'lose': the request is performed but its answer never arrives; a number: that status instead. */
  kind: 'lose' | number;
  times: number;
}

/** A fetch that injects the given faults (each a number of times) and records every call. */
export function faultyFetch(faults: Fault[]): { fetch: FetchLike; calls: string[]; injected: string[] } {
  const calls: string[] = [];
  const injected: string[] = [];
  const fetchLike: FetchLike = async (input, init) => {
    const method = init.method ?? 'GET';
    const path = new URL(input).pathname;
    calls.push(`${method} ${path}`);
    const fault = faults.find((item) => item.times > 0 && item.method === method && item.path.test(path));
    if (!fault) return fetch(input, init);
    fault.times -= 1;
    injected.push(`${fault.kind} ${method} ${path}`);
    if (fault.kind === 'lose') {
      const response = await fetch(input, init);
      await response.arrayBuffer();
      throw new TypeError('fetch failed: the connection dropped before the answer (injected)');
    }
    return new Response(JSON.stringify({ detail: 'injected' }), {
      status: fault.kind,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '0' },
    });
  };
  return { fetch: fetchLike, calls, injected };
}

/** Retries without waiting, so tests take no time and assert nothing about it. */
export const quickRetry = { retry: { attempts: 4, sleep: () => Promise.resolve() } };

export function outbox(t: TestApp) {
  return t.db.prepare('SELECT * FROM sync_outbox ORDER BY id').all() as Json[];
}
