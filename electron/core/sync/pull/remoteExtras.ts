import { withRetry } from '../retry.js';
import type { SyncContext } from '../syncTypes.js';
import type { RemoteAnnotation } from './remoteTask.js';

/*
 * Label Studio's task list leaves out some of what its export holds: drafts of every author (the
 * list shows only the caller's own), the prediction snapshot kept on each annotation, and the
 * annotations' unique_id. The pull reads them from the remote's own JSON export of the same
 * tasks (`ids[]`), one request per page of tasks. A full pull takes the annotations themselves
 * from that export too (exportedTaskPages.ts).
 */

export interface RemoteDraft {
  id: number;
  /** `"<first> <last> <email>, <id>"`: the author's remote id is its last number. */
  created_username?: string;
  result?: unknown;
  lead_time?: number | null;
  was_postponed?: boolean;
  import_id?: number | null;
  created_at?: string;
  updated_at?: string;
  annotation?: number | null;
}

export interface RemoteAnnotationExtras {
  /** The prediction the annotation was made against, as the server copied it; `{}` when none. */
  prediction?: unknown;
  unique_id?: string;
}

export interface RemoteTaskExtras {
  drafts: RemoteDraft[];
  annotations: Map<number, RemoteAnnotationExtras>;
}

export interface ExportedTask {
  id: number;
  /** The base name of the upload the task came from; absent when none. */
  file_upload?: string | null;
  drafts?: RemoteDraft[];
  annotations?: (RemoteAnnotation & RemoteAnnotationExtras)[];
  /** Label Studio's export names them by id only. */
  predictions?: unknown[];
}

/**
 * Ids a request names: 250 keep the URL under 4.5 kB, within what the web servers in front of
 * Label Studio read by default (nginx 8 kB; its uwsgi is set to 64 kB).
 */
const IDS_A_REQUEST = 250;

/** These remote tasks as the remote's JSON export has them. Tasks the export leaves out are absent. */
export async function fetchExportedTasks(
  ctx: SyncContext,
  remoteProjectId: number,
  remoteTaskIds: readonly number[],
): Promise<ExportedTask[]> {
  const exported: ExportedTask[] = [];
  for (let start = 0; start < remoteTaskIds.length; start += IDS_A_REQUEST) {
    const ids = remoteTaskIds.slice(start, start + IDS_A_REQUEST);
    const tasks = await withRetry(
      () =>
        ctx.client.request<ExportedTask[]>('GET', `/api/projects/${remoteProjectId}/export`, {
          query: { exportType: 'JSON', download_all_tasks: 'true', download_resources: 'false', 'ids[]': ids },
          signal: ctx.signal,
        }),
      { signal: ctx.signal },
    );
    if (!Array.isArray(tasks)) continue;
    exported.push(...tasks.filter((task) => typeof task?.id === 'number'));
  }
  return exported;
}

/** What an exported task adds to the task list's. */
export function extrasOf(task: ExportedTask): RemoteTaskExtras {
  return {
    drafts: Array.isArray(task.drafts) ? task.drafts.filter((draft) => typeof draft?.id === 'number') : [],
    annotations: new Map(
      (Array.isArray(task.annotations) ? task.annotations : []).map((annotation) => [annotation.id, annotation]),
    ),
  };
}

/** The extras of these remote tasks, by remote task id. Tasks the export leaves out are absent. */
export async function fetchTaskExtras(
  ctx: SyncContext,
  remoteProjectId: number,
  remoteTaskIds: readonly number[],
): Promise<Map<number, RemoteTaskExtras>> {
  const exported = await fetchExportedTasks(ctx, remoteProjectId, remoteTaskIds);
  return new Map(exported.map((task) => [task.id, extrasOf(task)]));
}

/** The remote user id at the end of a draft's created_username, or null. */
export function draftAuthorId(draft: RemoteDraft): number | null {
  const match = /, (\d+)$/.exec(draft.created_username ?? '');
  return match ? Number(match[1]) : null;
}
