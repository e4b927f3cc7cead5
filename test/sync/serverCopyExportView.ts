import { expect } from 'vitest';
import { canonicalJson } from '../../electron/core/sync/conflict.js';
import type { SyncTestRemote } from '../helpers/syncRemote.js';

/*
 * How the server-to-server tests compare two projects: each read back through its JSON export,
 * task by task, with ids and times left out, users named by email and uploaded files by the name
 * they were given (serverCopyFixtures.ts seeds and copies them).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An uploaded file's URL, reduced to the name it was given (every server's random prefixes dropped). */
export function uploadName(url: string): string {
  let name = decodeURIComponent(url.split('/').pop()!);
  while (/^[0-9a-f]{8}-/.test(name)) name = name.slice(9);
  return `upload:${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

const isUpload = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/data/upload/');

export interface ExportView {
  /** By the task's data, normalized: its annotations and predictions as comparable values. */
  tasks: Record<string, Json>;
  /** Uploaded file URLs by their normalized name. */
  files: Map<string, string>;
}

const DROPPED = new Set([
  'id',
  'task',
  'project',
  'created_at',
  'updated_at',
  'draft_created_at',
  // "0 minutes" on the target, "1 minute" on the source when the copy took more than a minute.
  'created_ago',
  'unique_id',
  'inner_id',
]);
const USER_FIELDS = new Set(['completed_by', 'updated_by', 'last_created_by']);
const byJson = (items: Json[]) => [...items].sort((a, b) => canonicalJson(a).localeCompare(canonicalJson(b)));

/** One exported object without ids and times, users named by email (`who` maps the ids). */
function plain(value: Record<string, Json>, who: (id: number) => string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED.has(key) || key === 'prediction' || key.startsWith('parent_')) continue;
    out[key] = USER_FIELDS.has(key) && typeof item === 'number' ? who(item) : item;
  }
  return out;
}

/** A project's JSON export as comparable values (see ExportView). */
export async function exportView(remote: SyncTestRemote, project: number): Promise<ExportView> {
  const users = await remote.api<{ id: number; email: string }[] | { results: { id: number; email: string }[] }>(
    'GET',
    '/api/users/',
  );
  const emails = new Map((Array.isArray(users) ? users : users.results).map((user) => [user.id, user.email]));
  const who = (id: number) => emails.get(id) ?? `#${id}`;
  const tasks = await remote.api<Record<string, Json>[]>(
    'GET',
    `/api/projects/${project}/export?exportType=JSON&download_all_tasks=true`,
  );
  const view: ExportView = { tasks: {}, files: new Map() };
  for (const task of tasks) {
    const data = { ...(task.data as Record<string, Json>) };
    for (const [key, value] of Object.entries(data)) {
      if (isUpload(value)) {
        view.files.set(uploadName(value), value);
        data[key] = uploadName(value);
      }
    }
    const meta = { ...((task.meta as Record<string, Json> | null) ?? {}) };
    const key = canonicalJson(data);
    expect(view.tasks[key], `task ${key} is in the export once`).toBeUndefined();
    const rest = plain(task, who);
    delete rest.data;
    delete rest.file_upload;
    view.tasks[key] = {
      ...rest,
      meta,
      annotations: byJson(((task.annotations as Record<string, Json>[]) ?? []).map((a) => plain(a, who))),
      predictions: byJson(
        await Promise.all(
          ((task.predictions as Json[]) ?? []).map(async (p) =>
            plain(
              // Label Studio's export names a task's predictions by id alone; ids differ between
              // servers, so each is read whole.
              typeof p === 'number'
                ? await remote.api<Record<string, Json>>('GET', `/api/predictions/${p}/`)
                : (p as Record<string, Json>),
              who,
            ),
          ),
        ),
      ),
      drafts: (task.drafts as Json) ?? [],
    };
  }
  return view;
}

/**
 * The source's view as the copy must be on the target: the known differences applied (the
 * marker left out of the target's side by the caller, authors the target lacks credited to
 * `tokenEmail`).
 */
export function expectedOnTarget(
  source: ExportView,
  targetEmails: ReadonlySet<string>,
  tokenEmail: string,
): Record<string, Json> {
  const mapUser = (value: Json) => (typeof value === 'string' && !targetEmails.has(value) ? tokenEmail : value);
  const out: Record<string, Json> = {};
  for (const [key, task] of Object.entries(source.tasks)) {
    const record = task as Record<string, Json>;
    const annotations = (record.annotations as Record<string, Json>[]).map((annotation) => {
      const mapped: Record<string, Json> = { ...annotation };
      for (const field of USER_FIELDS) if (field in mapped) mapped[field] = mapUser(mapped[field]!);
      if ('updated_by' in mapped) mapped.updated_by = null;
      if ('result_count' in mapped) mapped.result_count = 0;
      return mapped;
    });
    out[key] = { ...record, annotations: byJson(annotations) };
    if ('updated_by' in record) (out[key] as Record<string, Json>).updated_by = null;
  }
  return out;
}

/** The target's view with the copy's marker taken out of each task's meta. */
export function withoutMarkers(view: ExportView): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, task] of Object.entries(view.tasks)) {
    const record = task as Record<string, Json>;
    const meta = { ...(record.meta as Record<string, Json>) };
    expect(typeof meta.outpost_copy, `task ${key} carries its copy marker`).toBe('string');
    delete meta.outpost_copy;
    out[key] = { ...record, meta };
  }
  return out;
}

/** The bytes of a file the remote serves. */
export async function fileBytes(remote: SyncTestRemote, url: string): Promise<Buffer> {
  const response = await fetch(`${remote.url}${url}`, { headers: { Authorization: `Token ${remote.token}` } });
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
