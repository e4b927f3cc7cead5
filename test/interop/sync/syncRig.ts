import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnCli, type SpawnedCli } from '../../helpers/spawnCli.js';
import type { SyncTestRemote } from '../../helpers/syncRemote.js';
import type { LabelStudioInfo } from '../labelStudio.js';

/*
 * Sync against the real Label Studio, as separate processes on 127.0.0.1: a Label Studio, and an
 * `outpost serve` on its own data folder that adds the Label Studio as a remote and syncs with it
 * through its own API (what the Sync page does). Both are driven and checked over HTTP only.
 */

export type Json = Record<string, unknown>;

export interface HttpJson {
  url: string;
  /** A JSON call; non-2xx answers throw with the body. `body` may be FormData (multipart). */
  call<T = Json>(method: string, path: string, body?: unknown): Promise<T>;
  /** The raw response (any status). */
  raw(method: string, path: string, init?: RequestInit): Promise<Response>;
}

export function httpJson(url: string, authorization: string): HttpJson {
  // A connection per request. Files share their worker's fetch pool, and twice a file's first call
  // to the group's Label Studio, on a busy machine, failed with ECONNRESET on a connection an
  // earlier file had left open; a new connection on loopback costs nothing measurable.
  const raw = (method: string, path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      method,
      headers: { Authorization: authorization, Connection: 'close', ...init.headers },
    });
  return {
    url,
    raw,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const isForm = body instanceof FormData;
      const response = await raw(method, path, {
        headers: body === undefined || isForm ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}${path}: ${response.status} ${text.slice(0, 1000)}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** Label Studio's API with its user's legacy token. */
export function labelStudioApi(ls: Pick<LabelStudioInfo, 'url' | 'user'>): HttpJson {
  return httpJson(ls.url, `Token ${ls.user.token}`);
}

/** The real Label Studio as the sync tests' remote (the shape test/sync's scenarios take). */
export function labelStudioRemote(ls: Pick<LabelStudioInfo, 'url' | 'user'>): SyncTestRemote {
  const api = labelStudioApi(ls);
  return {
    url: ls.url,
    token: ls.user.token,
    api: (method, path, body) => api.call(method, path, body),
    addUser: (email, firstName, lastName) => addLabelStudioUser(api, email, firstName, lastName),
  };
}

export const CHOICES_CONFIG =
  '<View><Text name="text" value="$text"/><Choices name="label" toName="text"><Choice value="pos"/><Choice value="neg"/></Choices></View>';

export const IMAGE_CONFIG =
  '<View><Image name="image" value="$image"/><Choices name="label" toName="image"><Choice value="cat"/><Choice value="dog"/></Choices></View>';

export function choice(value: string, toName = 'text'): Json[] {
  return [{ from_name: 'label', to_name: toName, type: 'choices', value: { choices: [value] } }];
}

/** A second person in Label Studio's organization (`POST /api/users/`); returns its id. */
export async function addLabelStudioUser(ls: HttpJson, email: string, firstName = '', lastName = ''): Promise<number> {
  const user = await ls.call<{ id: number }>('POST', '/api/users/', {
    email,
    username: email,
    first_name: firstName,
    last_name: lastName,
  });
  return user.id;
}

export interface LsTask {
  id: number;
  data: Json;
  updated_at: string;
  annotations: {
    id: number;
    result: Json[];
    completed_by: number;
    was_cancelled: boolean;
    ground_truth: boolean;
    lead_time: number | null;
    updated_at: string;
  }[];
  predictions: { id: number; result: Json[]; score: number | null; model_version: string }[];
  total_predictions: number;
}

/** Every task of a project with annotations (skips included) and predictions, by id. */
export async function listTasks(api: HttpJson, projectId: number): Promise<LsTask[]> {
  const page = await api.call<{ tasks: LsTask[] }>(
    'GET',
    `/api/tasks/?project=${projectId}&fields=all&resolve_uri=false&page_size=100000`,
  );
  return page.tasks.sort((a, b) => a.id - b.id);
}

export interface OutpostServer {
  cli: SpawnedCli;
  dataDir: string;
  api: HttpJson;
  /** Adds a remote through `/api/outpost/remotes/`; returns its id. */
  addRemote(url: string, token: string): Promise<number>;
  /** Runs a sync of the remote through the API and waits for its end; returns the run. */
  sync(remoteId: number, projects?: number[]): Promise<SyncRun>;
  /** The local project mirroring a remote project. */
  mirrorOf(remoteId: number, remoteProjectId: number): Promise<number>;
  stop(): Promise<void>;
}

export interface SyncRun {
  id: number;
  status: string;
  stats: { pulled: Json; pushed: Json; conflicts: number };
  errors: { phase: string; item: string; message: string }[];
}

export async function startOutpost(
  dataDir = mkdtempSync(join(tmpdir(), 'outpost-interop-sync-')),
): Promise<OutpostServer> {
  const cli = await spawnCli(['serve', '--data', dataDir, '--port', '0']);
  const api = httpJson(cli.url, `Token ${cli.token}`);
  return {
    cli,
    dataDir,
    api,
    async addRemote(url, token) {
      return (await api.call<{ id: number }>('POST', '/api/outpost/remotes/', { url, token })).id;
    },
    async sync(remoteId, projects) {
      const started = await api.call<{ id: number }>(
        'POST',
        `/api/outpost/remotes/${remoteId}/sync`,
        projects ? { projects } : {},
      );
      for (let waited = 0; waited < 120_000; waited += 100) {
        const runs = await api.call<(SyncRun & { finished_at: string | null })[]>(
          'GET',
          `/api/outpost/remotes/${remoteId}/runs`,
        );
        const run = runs.find((candidate) => candidate.id === started.id);
        if (run?.finished_at) return run;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`sync run ${started.id} did not finish within 120 s`);
    },
    async mirrorOf(remoteId, remoteProjectId) {
      const projects = await api.call<{ id: number; mirror: { project: number } | null }[]>(
        'GET',
        `/api/outpost/remotes/${remoteId}/projects`,
      );
      const mirror = projects.find((project) => project.id === remoteProjectId)?.mirror;
      if (!mirror) throw new Error(`remote project ${remoteProjectId} is not mirrored`);
      return mirror.project;
    },
    async stop() {
      await cli.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
