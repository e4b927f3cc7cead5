import type { ApiClient } from './client';

/*
 * `/api/outpost/remotes/`: the remote Label Studio servers this Outpost syncs with. The browser
 * only ever talks to the local server; it connects to the remote on the UI's behalf.
 */

export type SyncRunStatus = 'running' | 'completed' | 'failed' | 'cancelled';

export interface SyncRunError {
  phase: string;
  item: string;
  message: string;
}

/** How far a live run is inside its phase (only on a running run of the serving process). */
export interface SyncRunProgress {
  detail: string | null;
  done: number;
  total: number | null;
}

/** A local project a run recorded conflicts in, to link the run to its Conflicts page. */
export interface RunConflictProject {
  id: number;
  title: string | null;
  conflicts: number;
}

export interface SyncRun {
  id: number;
  remote: number;
  status: SyncRunStatus;
  phase: string | null;
  started_at: string;
  finished_at: string | null;
  /** `{pulled, pushed, conflicts}` once counted, `{}` before. */
  stats: Record<string, unknown>;
  errors: SyncRunError[];
  conflict_projects: RunConflictProject[];
  progress?: SyncRunProgress;
}

export interface Remote {
  id: number;
  url: string;
  name: string;
  token_kind: 'legacy' | 'pat';
  remote_version: string | null;
  remote_user_email: string | null;
  sync_interval_minutes: number;
  created_at: string;
  updated_at: string;
  last_run: SyncRun | null;
  /** Local changes (annotations, edits, deletions, tasks) journaled for this remote and not pushed yet. */
  pending_changes: number;
}

export interface RemoteProject {
  id: number;
  title: string;
  task_number: number | null;
  /** The local project mirroring it, or null when it was never pulled. */
  mirror: { project: number; last_pull_at: string | null } | null;
}

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
  return client.get<Remote[]>(`${BASE}/`, { signal });
}

/** The server connects with the token first; a refusal is a 400 whose message says why. */
export function addRemote(client: ApiClient, remote: NewRemote): Promise<Remote> {
  return client.post<Remote>(`${BASE}/`, remote);
}

export function changeRemote(client: ApiClient, id: number, changes: RemoteChanges): Promise<Remote> {
  return client.patch<Remote>(`${BASE}/${id}/`, changes);
}

export function removeRemote(client: ApiClient, id: number): Promise<void> {
  return client.delete(`${BASE}/${id}/`);
}

export function testRemote(client: ApiClient, id: number): Promise<Remote> {
  return client.post<Remote>(`${BASE}/${id}/test/`, {});
}

export function listRemoteProjects(client: ApiClient, id: number, signal?: AbortSignal): Promise<RemoteProject[]> {
  return client.get<RemoteProject[]>(`${BASE}/${id}/projects/`, { signal });
}

/** Starts a background run; without `projects` every mirrored project is synced. */
export function startSync(client: ApiClient, id: number, projects?: number[]): Promise<SyncRun> {
  return client.post<SyncRun>(`${BASE}/${id}/sync/`, projects && projects.length > 0 ? { projects } : {});
}

/** The remote's runs, newest first. */
export function listRuns(client: ApiClient, id: number, signal?: AbortSignal): Promise<SyncRun[]> {
  return client.get<SyncRun[]>(`${BASE}/${id}/runs/`, { signal });
}

export function cancelRun(client: ApiClient, id: number, runId: number): Promise<SyncRun> {
  return client.post<SyncRun>(`${BASE}/${id}/runs/${runId}/cancel/`, {});
}
