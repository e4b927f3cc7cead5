import {
  remoteListSchema,
  remoteProjectListSchema,
  remoteSchema,
  serverCopyStartedSchema,
  syncRunListSchema,
  syncRunSchema,
  type Remote,
  type RemoteProject,
  type ServerCopyStarted,
  type SyncRun,
} from '../../../shared/api/remotes';
import type { ApiClient } from './client';

/*
 * `/api/outpost/remotes/`: the remote Label Studio servers this Outpost syncs with. The browser
 * only ever talks to the local server; it connects to the remote on the UI's behalf. The shapes
 * are shared/api/remotes.ts, which every answer is checked against.
 */

export type {
  Remote,
  RemoteProject,
  RunConflictProject,
  SyncRun,
  SyncRunError,
  SyncRunProgress,
  SyncRunStatus,
} from '../../../shared/api/remotes';

export interface NewRemote {
  url: string;
  token: string;
  name?: string;
}

export interface RemoteChanges {
  name?: string;
  url?: string;
  token?: string;
  sync_interval_minutes?: number;
}

const BASE = '/api/outpost/remotes';

export function listRemotes(client: ApiClient, signal?: AbortSignal): Promise<Remote[]> {
  return client.get(`${BASE}/`, { signal, schema: remoteListSchema });
}

/** The server connects with the token first; a refusal is a 400 whose message says why. */
export function addRemote(client: ApiClient, remote: NewRemote): Promise<Remote> {
  return client.post(`${BASE}/`, remote, { schema: remoteSchema });
}

export function changeRemote(client: ApiClient, id: number, changes: RemoteChanges): Promise<Remote> {
  return client.patch(`${BASE}/${id}/`, changes, { schema: remoteSchema });
}

export function removeRemote(client: ApiClient, id: number): Promise<void> {
  return client.delete(`${BASE}/${id}/`);
}

export function testRemote(client: ApiClient, id: number): Promise<Remote> {
  return client.post(`${BASE}/${id}/test/`, {}, { schema: remoteSchema });
}

export function listRemoteProjects(client: ApiClient, id: number, signal?: AbortSignal): Promise<RemoteProject[]> {
  return client.get(`${BASE}/${id}/projects/`, { signal, schema: remoteProjectListSchema });
}

/** Starts a background run; without `projects` every mirrored project is synced. */
export function startSync(client: ApiClient, id: number, projects?: number[]): Promise<SyncRun> {
  return client.post(`${BASE}/${id}/sync/`, projects && projects.length > 0 ? { projects } : {}, {
    schema: syncRunSchema,
  });
}

/** The remote's runs, newest first. */
export function listRuns(client: ApiClient, id: number, signal?: AbortSignal): Promise<SyncRun[]> {
  return client.get(`${BASE}/${id}/runs/`, { signal, schema: syncRunListSchema });
}

export function cancelRun(client: ApiClient, id: number, runId: number): Promise<SyncRun> {
  return client.post(`${BASE}/${id}/runs/${runId}/cancel/`, {}, { schema: syncRunSchema });
}

/**
 * Copies a mirrored project (by its local id) as a new project to another remote, in the
 * background as a run of that remote; an unfinished copy of it to that remote is resumed instead.
 */
export function copyToRemote(
  client: ApiClient,
  projectId: number,
  remoteId: number,
  title?: string,
): Promise<ServerCopyStarted> {
  return client.post(
    `/api/outpost/projects/${projectId}/copy-to-remote/`,
    title ? { remote: remoteId, title } : { remote: remoteId },
    { schema: serverCopyStartedSchema },
  );
}
