import type { SyncContext } from '../syncTypes.js';

/*
 * Label Studio's task list leaves out some of what its export holds: drafts of every author (the
 * list shows only the caller's own), the prediction snapshot kept on each annotation, and the
 * annotations' unique_id. The pull reads them from the remote's own JSON export of the same
 * tasks (`ids[]`), one request per page of tasks.
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

interface ExportedTask {
  id: number;
  drafts?: RemoteDraft[];
  annotations?: ({ id: number } & RemoteAnnotationExtras)[];
}

/** Ids a request names: 100 keep the URL near 2 kB. */
const IDS_A_REQUEST = 100;

/** The extras of these remote tasks, by remote task id. Tasks the export leaves out are absent. */
export async function fetchTaskExtras(
  ctx: SyncContext,
  remoteProjectId: number,
  remoteTaskIds: readonly number[],
): Promise<Map<number, RemoteTaskExtras>> {
  const extras = new Map<number, RemoteTaskExtras>();
  for (let start = 0; start < remoteTaskIds.length; start += IDS_A_REQUEST) {
    const ids = remoteTaskIds.slice(start, start + IDS_A_REQUEST);
    const tasks = await ctx.client.request<ExportedTask[]>('GET', `/api/projects/${remoteProjectId}/export`, {
      query: { exportType: 'JSON', download_all_tasks: 'true', download_resources: 'false', 'ids[]': ids },
      signal: ctx.signal,
    });
    if (!Array.isArray(tasks)) continue;
    for (const task of tasks) {
      if (typeof task?.id !== 'number') continue;
      extras.set(task.id, {
        drafts: Array.isArray(task.drafts) ? task.drafts.filter((draft) => typeof draft?.id === 'number') : [],
        annotations: new Map(
          (Array.isArray(task.annotations) ? task.annotations : []).map((annotation) => [annotation.id, annotation]),
        ),
      });
    }
  }
  return extras;
}

/** The remote user id at the end of a draft's created_username, or null. */
export function draftAuthorId(draft: RemoteDraft): number | null {
  const match = /, (\d+)$/.exec(draft.created_username ?? '');
  return match ? Number(match[1]) : null;
}
