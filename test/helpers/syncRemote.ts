import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../electron/core/db/open.js';
import { createRemoteClient, type RemoteClient } from '../../electron/core/sync/remoteClient.js';
import type { SyncDeps } from '../../electron/core/sync/engine/syncDeps.js';
import { createFileTokenVault } from '../../electron/core/sync/tokenVault.js';
import type { SyncContext, SyncPhase, SyncProgress } from '../../electron/core/sync/syncTypes.js';
import { spawnCli } from './spawnCli.js';
import { createTestApp, type TestApp } from './testApp.js';

/*
 * Sync tests against a real second Outpost: `startRemoteOutpost` runs `outpost serve` on a
 * temp folder and drives it over HTTP with its own token, and `createLocalSync` builds a
 * SyncContext over an in-process local app (its own :memory: database) with a real client.
 */

/** What the sync tests need of a remote: another Outpost here, the real Label Studio in the interop suite. */
export interface SyncTestRemote {
  url: string;
  token: string;
  /** A JSON call with the remote's legacy token; non-2xx answers throw with the body. */
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  /** Another person on the remote; resolves with its id there. */
  addUser(email: string, firstName?: string, lastName?: string): Promise<number>;
}

export interface RemoteOutpost extends SyncTestRemote {
  pat: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startRemoteOutpost(extraArgs: string[] = []): Promise<RemoteOutpost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-remote-'));
  const cli = await spawnCli(['serve', '--data', dataDir, '--port', '0', ...extraArgs]);
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${cli.url}${path}`, {
      method,
      headers: { Authorization: `Token ${cli.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  // Outpost has no API to add users, so the row is written into the remote's database file
  // directly (WAL lets the running server see it at once).
  const addUser = async (email: string, firstName = '', lastName = '') => {
    const db = openDatabase(join(dataDir, 'outpost.db'));
    try {
      const now = new Date().toISOString();
      const result = db
        .prepare(
          `INSERT INTO users (email, first_name, last_name, date_joined, last_activity, is_local)
           VALUES (?, ?, ?, ?, ?, 1)`,
        )
        .run(email, firstName, lastName, now, now);
      return Number(result.lastInsertRowid);
    } finally {
      db.close();
    }
  };
  return {
    url: cli.url,
    token: cli.token,
    pat: cli.pat,
    dataDir,
    api,
    addUser,
    stop: async () => {
      await cli.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a sync needs, from a test app: its database and clock, its data folder, a headless token vault there. */
export function syncDepsOf(t: TestApp): SyncDeps {
  return {
    ...t.ctx,
    dataDir: t.deps.dataDir,
    tokenVault: createFileTokenVault({ dataDir: t.deps.dataDir, codec: null }),
  };
}

export interface RecordingProgress extends SyncProgress {
  phases: { phase: SyncPhase; detail?: string }[];
  itemCalls: { done: number; total: number | null }[];
  errors: { item: string; message: string }[];
}

export function recordingProgress(): RecordingProgress {
  const progress: RecordingProgress = {
    phases: [],
    itemCalls: [],
    errors: [],
    phase: (phase, detail) => progress.phases.push({ phase, detail }),
    items: (done, total) => progress.itemCalls.push({ done, total }),
    error: (item, message) => progress.errors.push({ item, message }),
  };
  return progress;
}

export interface LocalSync {
  t: TestApp;
  ctx: SyncContext;
  progress: RecordingProgress;
}

export interface LocalSyncOptions {
  /** Another client over the same remote (e.g. one that fails on purpose). */
  client?: RemoteClient;
  signal?: AbortSignal;
  /** Reuse a local app (a second run over the same database). */
  app?: TestApp;
}

/** The `remotes` row of a remote (created once per url), as the connect step would write it. */
export function ensureRemoteRow(t: TestApp, url: string, tokenKind: 'legacy' | 'pat'): number {
  const existing = t.db.prepare('SELECT id FROM remotes WHERE url = ?').pluck().get(url) as number | undefined;
  if (existing !== undefined) return existing;
  const now = new Date().toISOString();
  return Number(
    t.db
      .prepare('INSERT INTO remotes (url, token_kind, created_at, updated_at) VALUES (?, ?, ?, ?)')
      .run(url, tokenKind, now, now).lastInsertRowid,
  );
}

/** A SyncContext over an in-process local Outpost, pointed at `remote`. */
export async function createLocalSync(
  remote: { url: string; token: string },
  options: LocalSyncOptions = {},
): Promise<LocalSync> {
  const t = options.app ?? (await createTestApp());
  const client = options.client ?? createRemoteClient({ url: remote.url, token: remote.token });
  const me = await client.whoami();
  const progress = recordingProgress();
  const ctx: SyncContext = {
    ...t.ctx,
    dataDir: t.deps.dataDir,
    remoteId: ensureRemoteRow(t, client.url, client.tokenKind),
    remoteUrl: client.url,
    remoteUser: { id: me.id, email: me.email },
    localUserId: t.userId,
    client,
    progress,
    signal: options.signal,
  };
  return { t, ctx, progress };
}

export const CHOICES_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

/** A choices result, the smallest annotation or prediction there is. */
export function choice(value: string): Record<string, unknown>[] {
  return [{ from_name: 'label', to_name: 'text', type: 'choices', value: { choices: [value] } }];
}

/** A remote project with one task per text; returns its id and the task ids in order. */
export async function createRemoteProject(
  remote: RemoteOutpost,
  texts: readonly string[],
  settings: Record<string, unknown> = {},
): Promise<{ projectId: number; taskIds: number[] }> {
  const project = await remote.api<{ id: number }>('POST', '/api/projects/', {
    title: 'Remote project',
    label_config: CHOICES_CONFIG,
    ...settings,
  });
  const imported = await remote.api<{ task_ids: number[] }>(
    'POST',
    `/api/projects/${project.id}/import?return_task_ids=true`,
    texts.map((text) => ({ text })),
  );
  return { projectId: project.id, taskIds: imported.task_ids };
}

interface WireTask {
  data: { text?: string };
  meta: unknown;
  allow_skip: boolean | null;
  total_annotations: number;
  cancelled_annotations: number;
  total_predictions: number;
  is_labeled: boolean;
  annotations: {
    result: unknown;
    completed_by: number;
    was_cancelled: boolean;
    ground_truth: boolean;
    lead_time: number | null;
    created_at: string;
    updated_at: string;
  }[];
  predictions: { result: unknown; score: number | null; model_version: string }[];
}

/**
 * A project's tasks as comparable values, keyed by data.text: every mirrored field, with each
 * author named as `me` (the token's user there, the local user here) or `remote:<id>`.
 */
export function snapshotTasks(tasks: readonly WireTask[], authorOf: (completedBy: number) => string) {
  const entries = tasks.map((task) => [
    task.data.text ?? JSON.stringify(task.data),
    {
      data: task.data,
      meta: task.meta,
      allow_skip: task.allow_skip,
      total_annotations: task.total_annotations,
      cancelled_annotations: task.cancelled_annotations,
      total_predictions: task.total_predictions,
      is_labeled: task.is_labeled,
      annotations: task.annotations
        .map((annotation) => ({
          result: annotation.result,
          author: authorOf(annotation.completed_by),
          was_cancelled: annotation.was_cancelled,
          ground_truth: annotation.ground_truth,
          lead_time: annotation.lead_time,
          created_at: annotation.created_at,
          updated_at: annotation.updated_at,
        }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      predictions: task.predictions
        .map((prediction) => ({
          result: prediction.result,
          score: prediction.score,
          model_version: prediction.model_version,
        }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    },
  ]);
  return Object.fromEntries(entries.sort(([a], [b]) => String(a).localeCompare(String(b))));
}

const TASK_LIST_QUERY = 'fields=all&resolve_uri=false&page_size=100000';

/** The remote project's tasks, snapshotted. */
export async function remoteSnapshot(remote: RemoteOutpost, projectId: number) {
  const me = await remote.api<{ id: number }>('GET', '/api/current-user/whoami');
  const list = await remote.api<{ tasks: WireTask[] }>('GET', `/api/tasks/?project=${projectId}&${TASK_LIST_QUERY}`);
  return snapshotTasks(list.tasks, (id) => (id === me.id ? 'me' : `remote:${id}`));
}

/** The local mirror's tasks through the local API, snapshotted the same way. */
export async function localSnapshot(t: TestApp, projectId: number) {
  const response = await t.withToken(`/api/tasks/?project=${projectId}&${TASK_LIST_QUERY}`);
  const list = (await response.json()) as { tasks: WireTask[] };
  const remoteIdOf = t.db.prepare('SELECT remote_id FROM users WHERE id = ?').pluck();
  return snapshotTasks(list.tasks, (id) => (id === t.userId ? 'me' : `remote:${String(remoteIdOf.get(id))}`));
}

export interface RemoteCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
}

/** The task ids an export call names (`ids[]`): none for other calls. */
export function exportedIds(call: RemoteCall): number[] {
  if (!/^\/api\/projects\/\d+\/export\/?$/.test(call.path)) return [];
  const ids = call.query['ids[]'];
  return (Array.isArray(ids) ? ids : ids === undefined ? [] : [ids]).map(Number);
}

/** Whether a call asks for a page of a full pull's walk: the export of the page's task ids. */
export function isWalkPageCall(call: RemoteCall): boolean {
  return exportedIds(call).length > 0;
}

/**
 * A client that tells `before` about each call before sending it for real. `before` may throw
 * to cut the connection at a chosen call (a pull or push killed mid-way).
 */
export function watchedClient(client: RemoteClient, before: (call: RemoteCall) => void): RemoteClient {
  const tell = (method: string, path: string, init?: { query?: Record<string, unknown> }) =>
    before({ method, path, query: init?.query ?? {} });
  return {
    url: client.url,
    tokenKind: client.tokenKind,
    request: (method, path, init) => {
      tell(method, path, init);
      return client.request(method, path, init);
    },
    requestRaw: (method, path, init) => {
      tell(method, path, init);
      return client.requestRaw(method, path, init);
    },
    version: () => client.version(),
    whoami: () => client.whoami(),
  };
}
