import { expect } from 'vitest';
import { pullProject } from '../../electron/core/sync/pull/pullProject.js';
import { choice, createLocalSync, createRemoteProject, type LocalSync, type RemoteOutpost } from './syncRemote.js';

/*
 * Conflicts made the real way: a remote project pulled into an in-process local Outpost, edits
 * made through each side's own API (the local ones are journaled into the outbox as the app
 * does), then a second pull that meets them. One task per conflict, named by its text.
 */

export type ConflictKind =
  'edited_on_both_sides' | 'edited_here_deleted_there' | 'deleted_here_edited_there' | 'task_deleted_there';

export const MINE = choice('mine');
export const THEIRS = choice('theirs');
export const BASE = choice('base');

export interface ConflictScene {
  local: LocalSync;
  remoteProjectId: number;
  projectId: number;
  /** Remote task id by text. */
  remoteTasks: Record<string, number>;
  /** Local task id by text. */
  localTasks: Record<string, number>;
  /** Conflict id by text. */
  conflicts: Record<string, number>;
}

export interface LocalCall {
  <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export function localCall(local: LocalSync): LocalCall {
  return async <T>(method: string, path: string, body?: unknown) => {
    const response = await local.t.withToken(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/** The local annotation mirroring a remote one. */
export function mirrorOf(local: LocalSync, remoteAnnotationId: number): number {
  return local.t.db
    .prepare('SELECT annotation FROM remote_annotations WHERE remote_annotation_id = ? AND remote = ?')
    .pluck()
    .get(remoteAnnotationId, local.ctx.remoteId) as number;
}

/**
 * One task per entry of `plan` (text → kind), each with one remote annotation (BASE), pulled;
 * then for each the edits that make its kind, and a second pull that records them.
 */
export async function makeConflicts(
  remote: RemoteOutpost,
  plan: Record<string, ConflictKind>,
  existing?: LocalSync,
): Promise<ConflictScene> {
  const texts = Object.keys(plan);
  const { projectId: remoteProjectId, taskIds } = await createRemoteProject(remote, texts);
  const remoteTasks = Object.fromEntries(texts.map((text, index) => [text, taskIds[index]!]));
  const remoteAnnotations: Record<string, number> = {};
  for (const text of texts) {
    const posted = await remote.api<{ id: number }>('POST', `/api/tasks/${remoteTasks[text]}/annotations/`, {
      result: BASE,
    });
    remoteAnnotations[text] = posted.id;
  }
  const local = existing ?? (await createLocalSync(remote));
  const { projectId } = await pullProject(local.ctx, remoteProjectId);
  const call = localCall(local);
  const localTasks = Object.fromEntries(
    texts.map((text) => [
      text,
      local.t.db
        .prepare('SELECT task FROM remote_tasks WHERE remote_task_id = ? AND remote = ?')
        .pluck()
        .get(remoteTasks[text], local.ctx.remoteId) as number,
    ]),
  );

  for (const [text, kind] of Object.entries(plan)) {
    const remoteAnnotation = remoteAnnotations[text]!;
    const mirror = mirrorOf(local, remoteAnnotation);
    const ok = (answer: { status: number }) => expect(answer.status).toBeLessThan(300);
    if (kind === 'edited_on_both_sides') {
      ok(await call('PATCH', `/api/annotations/${mirror}/`, { result: MINE }));
      await remote.api('PATCH', `/api/annotations/${remoteAnnotation}/`, { result: THEIRS });
    } else if (kind === 'edited_here_deleted_there') {
      ok(await call('PATCH', `/api/annotations/${mirror}/`, { result: MINE }));
      await remote.api('DELETE', `/api/annotations/${remoteAnnotation}/`);
    } else if (kind === 'deleted_here_edited_there') {
      ok(await call('DELETE', `/api/annotations/${mirror}/`));
      await remote.api('PATCH', `/api/annotations/${remoteAnnotation}/`, { result: THEIRS });
    } else {
      ok(await call('POST', `/api/tasks/${localTasks[text]}/annotations/`, { result: MINE }));
      await remote.api('DELETE', `/api/tasks/${remoteTasks[text]}/`);
    }
  }

  const pulled = await pullProject(local.ctx, remoteProjectId);
  expect(pulled.conflicts).toBe(texts.length);
  const rows = local.t.db
    .prepare('SELECT id, task, kind FROM sync_conflicts WHERE project = ? AND resolved_at IS NULL')
    .all(projectId) as { id: number; task: number; kind: string }[];
  const conflicts: Record<string, number> = {};
  for (const text of texts) {
    const row = rows.find((candidate) => candidate.task === localTasks[text]);
    expect(row?.kind, text).toBe(plan[text]);
    conflicts[text] = row!.id;
  }
  return { local, remoteProjectId, projectId, remoteTasks, localTasks, conflicts };
}

interface WireTask {
  id: number;
  data: { text: string };
  annotations: { id: number; result: unknown; was_cancelled: boolean }[];
}

/** The remote project's annotation results by task text, sorted (tasks gone there are absent). */
export async function remoteResults(
  remote: RemoteOutpost,
  remoteProjectId: number,
): Promise<Record<string, unknown[]>> {
  const list = await remote.api<{ tasks: WireTask[] }>(
    'GET',
    `/api/tasks/?project=${remoteProjectId}&fields=all&page_size=1000`,
  );
  return Object.fromEntries(
    list.tasks.map((task) => [task.data.text, task.annotations.map((annotation) => annotation.result).sort(byJson)]),
  );
}

/** The same view of the local project. */
export async function localResults(local: LocalSync, projectId: number): Promise<Record<string, unknown[]>> {
  const { body } = await localCall(local)<{ tasks: WireTask[] }>(
    'GET',
    `/api/tasks/?project=${projectId}&fields=all&page_size=1000`,
  );
  return Object.fromEntries(
    body.tasks.map((task) => [task.data.text, task.annotations.map((annotation) => annotation.result).sort(byJson)]),
  );
}

function byJson(a: unknown, b: unknown): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}
